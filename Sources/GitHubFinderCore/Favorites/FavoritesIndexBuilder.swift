import Foundation
import GRDB

/// Collects favorites (from SQLite's buffers, or `Favorite` values) into a `FavoritesIndex`.
/// Each stores login, name, avatar URL, profile URL, `addedAt`, note and tags (one per line), in
/// that order (what `FavoritesIndex` reads back); login (the sort key and the section), name,
/// note and tags are searched.
struct FavoritesIndexBuilder {
    private var core: LetterIndexBuilder<AccountType>
    /// How many texts each entry stores, and which holds the tags (a saved index must agree).
    static let shape = LetterIndexShape(fieldCount: 7, tagField: 6)

    init(capacity: Int) {
        core = LetterIndexBuilder(capacity: capacity, fieldCount: Self.shape.fieldCount, sectionField: 0, searched: [.text(0), .keyEnd, .text(1), .text(5), .text(6)],
                                  tagField: Self.shape.tagField, textBytes: 140, haystackBytes: 34)
    }

    var count: Int { core.count }

    init(_ favorites: [Favorite]) {
        self.init(capacity: favorites.count)
        for favorite in favorites { append(favorite) }
    }

    mutating func append(_ favorite: Favorite) {
        append(id: favorite.id, login: favorite.login, name: favorite.name, avatarURL: favorite.avatarURL?.absoluteString,
               profileURL: favorite.profileURL?.absoluteString, addedAt: String.fromDatabaseValue(favorite.addedAt.databaseValue),
               note: favorite.notes.note, tags: FavoriteTags.stored(favorite.notes.tags), type: favorite.type)
    }

    /// Adds one favorite; buffers are only read during the call.
    mutating func append<Text: IndexedText>(id: UserID, login: Text, name: Text?, avatarURL: Text?, profileURL: Text?, addedAt: Text?, note: Text? = nil, tags: Text? = nil, type: AccountType) {
        core.begin(id: id, extra: type)
        core.store(login)
        core.store(name)
        core.store(avatarURL)
        core.store(profileURL)
        core.store(addedAt)
        core.store(note)
        core.store(tags)
    }

    /// Makes what the filter searches (see `LetterIndexBuilder.prepareSearch`).
    mutating func prepareSearch() {
        core.prepareSearch()
    }

    /// Sections A…Z then #, lowercase logins ascending inside each (ties by id); see
    /// `LetterIndexBuilder.build(hint:)`.
    consuming func build(hint: [Int32]? = nil) -> FavoritesIndex {
        core.prepareSearch()
        return FavoritesIndex(core: core.build(hint: hint))
    }
}
