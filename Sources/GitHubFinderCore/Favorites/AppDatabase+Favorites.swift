import Foundation
import GRDB

/// Stars, unstars and reads of favorites of any kind (`FavoriteKind`), each a transaction.
extension AppDatabase {
    // MARK: Writes

    /// Stars a favorite, or refreshes the snapshot of one already starred, and updates the outbox
    /// in the same transaction. A stale favorite holding the same unique name (the account or
    /// repository was renamed and the name reused) is replaced. The note and tags stay as they
    /// are unless `favorite` carries some (an Undo putting them back).
    public func save<Favorite: FavoriteSnapshot>(_ favorite: Favorite, outbox: StarOutboxUpdate = .unchanged) throws(FavoritesStoreError) {
        try write { db in
            try Self.save(favorite, db)
            try Self.apply(outbox, of: Favorite.Kind.self, id: favorite.id, db)
        }
    }

    /// The same inside a transaction already open (a sync's merge).
    static func save<Favorite: FavoriteSnapshot>(_ favorite: Favorite, _ db: Database) throws {
        let kind = Favorite.Kind.self
        try db.cachedStatement(sql: "DELETE FROM \(kind.table) WHERE \(kind.uniqueNameColumn) = ? COLLATE NOCASE AND id <> ?")
            .execute(arguments: [kind.name(of: favorite), favorite.id])
        try favorite.upsert(db)
        if !favorite.notes.isEmpty { _ = try setNotes(favorite.notes, table: kind.table, id: favorite.id, db) }
    }

    /// Stars each of `favorites` that is not a favorite yet, in one transaction; those already
    /// starred keep their snapshot and date. A stale favorite holding a new one's unique name is
    /// replaced, as in `save`. Returns how many were added. The outbox is left as it is: for a
    /// kind GitHub stars, the next star sync offers what was added here.
    public func addNew<Favorite: FavoriteSnapshot>(_ favorites: [Favorite]) throws(FavoritesStoreError) -> Int {
        guard !favorites.isEmpty else { return 0 }
        let kind = Favorite.Kind.self
        return try write { db in
            let stale = try db.cachedStatement(sql: "DELETE FROM \(kind.table) WHERE \(kind.uniqueNameColumn) = ? COLLATE NOCASE")
            var added = 0
            for favorite in favorites where try !Favorite.exists(db, id: favorite.id) {
                try stale.execute(arguments: [kind.name(of: favorite)])
                try favorite.insert(db)
                added += 1
            }
            return added
        }
    }

    /// Unstars favorite `id` of `kind` and updates the outbox in the same transaction; returns the
    /// snapshot that was removed, so Undo can put it back.
    @discardableResult
    public func delete<Kind: FavoriteKind>(_ kind: Kind.Type, id: Int64, outbox: StarOutboxUpdate = .unchanged) throws(FavoritesStoreError) -> Kind.Favorite? {
        try write { db in
            let removed = try Self.delete(Kind.Favorite.self, id: id, db)
            var outbox = outbox
            // The request names the favorite as it was starred.
            if case .enqueue(var change) = outbox, let removed {
                change.fullName = Kind.name(of: removed)
                outbox = .enqueue(change)
            }
            try Self.apply(outbox, of: kind, id: id, db)
            return removed
        }
    }

    /// Deletes the record with `id`; returns it as it was (for Undo), nil when there was none.
    static func delete<Record: FetchableRecord & TableRecord>(_ type: Record.Type, id: Int64, _ db: Database) throws -> Record? {
        let existing = try Record.fetchOne(db, key: id)
        try Record.deleteOne(db, key: id)
        return existing
    }

    /// Unstars several favorites of `kind` at once, the outbox left as it is (for a kind GitHub
    /// stars, the next sync stars them again here unless they are unstarred there too).
    public func delete<Kind: FavoriteKind>(_ kind: Kind.Type, ids: [Int64]) throws(FavoritesStoreError) {
        try write { db in _ = try Kind.Favorite.deleteAll(db, keys: ids) }
    }

    /// An outbox update only means something for a kind GitHub stars; another kind's is a
    /// programming error, caught in debug builds and ignored otherwise.
    private static func apply<Kind: FavoriteKind>(_ update: StarOutboxUpdate, of kind: Kind.Type, id: Int64, _ db: Database) throws {
        guard update != .unchanged else { return }
        guard Kind.starsOnGitHub else { return assertionFailure("\(Kind.self) are not starred on GitHub") }
        try apply(update, repositoryID: id, db)
    }

    // MARK: Reads

    /// Every favorite of `kind`, in the list's order (`FavoriteKind.order`).
    public func favorites<Kind: FavoriteKind>(of kind: Kind.Type) throws(FavoritesStoreError) -> [Kind.Favorite] {
        try read { db in try Kind.Favorite.order(sql: Kind.order).fetchAll(db) }
    }

    /// The ids of every favorite of `kind`, for star state elsewhere.
    public func favoriteIDs<Kind: FavoriteKind>(of kind: Kind.Type) throws(FavoritesStoreError) -> Set<Int64> {
        try read { db in try Self.fetchFavoriteIDs(db, of: kind) }
    }

    static func fetchFavoriteIDs<Kind: FavoriteKind>(_ db: Database, of kind: Kind.Type) throws -> Set<Int64> {
        try Set(Int64.fetchAll(db, sql: "SELECT id FROM \(Kind.table)"))
    }
}
