import Foundation
import GitHubFinderCore
import GRDB

/// 100,000 favorites in a real SQLite file: filter per keystroke, opening the tab, star/unstar
/// committed to disk (synchronous = FULL), and resident memory.
enum FavoritesBenchmark {
    static let count = 100_000

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ghf-bench-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try AppDatabase.open(at: folder.appendingPathComponent("favorites.sqlite"))
        try database.writer.write { db in
            for favorite in syntheticFavorites() { try favorite.insert(db) }
        }

        var index = FavoritesIndex([])
        let open = try BenchmarkHarness.measure(iterations: 20, warmup: 2) {
            index = FavoritesIndex(try database.favorites())
            _ = index.rows(matching: "")
        }
        BenchmarkHarness.emit(name: "favorites.open-tab.100k", open)

        // A person typing filters: every prefix of a few words, as each keystroke arrives.
        let words = ["octocat", "tom", "anna", "kim", "dev", "zz", "bytecode", "sun-li", "x"]
        let keystrokes = words.flatMap { word in (1...word.count).map { String(word.prefix($0)) } }
        var rows = 0
        var sample = BenchmarkHarness.Sample(p50: 0, p99: 0)
        sample = BenchmarkHarness.measure(iterations: 1_000, warmup: 20) {
            rows &+= index.rows(matching: keystrokes[rows % keystrokes.count]).count
        }
        BenchmarkHarness.emit(name: "favorites.group-filter.100k.per-keystroke", sample, budget: "p99 < 8 ms")

        var toggle = 0
        let star = try BenchmarkHarness.measure(iterations: 400, warmup: 10) {
            let favorite = Favorite(id: UserID(10_000_000 + toggle / 2), login: "bench-\(toggle / 2)")
            if toggle % 2 == 0 { try database.saveFavorite(favorite) } else { try database.deleteFavorite(id: favorite.id) }
            toggle += 1
        }
        BenchmarkHarness.emit(name: "favorites.star-unstar.committed.100k", star, budget: "p99 < 5 ms")
        BenchmarkHarness.emit(name: "favorites.resident-memory.100k", unit: "MB", nil, value: residentMegabytes())
        withExtendedLifetime(index) {}
    }

    /// Deterministic, varied logins and names (letters, digits, accents, CJK).
    static func syntheticFavorites() -> [Favorite] {
        let syllables = ["oct", "cat", "tom", "an", "na", "kim", "dev", "byte", "code", "sun", "li", "zo", "ë", "ra", "9", "x", "山"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(syllables.count))
        }
        return (0..<count).map { n in
            let login = (0..<3).map { _ in syllables[next()] }.joined() + String(n)
            return Favorite(id: UserID(n + 1), login: login, name: n % 3 == 0 ? nil : "Name \(syllables[next()]) \(n)", addedAt: Date(timeIntervalSince1970: 1_700_000_000))
        }
    }

    /// VmRSS of this process in MB.
    static func residentMegabytes() -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        return kilobytes / 1024
    }
}
