import Foundation

/// Favorites of one kind, for the view models; `GRDBFavoritesStore` is the live one. A star of a
/// kind GitHub also stars (`FavoriteKind.starsOnGitHub`) carries its outbox update, written in
/// the same transaction: a star GitHub must hear of never exists on disk without its request.
public protocol FavoritesStore<Kind>: Sendable {
    associatedtype Kind: FavoriteKind

    /// Stars `favorite`, or refreshes the snapshot of one already starred (its note and tags stay
    /// unless it carries some), and updates the outbox. Durable once it returns.
    func add(_ favorite: Kind.Favorite, outbox: StarOutboxUpdate) throws(FavoritesStoreError)
    /// Stars those of `favorites` not starred yet (the others keep their snapshot and date), all
    /// or none; returns how many were added. Durable once it returns. The outbox is left as it
    /// is (everyone you follow, added at once; a sync offers what GitHub lacks).
    func addNew(_ favorites: [Kind.Favorite]) throws(FavoritesStoreError) -> Int
    /// Unstars and updates the outbox; returns the removed snapshot for Undo.
    @discardableResult
    func remove(id: Int64, outbox: StarOutboxUpdate) throws(FavoritesStoreError) -> Kind.Favorite?
    /// Every favorite now, in the list's order.
    func favorites() throws(FavoritesStoreError) -> [Kind.Favorite]
    /// The starred ids now.
    func favoriteIDs() throws(FavoritesStoreError) -> Set<Int64>
    /// The starred ids now, then again after each change: what the stars on rows follow.
    func observeFavoriteIDs() -> AsyncStream<Set<Int64>>
    /// Every favorite grouped and ready to filter, now and after each change: what the Favorites
    /// tab shows. Built where the store reads, never on the main thread.
    func observeIndex() -> AsyncStream<FavoritesIndex<Kind>>
}

extension FavoritesStore {
    /// Stars with the outbox left as it is (people; a sync; an import).
    public func add(_ favorite: Kind.Favorite) throws(FavoritesStoreError) {
        try add(favorite, outbox: .unchanged)
    }

    /// Unstars with the outbox left as it is.
    @discardableResult
    public func remove(id: Int64) throws(FavoritesStoreError) -> Kind.Favorite? {
        try remove(id: id, outbox: .unchanged)
    }
}

/// What only starred people have: a display name filled in after the star (search results carry
/// none), and the profile as first seen, what "changed since you starred" counts from.
public protocol PersonFavoritesStore: FavoritesStore where Kind == People {
    /// Sets the display name of a favorite's snapshot, if it is still a favorite (never re-stars).
    func updateName(_ name: String, ofFavorite id: UserID) throws(FavoritesStoreError)
    /// Records a favorite's profile as seen (the first one as its baseline) and returns what
    /// changed since the baseline; nil when the user is not a favorite.
    func recordProfile(_ profile: UserProfile) throws(FavoritesStoreError) -> ProfileChanges?
}
