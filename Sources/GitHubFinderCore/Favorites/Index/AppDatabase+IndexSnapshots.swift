import Foundation
import GRDB

/// Built Favorites indexes kept between sessions (`IndexSnapshot`): opening the tab over 100,000
/// favorites reads one file back (about 15 ms) instead of stepping SQLite through every row and
/// sorting them again (about 95 ms, 2 cores at 2026's CI speed).
///
/// A snapshot is used only when it was built from exactly what the table holds now. Each table
/// has a generation in `indexGeneration`, set to a new random number by triggers on every insert,
/// update and delete — whoever writes (the app, `github-finder favorites`, an older snapshot
/// restored from a backup): a snapshot names the generation it was built at, and any other
/// generation builds the index from SQLite again.
extension AppDatabase {
    static func createIndexGenerations(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE indexGeneration(tableName TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL) WITHOUT ROWID")
        for table in [PersonFavorite.databaseTableName, RepositoryFavorite.databaseTableName] {
            try db.execute(sql: "INSERT INTO indexGeneration VALUES (?, random())", arguments: [table])
            for event in ["INSERT", "UPDATE", "DELETE"] {
                try db.execute(sql: """
                    CREATE TRIGGER \(table)_generation_after_\(event.lowercased()) AFTER \(event) ON \(table)
                    BEGIN UPDATE indexGeneration SET value = random() WHERE tableName = '\(table)'; END
                    """)
            }
        }
    }

    /// The index of `table`: its snapshot when one was saved at the table's current generation
    /// with this `layout`, else `build`'s (then saved, a while later). `db` is the read that
    /// `build` scans, so the generation read is the one the index is built from.
    func snapshotOrBuild<Extra: FavoriteExtra>(_ db: Database, table: String, layout: String, shape: LetterIndexShape,
                                                    build: (Database) throws -> LetterIndex<Extra>) throws -> LetterIndex<Extra> {
        guard let indexSnapshots,
              let generation = try Int64.fetchOne(db, sql: "SELECT value FROM indexGeneration WHERE tableName = ?", arguments: [table]) else {
            return try build(db)
        }
        // The app's version is part of the layout: how texts are stored and searched may change.
        let layout = "\(AppVersion.string) \(layout)"
        if let saved: LetterIndex<Extra> = indexSnapshots.read(table, generation: generation, layout: layout, shape: shape) { return saved }
        let index = try build(db)
        indexSnapshots.schedule(table, index: index, generation: generation, layout: layout)
        return index
    }

    /// Writes every index snapshot still waiting, in every database this process opened: the
    /// app calls it as it quits, so the next start finds this session's last change saved.
    public static func saveIndexSnapshots() {
        IndexSnapshotFiles.flushAll()
    }
}
