import Foundation

/// The favorites service the view models use. `GRDBFavoritesStore` is the live one.
public protocol FavoritesStore: Sendable {
    /// Stars `favorite` (or refreshes its snapshot). Durable once it returns.
    func add(_ favorite: Favorite) throws(FavoritesStoreError)
    /// Stars those of `favorites` not starred yet (the others keep their snapshot and date), all
    /// or none; returns how many were added. Durable once it returns.
    func addNew(_ favorites: [Favorite]) throws(FavoritesStoreError) -> Int
    /// Sets the display name of a favorite's snapshot, if it is still a favorite (never re-stars).
    func updateName(_ name: String, ofFavorite id: UserID) throws(FavoritesStoreError)
    /// Unstars; returns the removed snapshot for Undo.
    @discardableResult
    func remove(id: UserID) throws(FavoritesStoreError) -> Favorite?
    /// Every favorite now, logins ascending.
    func favorites() throws(FavoritesStoreError) -> [Favorite]
    /// Every favorite grouped and ready to filter, now and after each change: what the Favorites
    /// tab shows. Built where the store reads, never on the main thread.
    func observeFavoritesIndex() -> AsyncStream<FavoritesIndex>
    /// The starred ids now, then again after each change: what row stars follow.
    func observeFavoriteIDs() -> AsyncStream<Set<UserID>>
    /// Records a favorite's profile as seen (the first one as its baseline) and returns what
    /// changed since the baseline; nil when the user is not a favorite.
    func recordProfile(_ profile: UserProfile) throws(FavoritesStoreError) -> ProfileChanges?
}

extension FavoritesStore {
    /// Stores that keep no profiles (test fakes) know of no changes.
    public func recordProfile(_ profile: UserProfile) throws(FavoritesStoreError) -> ProfileChanges? { nil }

    /// One at a time, for stores without a transaction of their own (test fakes).
    public func addNew(_ favorites: [Favorite]) throws(FavoritesStoreError) -> Int {
        let starred = Set(try self.favorites().map(\.id))
        var added = 0
        for favorite in favorites where !starred.contains(favorite.id) {
            try add(favorite)
            added += 1
        }
        return added
    }
}
