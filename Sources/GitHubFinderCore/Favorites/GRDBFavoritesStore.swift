import Foundation
import GRDB
import Logging

/// The live favorites store: `AppDatabase` writes, GRDB `ValueObservation` for every screen.
public struct GRDBFavoritesStore: FavoritesStore {
    public let database: AppDatabase
    private let logger = Logger(label: "GitHubFinder.Favorites")

    public init(database: AppDatabase) {
        self.database = database
    }

    public func add(_ favorite: Favorite) throws(FavoritesStoreError) {
        try database.saveFavorite(favorite)
    }

    public func addNew(_ favorites: [Favorite]) throws(FavoritesStoreError) -> Int {
        try database.addNewFavorites(favorites)
    }

    public func updateName(_ name: String, ofFavorite id: UserID) throws(FavoritesStoreError) {
        try database.updateFavoriteName(name, id: id)
    }

    public func recordProfile(_ profile: UserProfile) throws(FavoritesStoreError) -> ProfileChanges? {
        try database.recordFavoriteProfile(profile)
    }

    @discardableResult
    public func remove(id: UserID) throws(FavoritesStoreError) -> Favorite? {
        try database.deleteFavorite(id: id)
    }

    public func favorites() throws(FavoritesStoreError) -> [Favorite] {
        try database.favorites()
    }

    public func observeFavoritesIndex() -> AsyncStream<FavoritesIndex> {
        // The region is given: the index is read by stepping a statement by hand, which GRDB's
        // automatic region recording does not see.
        stream(ValueObservation.tracking(region: Table(Favorite.databaseTableName), fetch: database.fetchFavoritesIndex))
    }

    public func observeFavoriteIDs() -> AsyncStream<Set<UserID>> {
        stream(ValueObservation.tracking { db in try Set(UserID.fetchAll(db, sql: "SELECT id FROM favorite")) })
    }

    /// Bridges an observation to an `AsyncStream` that ends the observation when dropped.
    /// Read errors end the stream after logging; the last good value stays on screen.
    func stream<Value: Sendable>(_ observation: ValueObservation<ValueReducers.Fetch<Value>>) -> AsyncStream<Value> {
        let logger = logger
        return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let cancellable = observation.start(
                in: database.writer,
                scheduling: .async(onQueue: DispatchQueue(label: "GitHubFinder.Favorites.observation")),
                onError: { error in
                    logger.error("favorites observation failed", metadata: ["error": "\(error)"])
                    continuation.finish()
                },
                onChange: { continuation.yield($0) }
            )
            continuation.onTermination = { _ in cancellable.cancel() }
        }
    }
}
