import Foundation
import GRDB

/// Collects favorites (from SQLite's buffers, or `Favorite` values) into a `FavoritesIndex`.
/// Each stores login, name, avatar URL, profile URL and `addedAt`, in that order (what
/// `FavoritesIndex` reads back); login (the sort key and the section) and name are searched.
struct FavoritesIndexBuilder {
    private var core: LetterIndexBuilder<AccountType>

    init(capacity: Int) {
        core = LetterIndexBuilder(capacity: capacity, fieldCount: 5, sectionField: 0, searched: [.text(0), .keyEnd, .text(1)], textBytes: 132, haystackBytes: 32)
    }

    var count: Int { core.count }

    init(_ favorites: [Favorite]) {
        self.init(capacity: favorites.count)
        for favorite in favorites { append(favorite) }
    }

    mutating func append(_ favorite: Favorite) {
        append(id: favorite.id, login: favorite.login, name: favorite.name, avatarURL: favorite.avatarURL?.absoluteString,
               profileURL: favorite.profileURL?.absoluteString, addedAt: String.fromDatabaseValue(favorite.addedAt.databaseValue), type: favorite.type)
    }

    /// Adds one favorite; buffers are only read during the call.
    mutating func append<Text: IndexedText>(id: UserID, login: Text, name: Text?, avatarURL: Text?, profileURL: Text?, addedAt: Text?, type: AccountType) {
        core.begin(id: id, extra: type)
        core.store(login)
        core.store(name)
        core.store(avatarURL)
        core.store(profileURL)
        core.store(addedAt)
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
