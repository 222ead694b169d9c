import Foundation
import GRDB

/// One row of the Favorites list of repositories: a letter header or a repository.
public enum RepositoryFavoritesRow: Hashable, Sendable {
    case header(String)
    case repository(Int64)
}

extension RepositoryFavoritesRow: LetterIndexRow {
    static func entry(_ id: Int64) -> RepositoryFavoritesRow { .repository(id) }
}

/// Every starred repository, grouped under the first letter of its name (as `FavoritesIndex`
/// groups people, and made by the same machinery) and ready to filter on owner, name and
/// description. Built once per store change (`AppDatabase.repositoryFavoritesIndex`), off the
/// main thread; a row drawn asks `row(_:)` or `repositoryFavorite(_:)` for its snapshot.
///
/// Each entry keeps full name, owner login, name, description, language, owner avatar URL, HTML
/// URL, `addedAt`, note and tags as stored (see `RepositoryFavoritesIndexBuilder`), its star count and owner
/// id beside.
public struct RepositoryFavoritesIndex: Sendable {
    struct Extra: Sendable {
        var stars: Int
        var ownerID: UserID?
    }

    let core: LetterIndex<Extra>

    public var count: Int { core.count }

    /// What a repository's row shows: less than `repositoryFavorite(_:)` makes (no date parsed,
    /// one URL), since a filter keystroke fills a screenful of rows.
    public struct Row: Sendable, Equatable {
        public var fullName: String
        public var description: String?
        public var language: String?
        public var stars: Int
        public var ownerAvatarURL: URL?
        /// The note's first line with text.
        public var note: String? = nil
        public var tags: [String] = []
    }

    /// What the row of repository `id` shows; nil when it is not in the index.
    public func row(_ id: Int64) -> Row? {
        guard let (entry, texts) = core.entry(id) else { return nil }
        let notes = FavoriteNotes(storedNote: texts[8], storedTags: texts[9])
        return Row(fullName: texts[0] ?? "", description: texts[3], language: texts[4], stars: entry.extra.stars, ownerAvatarURL: texts[5].flatMap(URL.init(string:)),
                   note: notes.firstLine, tags: notes.tags)
    }

    /// Every tag the repositories carry, the most used first.
    public var tags: [TagCount] { core.tags }

    /// The snapshot behind a repository row (a selection, an unstar).
    public func repositoryFavorite(_ id: Int64) -> RepositoryFavorite? {
        guard let (entry, texts) = core.entry(id) else { return nil }
        let addedAt = texts[7].flatMap { Date.fromDatabaseValue($0.databaseValue) } ?? Date(timeIntervalSince1970: 0)
        return RepositoryFavorite(id: entry.id, fullName: texts[0] ?? "", ownerLogin: texts[1] ?? "", ownerID: entry.extra.ownerID, name: texts[2] ?? "",
                                  description: texts[3], language: texts[4], stars: entry.extra.stars, ownerAvatarURL: texts[5].flatMap(URL.init(string:)),
                                  htmlURL: texts[6].flatMap(URL.init(string:)), addedAt: addedAt, notes: FavoriteNotes(storedNote: texts[8], storedTags: texts[9]))
    }

    /// Header and repository rows for `filter` (a case-insensitive substring of owner, name,
    /// "owner/name", description, note or a tag; blank shows everything), among those carrying
    /// all of `tags`. Empty sections are dropped.
    public func rows(matching filter: String, tags: Set<String> = []) -> [RepositoryFavoritesRow] {
        core.rows(matching: filter, tags: tags)
    }

    /// The positions of the entries a filter's `needle` (`FilterMatches.needle`) matches, among
    /// `candidates` when given (for `FilterMatches`).
    public func positions(matching needle: [UInt8], among candidates: [Int32]?) -> [Int32] {
        core.positions(matching: needle, among: candidates)
    }

    /// Header and repository rows for the entries at `positions` (nil: all) carrying all of `tags`.
    public func rows(at positions: [Int32]?, tags: Set<String>) -> [RepositoryFavoritesRow] {
        core.rows(at: positions, tags: tags)
    }
}

// In an extension, so the memberwise `init(core:)` stays.
extension RepositoryFavoritesIndex {
    /// The empty index.
    public init() {
        self.init(core: LetterIndex())
    }

    /// An index of `favorites` in any order (tests, small lists); the app builds it from SQLite.
    public init(_ favorites: [RepositoryFavorite]) {
        self = RepositoryFavoritesIndexBuilder(favorites).build()
    }
}
