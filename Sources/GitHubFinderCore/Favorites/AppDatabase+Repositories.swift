import Foundation
import GRDB

extension AppDatabase {
    /// The "v2.repositoryFavorites" migration: starred repositories beside starred people, and the
    /// outbox of star changes still to send to GitHub.
    static func createRepositoryFavorites(_ db: Database) throws {
        try db.create(table: RepositoryFavorite.databaseTableName) { table in
            table.primaryKey("id", .integer)
            table.column("fullName", .text).notNull().check { length($0) > 0 }
            table.column("ownerLogin", .text).notNull()
            table.column("ownerID", .integer)
            table.column("name", .text).notNull().check { length($0) > 0 }
            table.column("description", .text)
            table.column("language", .text)
            table.column("stars", .integer).notNull().defaults(to: 0)
            table.column("ownerAvatarURL", .text)
            table.column("htmlURL", .text)
            table.column("addedAt", .datetime).notNull()
        }
        // GitHub names are unique regardless of case. The second index serves the sorted read.
        try db.execute(sql: "CREATE UNIQUE INDEX favorite_repository_on_fullName ON favorite_repository(fullName COLLATE NOCASE)")
        try db.execute(sql: "CREATE INDEX favorite_repository_on_name ON favorite_repository(name COLLATE NOCASE, ownerLogin COLLATE NOCASE)")
        try db.create(table: StarChange.databaseTableName) { table in
            // AUTOINCREMENT: ids never reused, so the outbox order is the order of enqueueing.
            table.autoIncrementedPrimaryKey("id")
            // One pending change per repository: a newer one replaces it.
            table.column("repositoryID", .integer).notNull().unique()
            table.column("fullName", .text).notNull()
            table.column("action", .text).notNull().check { [StarChange.Action.star.rawValue, StarChange.Action.unstar.rawValue].contains($0) }
            table.column("enqueuedAt", .datetime).notNull()
        }
    }

    /// The order the Favorites tab lists repositories in: name, then owner, ignoring case.
    static let repositoryFavoritesOrder = "name COLLATE NOCASE, ownerLogin COLLATE NOCASE"

    // MARK: Writes

    /// Stars a repository, or refreshes the snapshot of one already starred. A stale favorite
    /// holding the same full name (renamed or transferred, and the name reused) is replaced.
    /// Stars a repository, and updates the outbox in the same transaction.
    public func saveRepositoryFavorite(_ favorite: RepositoryFavorite, outbox: StarOutboxUpdate = .unchanged) throws(FavoritesStoreError) {
        try write { db in
            try Self.save(favorite, db)
            try Self.apply(outbox, repositoryID: favorite.id, db)
        }
    }

    private static func save(_ favorite: RepositoryFavorite, _ db: Database) throws {
        try RepositoryFavorite.filter(sql: "fullName = ? COLLATE NOCASE AND id <> ?", arguments: [favorite.fullName, favorite.id]).deleteAll(db)
        try favorite.upsert(db)
        if !favorite.notes.isEmpty { _ = try setNotes(favorite.notes, table: RepositoryFavorite.databaseTableName, id: favorite.id, db) }
    }

    /// Unstars a repository; returns the snapshot that was removed, so Undo can put it back.
    @discardableResult
    public func deleteRepositoryFavorite(id: Int64, outbox: StarOutboxUpdate = .unchanged) throws(FavoritesStoreError) -> RepositoryFavorite? {
        try write { db in
            let removed = try Self.delete(RepositoryFavorite.self, id: id, db)
            var outbox = outbox
            // The request names the repository as it was starred.
            if case .enqueue(var change) = outbox, let removed {
                change.fullName = removed.fullName
                outbox = .enqueue(change)
            }
            try Self.apply(outbox, repositoryID: id, db)
            return removed
        }
    }

    /// Makes the starred repositories exactly `favorites` (GitHub's stars, in a sync), in one
    /// transaction: missing ones are added, changed snapshots refreshed (keeping when each was
    /// added), the rest removed. Writes nothing when they already match; returns whether
    /// anything changed.
    @discardableResult
    public func replaceRepositoryFavorites(with favorites: [RepositoryFavorite]) throws(FavoritesStoreError) -> Bool {
        try write { db in try Self.replaceRepositoryFavorites(with: favorites, db) }
    }

    /// The same inside a transaction already open (a sync's merge).
    static func replaceRepositoryFavorites(with favorites: [RepositoryFavorite], _ db: Database) throws -> Bool {
        let existing = Dictionary(try RepositoryFavorite.fetchAll(db).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let kept = Set(favorites.map(\.id))
        let removed = existing.keys.filter { !kept.contains($0) }
        try RepositoryFavorite.deleteAll(db, keys: removed)
        var changed = !removed.isEmpty
        for var favorite in favorites {
            if let old = existing[favorite.id] {
                favorite.addedAt = old.addedAt
                favorite.notes = old.notes
            }
            guard existing[favorite.id] != favorite else { continue }
            try Self.save(favorite, db)
            changed = true
        }
        return changed
    }

    // MARK: Reads

    /// Every starred repository, by name then owner (case-insensitive).
    public func repositoryFavorites() throws(FavoritesStoreError) -> [RepositoryFavorite] {
        try read { db in try RepositoryFavorite.order(sql: Self.repositoryFavoritesOrder).fetchAll(db) }
    }

    /// The ids of every starred repository, for star state elsewhere.
    public func repositoryFavoriteIDs() throws(FavoritesStoreError) -> Set<Int64> {
        try read(Self.fetchRepositoryFavoriteIDs)
    }

    static func fetchRepositoryFavoriteIDs(_ db: Database) throws -> Set<Int64> {
        try Set(Int64.fetchAll(db, sql: "SELECT id FROM favorite_repository"))
    }
}
