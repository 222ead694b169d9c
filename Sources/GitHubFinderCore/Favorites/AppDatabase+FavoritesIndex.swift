import Foundation
import GRDB

extension AppDatabase {
    /// Every favorite as a `FavoritesIndex`, read in one pass.
    public func favoritesIndex() throws(FavoritesStoreError) -> FavoritesIndex {
        try read(fetchFavoritesIndex)
    }

    /// The index as saved at the end of the last change, or built from SQLite
    /// (`AppDatabase+IndexSnapshots.swift`).
    func fetchFavoritesIndex(_ db: Database) throws -> FavoritesIndex {
        FavoritesIndex(core: try snapshotOrBuild(db, table: Favorite.databaseTableName, layout: Self.favoritesIndexColumns, shape: FavoritesIndexBuilder.shape) { try Self.buildFavoritesIndex($0).core })
    }

    /// What each entry keeps, in order (`FavoritesIndex` reads its texts by position).
    static let favoritesIndexColumns = "id, login, name, avatarURL, profileURL, addedAt, type, note, tags"

    /// Reads straight from SQLite's buffers (`scanForIndex`), the login order from the login index.
    static func buildFavoritesIndex(_ db: Database) throws -> FavoritesIndex {
        var builder = FavoritesIndexBuilder(capacity: try rowCount(db, table: Favorite.databaseTableName))
        let hint = try scanForIndex(db, table: Favorite.databaseTableName, columns: favoritesIndexColumns, order: "login COLLATE NOCASE") { row in
            let type = row.text(6)
            let accountType: AccountType = type.map { $0.count == 4 && $0.first == UInt8(ascii: "U") ? .user : AccountType(apiValue: String(decoding: $0, as: UTF8.self)) } ?? .user
            builder.append(id: row.id, login: row.text(1) ?? UnsafeBufferPointer(start: nil, count: 0),
                           name: row.text(2), avatarURL: row.text(3), profileURL: row.text(4), addedAt: row.text(5),
                           note: row.text(7), tags: row.text(8), type: accountType)
        } alongside: { builder.prepareSearch() }
        return builder.build(hint: hint)
    }
}
