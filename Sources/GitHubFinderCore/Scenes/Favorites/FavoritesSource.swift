import Foundation

/// A row of a Favorites list: a letter header or an entry (a person, a repository).
public protocol FavoritesListRow: Hashable, Sendable {
    /// The header's letter; nil for an entry.
    var letter: String? { get }
    /// The entry's id; nil for a header.
    var entryID: Int64? { get }
}

extension FavoritesRow: FavoritesListRow {
    public var letter: String? { if case .header(let letter) = self { letter } else { nil } }
    public var entryID: Int64? { if case .favorite(let id) = self { id } else { nil } }
}

extension RepositoryFavoritesRow: FavoritesListRow {
    public var letter: String? { if case .header(let letter) = self { letter } else { nil } }
    public var entryID: Int64? { if case .repository(let id) = self { id } else { nil } }
}

/// What a Favorites list needs of its index: the rows for a filter and the snapshot behind one.
public protocol FavoritesIndexing: Sendable {
    associatedtype ListRow: FavoritesListRow
    associatedtype Snapshot: Sendable & Hashable & Identifiable where Snapshot.ID == Int64
    init()
    var count: Int { get }
    /// Every tag the entries carry, the most used first.
    var tags: [TagCount] { get }
    func rows(matching filter: String, tags: Set<String>) -> [ListRow]
    /// The positions, ascending, of the entries containing `needle` (among `candidates`).
    func positions(matching needle: [UInt8], among candidates: [Int32]?) -> [Int32]
    /// The rows of the entries at `positions` (nil: every entry) carrying all of `tags`.
    func rows(at positions: [Int32]?, tags: Set<String>) -> [ListRow]
    func snapshot(_ id: Int64) -> Snapshot?
}

extension FavoritesIndex: FavoritesIndexing {
    public func snapshot(_ id: Int64) -> Favorite? { favorite(id) }
}

extension RepositoryFavoritesIndex: FavoritesIndexing {
    public func snapshot(_ id: Int64) -> RepositoryFavorite? { repositoryFavorite(id) }
}

/// What differs between the People and Repositories lists of the Favorites tab: where the index
/// comes from, how an entry is unstarred and put back, what selecting it opens, and the state
/// pages. `ScopedFavoritesViewModel` does the rest the same way for both.
public protocol FavoritesSource: Sendable {
    associatedtype Index: FavoritesIndexing
    /// What selecting an entry opens (a `User`, a `Repository`).
    associatedtype Selection: Sendable
    typealias Snapshot = Index.Snapshot

    /// The index now and after each change, built off the main thread.
    func observeIndex() -> AsyncStream<Index>
    /// Unstars `snapshot`; returns what Undo puts back.
    @MainActor func remove(_ snapshot: Snapshot) throws -> Snapshot?
    /// Stars it again (Undo).
    @MainActor func restore(_ snapshot: Snapshot) throws
    func selection(_ snapshot: Snapshot) -> Selection
    /// How messages name an entry: a login, "owner/name".
    static func name(_ snapshot: Snapshot) -> String
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
    public let store: any FavoritesStore

    public init(store: any FavoritesStore) {
        self.store = store
    }

    public func observeIndex() -> AsyncStream<FavoritesIndex> { store.observeFavoritesIndex() }
    public func remove(_ snapshot: Favorite) throws -> Favorite? { try store.remove(id: snapshot.id) }
    public func restore(_ snapshot: Favorite) throws { try store.add(snapshot) }
    public func selection(_ snapshot: Favorite) -> User { snapshot.user }
    public static func name(_ snapshot: Favorite) -> String { snapshot.login }
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
    public let store: any RepositoryFavoritesStore
    public let starring: any UndoableRepositoryStarring

    public init(store: any RepositoryFavoritesStore, starring: any UndoableRepositoryStarring) {
        self.store = store
        self.starring = starring
    }

    public func observeIndex() -> AsyncStream<RepositoryFavoritesIndex> { store.observeRepositoryFavoritesIndex() }

    @MainActor public func remove(_ snapshot: RepositoryFavorite) throws -> RepositoryFavorite? { try starring.unstarForUndo(snapshot.repository) }
    @MainActor public func restore(_ snapshot: RepositoryFavorite) throws { try starring.restore(snapshot) }
    public func selection(_ snapshot: RepositoryFavorite) -> Repository { snapshot.repository }
    public static func name(_ snapshot: RepositoryFavorite) -> String { snapshot.fullName }
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
