import Foundation
import GRDB

/// Collects starred repositories (from SQLite's buffers, or values) into a
/// `RepositoryFavoritesIndex`. Each stores full name, owner login, name, description, language,
/// owner avatar URL, HTML URL, `addedAt`, note and tags (one per line), in that order (what the
/// index reads back).
///
/// The haystack is name, 0, owner, "/", name, 0, description, 0, note, 0, tags, 0: its start (name, 0, owner) is
/// the sort key — name then owner, a shorter name first — and "owner/name" is there to type.
struct RepositoryFavoritesIndexBuilder {
    private var core: LetterIndexBuilder<RepositoryFavoritesIndex.Extra>
    /// How many texts each entry stores, and which holds the tags (a saved index must agree).
    static let shape = LetterIndexShape(fieldCount: 10, tagField: 9)

    init(capacity: Int) {
        core = LetterIndexBuilder(capacity: capacity, fieldCount: Self.shape.fieldCount, sectionField: 2,
                                  searched: [.text(2), .text(1, then: UInt8(ascii: "/")), .keyEnd, .text(2), .text(3), .text(8), .text(9)],
                                  tagField: Self.shape.tagField, textBytes: 248, haystackBytes: 98)
    }

    init(_ favorites: [RepositoryFavorite]) {
        self.init(capacity: favorites.count)
        for favorite in favorites { append(favorite) }
    }

    mutating func append(_ favorite: RepositoryFavorite) {
        append(id: favorite.id, fullName: favorite.fullName, ownerLogin: favorite.ownerLogin, name: favorite.name, description: favorite.description,
               language: favorite.language, ownerAvatarURL: favorite.ownerAvatarURL?.absoluteString, htmlURL: favorite.htmlURL?.absoluteString,
               addedAt: String.fromDatabaseValue(favorite.addedAt.databaseValue), note: favorite.notes.note, tags: FavoriteTags.stored(favorite.notes.tags),
               stars: favorite.stars, ownerID: favorite.ownerID)
    }

    /// Adds one repository; buffers are only read during the call.
    mutating func append<Text: IndexedText>(id: Int64, fullName: Text, ownerLogin: Text, name: Text, description: Text?, language: Text?,
                                            ownerAvatarURL: Text?, htmlURL: Text?, addedAt: Text?, note: Text? = nil, tags: Text? = nil, stars: Int, ownerID: UserID?) {
        core.begin(id: id, extra: .init(stars: stars, ownerID: ownerID))
        core.store(fullName)
        core.store(ownerLogin)
        core.store(name)
        core.store(description)
        core.store(language)
        core.store(ownerAvatarURL)
        core.store(htmlURL)
        core.store(addedAt)
        core.store(note)
        core.store(tags)
    }

    /// Makes what the filter searches (see `LetterIndexBuilder.prepareSearch`).
    mutating func prepareSearch() {
        core.prepareSearch()
    }

    /// Sections A…Z then #, names then owners ascending inside each (ties by id); see
    /// `LetterIndexBuilder.build(hint:)`.
    consuming func build(hint: [Int32]? = nil) -> RepositoryFavoritesIndex {
        core.prepareSearch()
        return RepositoryFavoritesIndex(core: core.build(hint: hint))
    }
}
