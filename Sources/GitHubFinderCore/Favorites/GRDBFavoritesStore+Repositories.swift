import Foundation
import GRDB

extension GRDBFavoritesStore: RepositoryFavoritesStore {
    public func add(_ favorite: RepositoryFavorite, outbox: StarOutboxUpdate) throws(FavoritesStoreError) {
        try database.saveRepositoryFavorite(favorite, outbox: outbox)
    }

    @discardableResult
    public func remove(repositoryID id: Int64, outbox: StarOutboxUpdate) throws(FavoritesStoreError) -> RepositoryFavorite? {
        try database.deleteRepositoryFavorite(id: id, outbox: outbox)
    }

    public func repositoryFavoriteIDs() throws(FavoritesStoreError) -> Set<Int64> {
        try database.repositoryFavoriteIDs()
    }

    public func repositoryFavorites() throws(FavoritesStoreError) -> [RepositoryFavorite] {
        try database.repositoryFavorites()
    }

    public func observeRepositoryFavoriteIDs() -> AsyncStream<Set<Int64>> {
        stream(ValueObservation.tracking(AppDatabase.fetchRepositoryFavoriteIDs))
    }

    public func observeRepositoryFavoritesIndex() -> AsyncStream<RepositoryFavoritesIndex> {
        // The region is given: the index is read by stepping statements by hand, which GRDB's
        // automatic region recording does not see.
        stream(ValueObservation.tracking(region: Table(RepositoryFavorite.databaseTableName), fetch: database.fetchRepositoryFavoritesIndex))
    }

    @discardableResult
    public func enqueueStarChange(_ change: StarChange) throws(FavoritesStoreError) -> StarChange {
        try database.enqueueStarChange(change)
    }

    public func pendingStarChanges() throws(FavoritesStoreError) -> [StarChange] {
        try database.pendingStarChanges()
    }

    public func removeStarChange(id: Int64) throws(FavoritesStoreError) {
        try database.deleteStarChange(id: id)
    }
}
