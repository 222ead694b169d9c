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
            try db.create(table: Favorite.databaseTableName) { table in
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
        return migrator
    }

    // MARK: Writes

    /// Stars a user, or refreshes the snapshot of one already starred. A stale favorite holding
    /// the same login (the account was renamed and the name reused) is replaced. The note and
    /// tags stay as they are unless `favorite` carries some (an Undo putting them back).
    public func saveFavorite(_ favorite: Favorite) throws(FavoritesStoreError) {
        try write { db in
            try Favorite.filter(sql: "login = ? COLLATE NOCASE AND id <> ?", arguments: [favorite.login, favorite.id]).deleteAll(db)
            try favorite.upsert(db)
            if !favorite.notes.isEmpty { _ = try Self.setNotes(favorite.notes, table: Favorite.databaseTableName, id: favorite.id, db) }
        }
    }

    /// Stars each of `favorites` that is not a favorite yet, in one transaction; those already
    /// starred keep their snapshot and date. A stale favorite holding a new one's login (renamed
    /// account) is replaced, as in `saveFavorite`. Returns how many were added.
    public func addNewFavorites(_ favorites: [Favorite]) throws(FavoritesStoreError) -> Int {
        guard !favorites.isEmpty else { return 0 }
        return try write { db in
            var added = 0
            for favorite in favorites where try !Favorite.exists(db, id: favorite.id) {
                try Favorite.filter(sql: "login = ? COLLATE NOCASE", arguments: [favorite.login]).deleteAll(db)
                try favorite.insert(db)
                added += 1
            }
            return added
        }
    }

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

    /// Unstars a user; returns the snapshot that was removed, so Undo can put it back.
    @discardableResult
    public func deleteFavorite(id: UserID) throws(FavoritesStoreError) -> Favorite? {
        try write { db in try Self.delete(Favorite.self, id: id, db) }
    }

    /// Deletes the record with `id`; returns it as it was (for Undo), nil when there was none.
    static func delete<Record: FetchableRecord & TableRecord>(_ type: Record.Type, id: Int64, _ db: Database) throws -> Record? {
        let existing = try Record.fetchOne(db, key: id)
        try Record.deleteOne(db, key: id)
        return existing
    }

    /// Unstars several users at once.
    public func deleteFavorites(ids: [UserID]) throws(FavoritesStoreError) {
        try write { db in _ = try Favorite.deleteAll(db, keys: ids) }
    }

    // MARK: Reads

    /// Every favorite, logins ascending (case-insensitive).
    public func favorites() throws(FavoritesStoreError) -> [Favorite] {
        try read { db in try Favorite.order(sql: "login COLLATE NOCASE").fetchAll(db) }
    }

    /// The ids of every favorite, for star state elsewhere.
    public func favoriteIDs() throws(FavoritesStoreError) -> Set<UserID> {
        try read { db in try Set(UserID.fetchAll(db, sql: "SELECT id FROM favorite")) }
    }

    func write<T>(_ updates: (Database) throws -> T) throws(FavoritesStoreError) -> T {
        do { return try writer.write(updates) } catch { throw FavoritesStoreError.from(error, path: path) }
    }

    func read<T>(_ value: (Database) throws -> T) throws(FavoritesStoreError) -> T {
        do { return try writer.read(value) } catch { throw FavoritesStoreError.from(error, path: path) }
    }
}
