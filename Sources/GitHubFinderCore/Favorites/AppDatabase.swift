import Foundation
import GRDB

/// The favorites database, in the GRDB demo apps' `AppDatabase` style: it owns the writer,
/// migrates on open, and names its writes after their intent. Opening a file (checked read-only
/// first, a damaged one moved aside) is in `AppDatabase+Open.swift`.
public final class AppDatabase: Sendable {
    public let writer: any DatabaseWriter
    /// Shown in error messages; ":memory:" for in-memory databases.
    public let path: String
    /// Set when `open` found the file damaged, moved it aside and started a fresh one.
    public let recovery: FavoritesRecovery?
    /// Where built indexes are kept between sessions (`AppDatabase+IndexSnapshots.swift`); nil:
    /// every start builds them from SQLite.
    let indexSnapshots: IndexSnapshotFiles?

    /// SQL for a date given in seconds since 1970 (one `?`), as the text GRDB writes for a `Date`
    /// ("2026-11-26 08:22:00.000", UTC), made by SQLite rather than by a `DateFormatter`, which
    /// would load ICU's date data (1.5 MB resident) for one timestamp.
    static let storedDateSQL = "strftime('%Y-%m-%d %H:%M:%f', ?, 'unixepoch')"

    /// A fresh in-memory database, for tests and as the fallback when the file cannot be used.
    public static func inMemory() -> AppDatabase {
        // Migrating an empty in-memory database cannot fail.
        try! AppDatabase(DatabaseQueue(), path: ":memory:")
    }

    init(_ writer: any DatabaseWriter, path: String, recovery: FavoritesRecovery? = nil, indexSnapshots: IndexSnapshotFiles? = nil) throws {
        self.writer = writer
        self.path = path
        self.recovery = recovery
        self.indexSnapshots = indexSnapshots
        try Self.migrator.migrate(writer)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1.favorites") { db in
            try db.create(table: PersonFavorite.databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("login", .text).notNull().check { length($0) > 0 }
                table.column("name", .text)
                table.column("avatarURL", .text)
                table.column("type", .text).notNull()
                table.column("profileURL", .text)
                table.column("addedAt", .datetime).notNull()
            }
            // GitHub logins are unique regardless of case; the index also serves the sorted read.
            try db.execute(sql: "CREATE UNIQUE INDEX favorite_on_login ON favorite(login COLLATE NOCASE)")
        }
        migrator.registerMigration("v2.repositoryFavorites", migrate: createRepositoryFavorites)
        migrator.registerMigration("v3.starSync", migrate: createStarSync)
        migrator.registerMigration("v4.repositoryImports", migrate: createRepositoryImports)
        migrator.registerMigration("v5.profileBaselines", migrate: createProfileBaselines)
        migrator.registerMigration("v6.notesAndTags", migrate: createNotesAndTags)
        migrator.registerMigration("v7.searchHistory", migrate: SearchHistory.create)
        migrator.registerMigration("v8.unstarredNotes", migrate: createUnstarredNotes)
        migrator.registerMigration("v9.indexGenerations", migrate: createIndexGenerations)
        migrator.registerMigration("v10.favoriteReadmes", migrate: createFavoriteReadmes)
        migrator.registerMigration("v11.whatsNew", migrate: createNews)
        return migrator
    }

    // MARK: Writes

    /// Fills in (or corrects) the display name of a favorite's snapshot. Does nothing when the
    /// user is no longer a favorite: a late answer never stars anyone again. Returns whether a
    /// favorite was changed.
    @discardableResult
    public func updateFavoriteName(_ name: String, id: UserID) throws(FavoritesStoreError) -> Bool {
        try write { db in
            // An unchanged name writes nothing, so observers do not rebuild 100,000 rows for it.
            try db.execute(sql: "UPDATE favorite SET name = ? WHERE id = ? AND name IS NOT ?", arguments: [name, id, name])
            return db.changesCount > 0
        }
    }

    func write<T>(_ updates: (Database) throws -> T) throws(FavoritesStoreError) -> T {
        do { return try writer.write(updates) } catch { throw FavoritesStoreError.from(error, path: path) }
    }

    func read<T>(_ value: (Database) throws -> T) throws(FavoritesStoreError) -> T {
        do { return try writer.read(value) } catch { throw FavoritesStoreError.from(error, path: path) }
    }
}
