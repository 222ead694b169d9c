import Foundation
import GRDB

extension AppDatabase {
    /// Every favorite of `kind` as a `FavoritesIndex`, read in one pass.
    @_specialize(where Kind == People)
    @_specialize(where Kind == Repositories)
    public func favoritesIndex<Kind: FavoriteKind>(of kind: Kind.Type) throws(FavoritesStoreError) -> FavoritesIndex<Kind> {
        try read { db in try fetchFavoritesIndex(db, of: kind) }
    }

    /// The index as saved at the end of the last change, or built from SQLite
    /// (`AppDatabase+IndexSnapshots.swift`).
    @_specialize(where Kind == People)
    @_specialize(where Kind == Repositories)
    func fetchFavoritesIndex<Kind: FavoriteKind>(_ db: Database, of kind: Kind.Type) throws -> FavoritesIndex<Kind> {
        FavoritesIndex(core: try snapshotOrBuild(db, table: Kind.table, layout: Self.indexColumns(of: kind), shape: FavoritesIndexBuilder<Kind>.shape) {
            try Self.buildFavoritesIndex($0, of: kind).core
        })
    }

    /// What each entry is read from: the id, the fields in order, then the extra's columns.
    static func indexColumns<Kind: FavoriteKind>(of kind: Kind.Type) -> String {
        (["id"] + Kind.Field.allCases.map(\.column) + Kind.extraColumns).joined(separator: ", ")
    }

    /// Reads straight from SQLite's buffers (`scanForIndex`), the order from `Kind.order`'s index.
    @_specialize(where Kind == People)
    @_specialize(where Kind == Repositories)
    static func buildFavoritesIndex<Kind: FavoriteKind>(_ db: Database, of kind: Kind.Type) throws -> FavoritesIndex<Kind> {
        var builder = FavoritesIndexBuilder<Kind>(capacity: try rowCount(db, table: Kind.table))
        let firstExtra = Int32(1 + Kind.Field.allCases.count)
        let hint = try scanForIndex(db, table: Kind.table, columns: indexColumns(of: kind), order: Kind.order) { row in
            builder.append(id: row.id, extra: Kind.extra(ExtraColumns(row: row, first: firstExtra))) { row.text(Int32(1 + $0.rawValue)) }
        } alongside: { builder.prepareSearch() }
        return builder.build(hint: hint)
    }
}
