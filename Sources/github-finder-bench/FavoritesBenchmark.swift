import Foundation
import GitHubFinderCore
import GRDB
import GRDBSQLite

/// 100,000 favorites in a real SQLite file: opening the tab, filter per keystroke, star/unstar
/// committed to disk (synchronous = FULL), and the resident memory of a process holding them.
enum FavoritesBenchmark {
    static let count = 100_000

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ghf-bench-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("favorites.sqlite")
        let indexCache = folder.appendingPathComponent("favorites-index")
        let database = try AppDatabase.open(at: file, indexCache: indexCache)
        try database.writer.write { db in
            for favorite in SyntheticFavorites.make(count: count) { try favorite.insert(db) }
        }
        // The file as a session leaves it: SQLite checkpoints the WAL when the last connection
        // closes, so the next start reads the database file itself.
        try database.writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }

        // Opening the tab: the index (as the last session saved it, or built from SQLite), the
        // rows, and the first screenful drawn (a row asks for its snapshot when bound).
        var index = FavoritesIndex<People>()
        var drawn = 0
        func openTab(_ database: AppDatabase) throws {
            index = try database.favoritesIndex(of: People.self)
            let rows = index.rows(matching: "")
            drawn = 0
            for case .favorite(let id) in rows.prefix(40) where index.favorite(id) != nil { drawn += 1 }
        }
        // The first open after the favorites changed outside the app (or of a fresh install):
        // no saved index matches, so it is built from SQLite. Nothing is saved meanwhile.
        let rebuilt = try AppDatabase.open(at: file)
        let build = try BenchmarkHarness.measure(iterations: 20, warmup: 2) { try openTab(rebuilt) }
        guard index.count == count, drawn > 30 else { fatalError("the tab must hold \(count) favorites and draw its first rows") }
        // A session as users have it: the last one saved its index as it quit.
        try openTab(database)
        AppDatabase.saveIndexSnapshots()
        guard FileManager.default.fileExists(atPath: indexCache.appendingPathComponent("favorite.index").path) else { fatalError("no index was saved") }
        let open = try BenchmarkHarness.measure(iterations: 20, warmup: 2) { try openTab(database) }
        guard index.count == count, drawn > 30 else { fatalError("the tab must hold \(count) favorites and draw its first rows") }
        // The same-run anchor: SQLite stepping through the same rows and columns, no index built.
        // It says how fast this machine is today (one core's speed moves both figures alike).
        // The columns are those AppDatabase.buildFavoritesIndex reads (`indexColumns(of: People.self)`).
        var scanned = 0
        let bare = try BenchmarkHarness.measure(iterations: 20, warmup: 2) {
            scanned = try database.writer.read { db in
                let statement = try db.makeStatement(sql: "SELECT id, login, name, avatarURL, profileURL, addedAt, note, tags, type FROM favorite ORDER BY id")
                let handle = statement.sqliteStatement
                defer { sqlite3_reset(handle) }
                var rows = 0
                while sqlite3_step(handle) == SQLITE_ROW {
                    for column in 0..<Int32(9) { _ = sqlite3_column_text(handle, column) }
                    rows += 1
                }
                return rows
            }
        }
        guard scanned == count else { fatalError("the bare scan read \(scanned) rows, not \(count)") }
        BenchmarkHarness.emit(name: "favorites.open-tab.bare-sqlite-scan.100k", bare)
        BenchmarkHarness.emit(name: "favorites.open-tab.built-from-sqlite.100k", build, baseline: "favorites.open-tab.bare-sqlite-scan.100k",
                              ratio: build.p50 / bare.p50)
        BenchmarkHarness.emit(name: "favorites.open-tab.100k", open, baseline: "favorites.open-tab.bare-sqlite-scan.100k",
                              ratio: open.p50 / bare.p50, budget: .p50Below(70))

        try filter(index)

        var toggle = 0
        let star = try BenchmarkHarness.measure(iterations: 400, warmup: 10) {
            let favorite = PersonFavorite(id: UserID(10_000_000 + toggle / 2), login: "bench-\(toggle / 2)")
            if toggle % 2 == 0 { try database.save(favorite) } else { try database.delete(People.self, id: favorite.id) }
            toggle += 1
        }
        guard try database.favoriteIDs(of: People.self).count == count else { fatalError("star/unstar must leave the favorites as they were") }
        let synchronous = try database.writer.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        guard synchronous == 2 else { fatalError("star/unstar must be measured with synchronous = FULL") }
        BenchmarkHarness.emit(name: "favorites.star-unstar.committed.100k", star, budget: .p99Below(5))

        try FavoritesObservationBenchmark.run(database, favorites: count)

        let memory = try ResidentMemoryProbe.measure(file: file, expecting: count)
        BenchmarkHarness.emit(name: "favorites.resident-memory.fresh-process.before-load", unit: "MB", .init(single: memory.before))
        BenchmarkHarness.emit(name: "favorites.resident-memory.100k", unit: "MB", .init(single: memory.after),
                              baseline: "favorites.resident-memory.fresh-process.before-load", ratio: memory.after / memory.before, budget: .p50Below(100))
    }

    /// Typing "linus torvalds" letter by letter, then deleting it back to an empty filter (which
    /// shows all 100,000 again): each keystroke is the grouped, filtered rows the list is given.
    static func filter(_ index: FavoritesIndex<People>) throws {
        let phrase = "linus torvalds"
        let typed = (1...phrase.count).map { String(phrase.prefix($0)) }
        let keystrokes = typed + typed.reversed().dropFirst() + [""]
        // The work is real: early prefixes match, later ones do not, the empty one shows everyone.
        let counts = keystrokes.map { index.rows(matching: $0).count }
        guard counts[4] > 0, counts[keystrokes.firstIndex(of: "linus torv")!] > 0, counts[keystrokes.firstIndex(of: "linus torva")!] == 0,
              counts.last! == count + FavoritesIndexBenchmarkSections.count(in: index) else {
            fatalError("unexpected matches: \(zip(keystrokes, counts).map { "\($0)=\($1)" })")
        }
        var durations: [Double] = []
        let clock = ContinuousClock()
        var rows = 0
        for round in 0..<45 {
            for keystroke in keystrokes {
                let elapsed = clock.measure { rows &+= index.rows(matching: keystroke).count }
                if round > 0 { durations.append(BenchmarkHarness.milliseconds(elapsed)) }
            }
        }
        guard rows > 0 else { fatalError("no rows") }
        BenchmarkHarness.emit(name: "favorites.group-filter.100k.per-keystroke", BenchmarkHarness.sample(durations), budget: .p99Below(8))
    }
}

/// How many letter headers the unfiltered list has.
enum FavoritesIndexBenchmarkSections {
    static func count(in index: FavoritesIndex<People>) -> Int {
        index.rows(matching: "").reduce(0) { count, row in if case .header = row { count + 1 } else { count } }
    }
}
