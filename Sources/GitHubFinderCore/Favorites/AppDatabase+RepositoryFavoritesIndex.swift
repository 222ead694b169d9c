import Foundation
import GRDB

extension AppDatabase {
    /// Every starred repository as a `RepositoryFavoritesIndex`, read in one pass.
    public func repositoryFavoritesIndex() throws(FavoritesStoreError) -> RepositoryFavoritesIndex {
        try read(fetchRepositoryFavoritesIndex)
    }

    /// The index as saved at the end of the last change, or built from SQLite
    /// (`AppDatabase+IndexSnapshots.swift`).
    func fetchRepositoryFavoritesIndex(_ db: Database) throws -> RepositoryFavoritesIndex {
        RepositoryFavoritesIndex(core: try snapshotOrBuild(db, table: RepositoryFavorite.databaseTableName, layout: Self.repositoryFavoritesIndexColumns,
                                                      shape: RepositoryFavoritesIndexBuilder.shape) {
            try Self.buildRepositoryFavoritesIndex($0).core
        })
    }

    /// What each entry keeps, in order (`RepositoryFavoritesIndex` reads its texts by position).
    static let repositoryFavoritesIndexColumns = "id, fullName, ownerLogin, name, description, language, ownerAvatarURL, htmlURL, addedAt, stars, ownerID, note, tags"

    /// Reads straight from SQLite's buffers (`scanForIndex`), the order from the name index.
    static func buildRepositoryFavoritesIndex(_ db: Database) throws -> RepositoryFavoritesIndex {
        let table = RepositoryFavorite.databaseTableName
        var builder = RepositoryFavoritesIndexBuilder(capacity: try rowCount(db, table: table))
        let hint = try scanForIndex(db, table: table, columns: repositoryFavoritesIndexColumns, order: repositoryFavoritesOrder) { row in
            let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            builder.append(id: row.id, fullName: row.text(1) ?? empty, ownerLogin: row.text(2) ?? empty, name: row.text(3) ?? empty,
                           description: row.text(4), language: row.text(5), ownerAvatarURL: row.text(6), htmlURL: row.text(7), addedAt: row.text(8), note: row.text(11), tags: row.text(12),
                           stars: Int(row.int(9)), ownerID: row.isNull(10) ? nil : row.int(10))
        } alongside: { builder.prepareSearch() }
        return builder.build(hint: hint)
    }
}
