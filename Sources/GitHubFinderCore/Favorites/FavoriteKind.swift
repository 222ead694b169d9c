import Foundation
import GRDB

/// One kind of favorite (`People`, `Repositories`), described once: its table and snapshot, the
/// texts its index keeps and which of them the filter searches, the section it is grouped under,
/// what its row shows, and whether a star is also GitHub's. The store (`GRDBFavoritesStore`), the
/// index and its builder (`FavoritesIndex`, `FavoritesIndexBuilder`) and the Favorites list
/// (`ScopedFavoritesViewModel`) are generic over it: a new kind is one conformance, its table's
/// migration, and the places that list both tables (notes, index generations, the Shell's
/// search, the favorites file).
public protocol FavoriteKind: Sendable {
    /// The snapshot kept of a favorite: what the list draws with no network.
    associatedtype Favorite: FavoriteSnapshot
    /// What a favorite's row shows: less than `Favorite` (no date parsed, one URL), since a
    /// filter keystroke fills a screenful of rows.
    associatedtype Row: Sendable, Equatable
    /// The texts an index entry keeps, in the order stored; each is read from its SQL column.
    associatedtype Field: FavoriteField
    /// What an index entry keeps beside its texts (an account type, a star count), read from
    /// `extraColumns`.
    associatedtype Extra: FavoriteExtra

    /// The SQL order the list is in (an index of the table serves it).
    static var order: String { get }
    /// The column holding the name GitHub keeps unique regardless of case (a login, "owner/name").
    static var uniqueNameColumn: String { get }
    /// Whether starring one is also a star on GitHub, sent through the outbox.
    static var starsOnGitHub: Bool { get }

    /// The text whose first letter names the section ("A"…"Z", "#").
    static var sectionField: Field { get }
    /// What the filter searches, in order; the part before `.keyEnd` is the sort key.
    static var searched: [SearchedText<Field>] { get }
    /// Columns read after the fields, for `extra(_:)`.
    static var extraColumns: [String] { get }
    /// Guesses of the bytes an entry's texts and haystack take, to reserve.
    static var typicalBytes: (text: Int, haystack: Int) { get }

    static func text(_ field: Field, of favorite: Favorite) -> String?
    static func extra(of favorite: Favorite) -> Extra
    static func extra(_ columns: ExtraColumns) -> Extra
    static func row(_ entry: FavoriteEntry<Self>) -> Row
    static func favorite(_ entry: FavoriteEntry<Self>) -> Favorite
    /// How messages and GitHub's star requests name one: a login, "owner/name". Unique among
    /// favorites of the kind, ignoring ASCII case (`uniqueNameColumn` holds it).
    static func name(of favorite: Favorite) -> String

    /// The snapshot's columns but for `id`, `addedAt`, `note` and `tags` (an import writes them),
    /// and a favorite's values for them, in that order.
    static var snapshotColumns: [String] { get }
    static func snapshotValues(of favorite: Favorite) -> [(any DatabaseValueConvertible)?]
    /// The kind's name where the notes of unstarred favorites wait (`unstarred_notes.kind`).
    static var notesAsideKind: String { get }
}

extension FavoriteKind {
    /// The table the snapshots are stored in.
    public static var table: String { Favorite.databaseTableName }
}

/// A favorite's stored snapshot. Saving one writes its snapshot columns only; its note and tags
/// are written when it carries some (an Undo, an import).
public protocol FavoriteSnapshot: Sendable, Hashable, Identifiable, FetchableRecord, PersistableRecord where ID == Int64 {
    associatedtype Kind: FavoriteKind where Kind.Favorite == Self
    var addedAt: Date { get set }
    var notes: FavoriteNotes { get set }
}

/// The texts a kind's index entries keep, in stored order (the raw values 0, 1, …). Each case is
/// named after its SQL column. Every kind keeps when a favorite was added, its note and its tags.
public protocol FavoriteField: RawRepresentable, CaseIterable, Sendable, Equatable where RawValue == Int, AllCases == [Self] {
    static var addedAt: Self { get }
    static var note: Self { get }
    static var tags: Self { get }
}

extension FavoriteField {
    /// The SQL column the text is read from.
    var column: String { "\(self)" }
}

/// One piece of what the filter searches.
public enum SearchedText<Field: FavoriteField>: Sendable {
    /// The field's text, lowercased, then `separator` (0 keeps a match from spanning two texts).
    case field(Field, then: UInt8 = 0)
    /// The end of the sort key: entries sort by what the filter searches up to here, then by id.
    case keyEnd
}

/// What an index entry keeps beside its texts, stored as a fixed number of bytes in an index
/// snapshot (`IndexSnapshot`); reading back refuses bytes no value writes.
public protocol FavoriteExtra: Sendable {
    static var snapshotByteCount: Int { get }
    func writeSnapshot(to bytes: UnsafeMutableRawPointer)
    init?(snapshot bytes: UnsafeRawPointer)
}

/// An index entry read back: its id, its extra, and its texts by field.
public struct FavoriteEntry<Kind: FavoriteKind> {
    public let id: Int64
    public let extra: Kind.Extra
    let texts: [String?]

    public subscript(_ field: Kind.Field) -> String? { texts[field.rawValue] }

    public func url(_ field: Kind.Field) -> URL? { self[field].flatMap(URL.init(string:)) }

    /// When it was added (as stored: GRDB's text for a `Date`).
    public var addedAt: Date { self[.addedAt].flatMap { Date.fromDatabaseValue($0.databaseValue) } ?? Date(timeIntervalSince1970: 0) }

    public var notes: FavoriteNotes { FavoriteNotes(storedNote: self[.note], storedTags: self[.tags]) }
}

/// The columns after the fields of a row being read into an index (`FavoriteKind.extraColumns`),
/// numbered from 0; valid only during the call it is given to.
public struct ExtraColumns {
    let row: IndexedRow
    let first: Int32

    public func int(_ column: Int) -> Int64 { row.int(first + Int32(column)) }

    public func isNull(_ column: Int) -> Bool { row.isNull(first + Int32(column)) }

    /// SQLite's own UTF-8 buffer of a text column; nil for NULL.
    public func bytes(_ column: Int) -> UnsafeBufferPointer<UInt8>? { row.text(first + Int32(column)) }
}
