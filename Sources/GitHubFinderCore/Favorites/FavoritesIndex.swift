import Foundation
import GRDB

/// One row of the Favorites list: a letter header or a favorite. Headers live in the same list
/// as users (GTK 4.8 has no list section headers), so 100,000 favorites stay one flat model.
public enum FavoritesRow: Hashable, Sendable {
    case header(String)
    case favorite(UserID)
}

extension FavoritesRow: LetterIndexRow {
    static func entry(_ id: Int64) -> FavoritesRow { .favorite(id) }
}

/// Every favorite, grouped and ready to filter, in a compact form: 100,000 favorites are a few
/// flat arrays (about 40 bytes of bookkeeping each plus their text), not 100,000 `Favorite` values
/// with Foundation `URL`s. Built once per store change (`AppDatabase.favoritesIndex`), off the main
/// thread; a keystroke is one scan over one buffer of lowercase bytes; a row drawn asks
/// `favorite(_:)` for its snapshot, made then.
///
/// Each entry keeps login, name, avatar URL, profile URL, `addedAt`, note and tags as stored (see
/// `FavoritesIndexBuilder`), and its account type; login, name, note and tags are searched.
public struct FavoritesIndex: Sendable {
    /// The bucket for anything that does not start with a letter A–Z (after folding accents).
    public static let otherSection = LetterSection.other

    let core: LetterIndex<AccountType>

    public var count: Int { core.count }

    /// What a favorite's row shows: less than `favorite(_:)` makes (no date parsed, one URL),
    /// since a filter keystroke fills a screenful of rows.
    public struct Row: Sendable, Equatable {
        public var login: String
        public var name: String?
        public var avatarURL: URL?
        public var type: AccountType
        /// The note's first line with text.
        public var note: String? = nil
        public var tags: [String] = []
    }

    public func row(_ id: UserID) -> Row? {
        guard let (entry, texts) = core.entry(id) else { return nil }
        let notes = FavoriteNotes(storedNote: texts[5], storedTags: texts[6])
        return Row(login: texts[0] ?? "", name: texts[1], avatarURL: texts[2].flatMap(URL.init(string:)), type: entry.extra, note: notes.firstLine, tags: notes.tags)
    }

    /// Every tag the favorites carry, the most used first.
    public var tags: [TagCount] { core.tags }

    /// The snapshot behind a favorite (a selection, an unstar).
    public func favorite(_ id: UserID) -> Favorite? {
        guard let (entry, texts) = core.entry(id) else { return nil }
        let addedAt = texts[4].flatMap { Date.fromDatabaseValue($0.databaseValue) } ?? Date(timeIntervalSince1970: 0)
        return Favorite(id: entry.id, login: texts[0] ?? "", name: texts[1], avatarURL: texts[2].flatMap(URL.init(string:)), type: entry.extra,
                        profileURL: texts[3].flatMap(URL.init(string:)), addedAt: addedAt, notes: FavoriteNotes(storedNote: texts[5], storedTags: texts[6]))
    }

    /// Header and favorite rows for `filter` (a case-insensitive substring of login, name, note
    /// or a tag; blank shows everything), among those carrying all of `tags`. Empty sections
    /// are dropped.
    public func rows(matching filter: String, tags: Set<String> = []) -> [FavoritesRow] {
        core.rows(matching: filter, tags: tags)
    }

    /// The positions of the entries a filter's `needle` (`FilterMatches.needle`) matches, among
    /// `candidates` when given (for `FilterMatches`).
    public func positions(matching needle: [UInt8], among candidates: [Int32]?) -> [Int32] {
        core.positions(matching: needle, among: candidates)
    }

    /// Header and favorite rows for the entries at `positions` (nil: all) carrying all of `tags`.
    public func rows(at positions: [Int32]?, tags: Set<String>) -> [FavoritesRow] {
        core.rows(at: positions, tags: tags)
    }

    /// The section a login belongs under: its first letter, case- and accent-folded, or "#".
    public static func section(for login: String) -> String {
        LetterSection.titles[Int(LetterSection.number(for: login))]
    }
}

// In an extension, so the memberwise `init(core:)` stays.
extension FavoritesIndex {
    /// The empty index.
    public init() {
        self.init(core: LetterIndex())
    }

    /// An index of `favorites` in any order (tests, small lists); the app builds it from SQLite.
    public init(_ favorites: [Favorite]) {
        self = FavoritesIndexBuilder(favorites).build()
    }
}
