import Foundation

/// Collects favorites of a kind (from SQLite's buffers, or snapshots) into a `FavoritesIndex`:
/// each entry's `Kind.Field` texts in their order, then what `Kind.searched` names is made
/// searchable and `Kind.sectionField` names the section.
struct FavoritesIndexBuilder<Kind: FavoriteKind> {
    private var core: LetterIndexBuilder<Kind.Extra>
    /// `Kind.Field.allCases`, made once (not once per entry).
    private let fields = Kind.Field.allCases
    /// How many texts each entry stores, and which holds the tags (a saved index must agree).
    static var shape: LetterIndexShape { LetterIndexShape(fieldCount: Kind.Field.allCases.count, tagField: Kind.Field.tags.rawValue) }

    init(capacity: Int) {
        let searched = Kind.searched.map { part -> LetterIndexBuilder<Kind.Extra>.SearchPart in
            switch part {
            case .field(let field, let separator): .text(field.rawValue, then: separator)
            case .keyEnd: .keyEnd
            }
        }
        core = LetterIndexBuilder(capacity: capacity, fieldCount: Self.shape.fieldCount, sectionField: Kind.sectionField.rawValue, searched: searched,
                                  tagField: Self.shape.tagField, textBytes: Kind.typicalBytes.text, haystackBytes: Kind.typicalBytes.haystack)
    }

    var count: Int { core.count }

    init(_ favorites: [Kind.Favorite]) {
        self.init(capacity: favorites.count)
        for favorite in favorites {
            core.begin(id: favorite.id, extra: Kind.extra(of: favorite))
            for field in fields { core.store(Kind.text(field, of: favorite)) }
        }
    }

    /// Adds one favorite: `texts` gives each field's text in `Kind.Field` order (buffers are only
    /// read during the call).
    mutating func append<Text: IndexedText>(id: Int64, extra: Kind.Extra, texts: (Kind.Field) -> Text?) {
        core.begin(id: id, extra: extra)
        for field in fields { core.store(texts(field)) }
    }

    /// Makes what the filter searches (see `LetterIndexBuilder.prepareSearch`).
    mutating func prepareSearch() {
        core.prepareSearch()
    }

    /// Sections A…Z then #, by sort key inside each (ties by id); see
    /// `LetterIndexBuilder.build(hint:)`.
    consuming func build(hint: [Int32]? = nil) -> FavoritesIndex<Kind> {
        core.prepareSearch()
        return FavoritesIndex(core: core.build(hint: hint))
    }
}
