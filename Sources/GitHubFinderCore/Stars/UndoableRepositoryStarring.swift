import Foundation

/// Repository stars that can be undone: unstarring hands back the snapshot it removed, and
/// `restore` stars it again as it was (the Undo of a toast).
public protocol UndoableRepositoryStarring: RepositoryStarring {
    /// Unstars (here, and on GitHub when signed in); returns the snapshot removed, nil when the
    /// repository was not starred here.
    @discardableResult
    @MainActor func unstarForUndo(_ repository: Repository) throws(FavoritesStoreError) -> RepositoryFavorite?
    /// Stars the snapshot again, keeping when it was first starred: Undo of an unstar.
    @MainActor func restore(_ favorite: RepositoryFavorite) throws(FavoritesStoreError)
}
