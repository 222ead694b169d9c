import Foundation

/// Starred repositories and the outbox of star changes for GitHub, for the view models.
/// `GRDBFavoritesStore` is the live one (the same database as starred people).
public protocol RepositoryFavoritesStore: Sendable {
    /// Stars a repository (or refreshes its snapshot) and updates the outbox, in one
    /// transaction. Durable once it returns.
    func add(_ favorite: RepositoryFavorite, outbox: StarOutboxUpdate) throws(FavoritesStoreError)
    /// Unstars and updates the outbox, in one transaction; returns the removed snapshot for Undo.
    @discardableResult
    func remove(repositoryID id: Int64, outbox: StarOutboxUpdate) throws(FavoritesStoreError) -> RepositoryFavorite?
    /// The ids of every starred repository now.
    func repositoryFavoriteIDs() throws(FavoritesStoreError) -> Set<Int64>
    /// Every starred repository now, by name then owner.
    func repositoryFavorites() throws(FavoritesStoreError) -> [RepositoryFavorite]
    /// The starred ids now, then again after each change: what repository stars follow.
    func observeRepositoryFavoriteIDs() -> AsyncStream<Set<Int64>>
    /// Every starred repository grouped and ready to filter, now and after each change: what the
    /// Favorites tab shows. Built where the store reads, never on the main thread.
    func observeRepositoryFavoritesIndex() -> AsyncStream<RepositoryFavoritesIndex>

    /// Queues a star change for GitHub, replacing one still pending for the same repository.
    @discardableResult
    func enqueueStarChange(_ change: StarChange) throws(FavoritesStoreError) -> StarChange
    /// The changes still to send, oldest first.
    func pendingStarChanges() throws(FavoritesStoreError) -> [StarChange]
    /// Takes a sent (or refused) change off the queue.
    func removeStarChange(id: Int64) throws(FavoritesStoreError)
}

extension RepositoryFavoritesStore {
    /// Stars a repository with the outbox left as it is.
    public func add(_ favorite: RepositoryFavorite) throws(FavoritesStoreError) {
        try add(favorite, outbox: .unchanged)
    }

    /// Unstars with the outbox left as it is.
    @discardableResult
    public func remove(repositoryID id: Int64) throws(FavoritesStoreError) -> RepositoryFavorite? {
        try remove(repositoryID: id, outbox: .unchanged)
    }
}
