import Foundation
import GRDB
import Logging

/// The live favorites store of one kind: `AppDatabase` writes, GRDB `ValueObservation` for every
/// screen. Both kinds live in the same database.
public struct GRDBFavoritesStore<Kind: FavoriteKind>: FavoritesStore {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func add(_ favorite: Kind.Favorite, outbox: StarOutboxUpdate) throws(FavoritesStoreError) {
        try database.save(favorite, outbox: outbox)
    }

    public func addNew(_ favorites: [Kind.Favorite]) throws(FavoritesStoreError) -> Int {
        try database.addNew(favorites)
    }

    @discardableResult
    public func remove(id: Int64, outbox: StarOutboxUpdate) throws(FavoritesStoreError) -> Kind.Favorite? {
        try database.delete(Kind.self, id: id, outbox: outbox)
    }

    public func favorites() throws(FavoritesStoreError) -> [Kind.Favorite] {
        try database.favorites(of: Kind.self)
    }

    public func favoriteIDs() throws(FavoritesStoreError) -> Set<Int64> {
        try database.favoriteIDs(of: Kind.self)
    }

    public func observeFavoriteIDs() -> AsyncStream<Set<Int64>> {
        database.stream(ValueObservation.tracking { db in try AppDatabase.fetchFavoriteIDs(db, of: Kind.self) })
    }

    public func observeIndex() -> AsyncStream<FavoritesIndex<Kind>> {
        // The region is given: the index is read by stepping statements by hand, which GRDB's
        // automatic region recording does not see.
        database.stream(ValueObservation.tracking(region: Table(Kind.table)) { [database] db in try database.fetchFavoritesIndex(db, of: Kind.self) })
    }
}

extension GRDBFavoritesStore: PersonFavoritesStore where Kind == People {
    public func updateName(_ name: String, ofFavorite id: UserID) throws(FavoritesStoreError) {
        try database.updateFavoriteName(name, id: id)
    }

    public func recordProfile(_ profile: UserProfile) throws(FavoritesStoreError) -> ProfileChanges? {
        try database.recordFavoriteProfile(profile)
    }
}

extension AppDatabase {
    /// Bridges an observation to an `AsyncStream` that ends the observation when dropped.
    /// Read errors end the stream after logging; the last good value stays on screen.
    func stream<Value: Sendable>(_ observation: ValueObservation<ValueReducers.Fetch<Value>>) -> AsyncStream<Value> {
        AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let cancellable = observation.start(
                in: writer,
                scheduling: .async(onQueue: DispatchQueue(label: "GitHubFinder.Favorites.observation")),
                onError: { error in
                    Logger(label: "GitHubFinder.Favorites").error("favorites observation failed", metadata: ["error": "\(error)"])
                    continuation.finish()
                },
                onChange: { continuation.yield($0) }
            )
            continuation.onTermination = { _ in cancellable.cancel() }
        }
    }
}
