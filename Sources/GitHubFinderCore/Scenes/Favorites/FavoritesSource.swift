import Foundation

/// What differs between the People and Repositories lists of the Favorites tab: where the index
/// comes from, how an entry is unstarred and put back, what selecting it opens, and the state
/// pages. `ScopedFavoritesViewModel` does the rest the same way for both.
public protocol FavoritesSource: Sendable {
    associatedtype Kind: FavoriteKind
    /// What selecting an entry opens (a `User`, a `Repository`).
    associatedtype Selection: Sendable
    typealias Snapshot = Kind.Favorite

    /// The index now and after each change, built off the main thread.
    func observeIndex() -> AsyncStream<FavoritesIndex<Kind>>
    /// Unstars `snapshot`; returns what Undo puts back.
    @MainActor func remove(_ snapshot: Snapshot) throws -> Snapshot?
    /// Stars it again (Undo).
    @MainActor func restore(_ snapshot: Snapshot) throws
    func selection(_ snapshot: Snapshot) -> Selection
    /// The Undo toast after unstarring `name`.
    static func undoMessage(_ name: String) -> String
    /// Unstarring `name` failed; `reason` is a whole sentence.
    static func unstarFailed(_ name: String, reason: String) -> String
    /// Putting `name` back (Undo) failed; `reason` is a whole sentence.
    static func undoFailed(_ name: String, reason: String) -> String
    /// No favorites of this kind at all.
    static var emptyPage: StatePage { get }
    /// Favorites exist but none matches the filter.
    static var noMatchesPage: StatePage { get }
}

/// Starred people, in the favorites store.
public struct PeopleFavoritesSource: FavoritesSource {
    public let store: any PersonFavoritesStore

    public init(store: any PersonFavoritesStore) {
        self.store = store
    }

    public func observeIndex() -> AsyncStream<FavoritesIndex<People>> { store.observeIndex() }
    public func remove(_ snapshot: PersonFavorite) throws -> PersonFavorite? { try store.remove(id: snapshot.id) }
    public func restore(_ snapshot: PersonFavorite) throws { try store.add(snapshot) }
    public func selection(_ snapshot: PersonFavorite) -> User { snapshot.user }
    public static func undoMessage(_ name: String) -> String { tr("Removed {login} from favorites", ["login": name]) }

    public static func unstarFailed(_ name: String, reason: String) -> String {
        // TRANSLATORS: {reason} is a whole sentence saying what went wrong.
        tr("{login} could not be removed from favorites. {reason}", ["login": name, "reason": reason])
    }

    public static func undoFailed(_ name: String, reason: String) -> String {
        // TRANSLATORS: {reason} is a whole sentence saying what went wrong.
        tr("{login} could not be put back in favorites. {reason}", ["login": name, "reason": reason])
    }

    public static var emptyPage: StatePage {
        StatePage(name: "empty", icon: "starred-symbolic", title: tr("No Favorites Yet"),
                  description: tr("Star people in Search to keep them here,\ngrouped by letter, even offline."))
    }

    public static var noMatchesPage: StatePage {
        StatePage(name: "noMatches", icon: "edit-find-symbolic", title: tr("No Matching Favorites"),
                  description: tr("No favorite's login, name, note or tags\ncontains this text."))
    }
}

/// Starred repositories: listed from the store, unstarred and put back through
/// `UndoableRepositoryStarring`, so GitHub hears of it too when signed in.
public struct RepositoryFavoritesSource: FavoritesSource {
    public let store: any FavoritesStore<Repositories>
    public let starring: any UndoableRepositoryStarring

    public init(store: any FavoritesStore<Repositories>, starring: any UndoableRepositoryStarring) {
        self.store = store
        self.starring = starring
    }

    public func observeIndex() -> AsyncStream<FavoritesIndex<Repositories>> { store.observeIndex() }

    @MainActor public func remove(_ snapshot: RepositoryFavorite) throws -> RepositoryFavorite? { try starring.unstarForUndo(snapshot.repository) }
    @MainActor public func restore(_ snapshot: RepositoryFavorite) throws { try starring.restore(snapshot) }
    public func selection(_ snapshot: RepositoryFavorite) -> Repository { snapshot.repository }
    // TRANSLATORS: {repository} is owner/name.
    public static func undoMessage(_ name: String) -> String { tr("Unstarred {repository}", ["repository": name]) }

    public static func unstarFailed(_ name: String, reason: String) -> String {
        // TRANSLATORS: {repository} is owner/name; {reason} is a whole sentence saying what went wrong.
        tr("{repository} could not be unstarred. {reason}", ["repository": name, "reason": reason])
    }

    public static func undoFailed(_ name: String, reason: String) -> String {
        // TRANSLATORS: {repository} is owner/name; {reason} is a whole sentence saying what went wrong.
        tr("{repository} could not be starred again. {reason}", ["repository": name, "reason": reason])
    }

    public static var emptyPage: StatePage {
        StatePage(name: "empty", icon: "starred-symbolic", title: tr("No Starred Repositories"),
                  description: tr("Star repositories in Search\nto keep them here, even offline."))
    }

    public static var noMatchesPage: StatePage {
        StatePage(name: "noMatches", icon: "edit-find-symbolic", title: tr("No Matching Repositories"),
                  description: tr("No repository's owner, name, description,\nnote or tags contains this text."))
    }
}

/// What the tag bar of a Favorites list says.
public enum FavoritesTagTexts {
    public static var barLabel: String { tr("Tags") }

    public static func tooltip(_ tag: String) -> String { tr("Show only favorites tagged “{tag}”", ["tag": tag]) }

    /// "+2": the tags of a row not shown as chips.
    public static func more(_ count: Int) -> String {
        // TRANSLATORS: how many more tags a favorite's row has than it shows.
        tr("+{count}", ["count": NumberText.integer(count)])
    }
}
