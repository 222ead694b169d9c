import Foundation
import GRDB

extension AppDatabase {
    /// Queues a star change for GitHub. A pending change for the same repository is dropped: only
    /// the newest counts, and it goes to the end of the queue. Returns the change with its id.
    @discardableResult
    public func enqueueStarChange(_ change: StarChange) throws(FavoritesStoreError) -> StarChange {
        try write { db in try Self.enqueue(change, db) }
    }

    static func enqueue(_ change: StarChange, _ db: Database) throws -> StarChange {
        try StarChange.filter(StarChange.Columns.repositoryID == change.repositoryID).deleteAll(db)
        var change = change
        change.id = nil
        try change.insert(db)
        return change
    }

    /// Applies a star's outbox update inside the star's own transaction.
    static func apply(_ update: StarOutboxUpdate, repositoryID: Int64, _ db: Database) throws {
        switch update {
        case .unchanged: break
        case .enqueue(let change): _ = try enqueue(change, db)
        case .dropPending: try StarChange.filter(StarChange.Columns.repositoryID == repositoryID).deleteAll(db)
        }
    }

    /// The changes still to send, oldest first.
    public func pendingStarChanges() throws(FavoritesStoreError) -> [StarChange] {
        try read { db in try StarChange.order(StarChange.Columns.id).fetchAll(db) }
    }

    /// Takes a change off the queue once GitHub has it (or refused it). A change already
    /// replaced by a newer one is gone already; the newer one stays.
    public func deleteStarChange(id: Int64) throws(FavoritesStoreError) {
        try write { db in _ = try StarChange.deleteOne(db, key: id) }
    }
}
