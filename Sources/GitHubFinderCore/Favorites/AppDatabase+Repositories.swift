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

    // MARK: Writes

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
}
