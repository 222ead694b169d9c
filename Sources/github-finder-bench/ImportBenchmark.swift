import Foundation
import GitHubFinderCore
import GRDB

/// Importing a favorites file of 100,000 people with notes and tags, as the window's Import
/// Favorites… does it (read, check, merge into the database file), against the same rows
/// inserted by one prepared statement in one transaction: what SQLite itself needs.
enum ImportBenchmark {
    static let count = 100_000

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ghf-import-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = URL(string: "https://api.github.com")!
        let people = SyntheticFavorites.make(count: count).enumerated().map { n, favorite in
            var favorite = favorite
            // About one in three with a note, one in two with tags: a well-kept list.
            favorite.notes = FavoriteNotes(note: n % 3 == 0 ? "Met at GUADEC \(2000 + n % 25); maintains the \(favorite.login) packages" : nil,
                                           tags: n % 2 == 0 ? ["gnome", n % 4 == 0 ? "rust" : "swift", "team-\(n % 40)"] : [])
            return favorite
        }
        let file = folder.appendingPathComponent("favorites.json")
        try FavoritesArchive(server: server, people: people, repositories: []).write(to: file)

        var run = 0
        var imported = 0
        let ours = try BenchmarkHarness.measure(iterations: 3, warmup: 0) {
            run += 1
            let database = try AppDatabase.open(at: folder.appendingPathComponent("ours-\(run).sqlite"))
            let summary = try database.importArchive(FavoritesArchive.read(from: file, into: server))
            imported = summary.people.added
            let tagged = try database.writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM favorite WHERE tags IS NOT NULL") ?? 0 }
            guard imported == count, try database.favoriteIDs(of: People.self).count == count, tagged == count / 2 else {
                fatalError("the import must add every favorite with its tags (added \(imported), tagged \(tagged))")
            }
        }
        let bare = try BenchmarkHarness.measure(iterations: 3, warmup: 0) {
            run += 1
            let queue = try DatabaseQueue(path: folder.appendingPathComponent("bare-\(run).sqlite").path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL") }
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE favorite (id INTEGER PRIMARY KEY, login TEXT NOT NULL, name TEXT, avatarURL TEXT, type TEXT NOT NULL, profileURL TEXT, addedAt DATETIME NOT NULL, note TEXT, tags TEXT)")
                let insert = try db.makeStatement(sql: "INSERT INTO favorite VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
                for person in people {
                    try insert.execute(arguments: [person.id, person.login, person.name, person.avatarURL?.absoluteString, person.type.rawValue,
                                                   person.profileURL?.absoluteString, person.addedAt.timeIntervalSince1970, person.notes.note,
                                                   person.notes.tags.isEmpty ? nil : person.notes.tags.joined(separator: "\n")])
                }
            }
        }
        BenchmarkHarness.emit(name: "favorites.import.100k-with-notes", ours, baseline: "sqlite.insert.100k-one-transaction", ratio: ours.p50 / bare.p50,
                              budget: .p50Below(5_000))
    }
}
