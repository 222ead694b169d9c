import Foundation

/// One row of a Favorites list: a letter header or a favorite. Headers live in the same list as
/// favorites (GTK 4.8 has no list section headers), so 100,000 favorites stay one flat model.
public enum FavoritesRow: Hashable, Sendable {
    case header(String)
    case favorite(Int64)

    /// The header's letter; nil for a favorite.
    public var letter: String? { if case .header(let letter) = self { letter } else { nil } }
    /// The favorite's id; nil for a header.
    public var favoriteID: Int64? { if case .favorite(let id) = self { id } else { nil } }
}

extension FavoritesRow: LetterIndexRow {
    static func entry(_ id: Int64) -> FavoritesRow { .favorite(id) }
}

/// Every favorite of a kind, grouped and ready to filter, in a compact form: 100,000 favorites are
/// a few flat arrays (about 40 bytes of bookkeeping each plus their text), not 100,000 snapshots
/// with Foundation `URL`s. Built once per store change (`AppDatabase.favoritesIndex`), off the
/// main thread; a keystroke is one scan over one buffer of lowercase bytes; a row drawn asks
/// `row(_:)` for what it shows, made then.
///
/// Each entry keeps its kind's `Field`s as stored and its `Extra`; the filter searches the kind's
/// `searched` fields.
///
/// Its methods are pre-specialized for both kinds (`@_specialize`): called from the GTK module, an
/// unspecialized generic scan is several times slower than the budgets allow.
public struct FavoritesIndex<Kind: FavoriteKind>: Sendable {
    let core: LetterIndex<Kind.Extra>

    public var count: Int { core.count }

    /// What the row of favorite `id` shows; nil when it is not in the index.
    @_specialize(where Kind == People)
    @_specialize(where Kind == Repositories)
    public func row(_ id: Int64) -> Kind.Row? {
        entry(id).map(Kind.row)
    }

    /// The snapshot behind a row (a selection, an unstar).
    @_specialize(where Kind == People)
    @_specialize(where Kind == Repositories)
    public func favorite(_ id: Int64) -> Kind.Favorite? {
        entry(id).map(Kind.favorite)
    }

    private func entry(_ id: Int64) -> FavoriteEntry<Kind>? {
        guard let (entry, texts) = core.entry(id) else { return nil }
        return FavoriteEntry(id: entry.id, extra: entry.extra, texts: texts)
    }

    /// Every tag the favorites carry, the most used first.
    public var tags: [TagCount] { core.tags }

    /// Header and favorite rows for `filter` (a case-insensitive substring of a searched text;
    /// blank shows everything), among those carrying all of `tags`. Empty sections are dropped.
    @_specialize(where Kind == People)
    @_specialize(where Kind == Repositories)
    public func rows(matching filter: String, tags: Set<String> = []) -> [FavoritesRow] {
        core.rows(matching: filter, tags: tags)
    }

    /// The positions of the entries a filter's `needle` (`FilterMatches.needle`) matches, among
    /// `candidates` when given (for `FilterMatches`).
    @_specialize(where Kind == People)
    @_specialize(where Kind == Repositories)
    public func positions(matching needle: [UInt8], among candidates: [Int32]?) -> [Int32] {
        core.positions(matching: needle, among: candidates)
    }

    /// Header and favorite rows for the entries at `positions` (nil: all) carrying all of `tags`.
    @_specialize(where Kind == People)
    @_specialize(where Kind == Repositories)
    public func rows(at positions: [Int32]?, tags: Set<String>) -> [FavoritesRow] {
        core.rows(at: positions, tags: tags)
    }
}

// In an extension, so the memberwise `init(core:)` stays.
extension FavoritesIndex {
    /// The empty index.
    public init() {
        self.init(core: LetterIndex())
    }

    /// An index of `favorites` in any order (tests, small lists); the app builds it from SQLite.
    @_specialize(where Kind == People)
    @_specialize(where Kind == Repositories)
    public init(_ favorites: [Kind.Favorite]) {
        self = FavoritesIndexBuilder<Kind>(favorites).build()
    }
}
