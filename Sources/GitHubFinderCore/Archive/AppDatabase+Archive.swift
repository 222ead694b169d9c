import Foundation
import GRDB

/// What importing a favorites file did, kind by kind.
public struct FavoritesImportSummary: Equatable, Sendable {
    public struct Counts: Equatable, Sendable {
        /// Not a favorite before.
        public var added = 0
        /// A favorite already, whose snapshot the file changed (a renamed account, a new name).
        public var updated = 0
        /// A favorite already, exactly as in the file.
        public var unchanged = 0

        mutating func count(_ outcome: ImportOutcome) {
            switch outcome {
            case .added: added += 1
            case .updated: updated += 1
            case .unchanged: unchanged += 1
            }
        }
    }

    public var people = Counts()
    public var repositories = Counts()

    public var added: Int { people.added + repositories.added }
    public var updated: Int { people.updated + repositories.updated }
    public var unchanged: Int { people.unchanged + repositories.unchanged }

    /// "Added 12 favorites, updated 3, 40 were already there", or that the file held none.
    public var message: String {
        guard added + updated + unchanged > 0 else { return tr("The file holds no favorites: nothing was imported.") }
        guard added + updated > 0 else {
            return trn("Nothing new: the {count} favorite in the file was already there.", "Nothing new: the {count} favorites in the file were already there.",
                       unchanged, ["count": String(unchanged)])
        }
        let parts = [trn("Added {count} favorite", "Added {count} favorites", added, ["count": String(added)])]
            + (updated > 0 ? [trn("updated {count}", "updated {count}", updated, ["count": String(updated)])] : [])
            + (unchanged > 0 ? [trn("{count} was already there", "{count} were already there", unchanged, ["count": String(unchanged)])] : [])
        return parts.joined(separator: tr(", "))
    }
}

extension AppDatabase {
    /// The "v4.repositoryImports" migration: when each imported repository favorite came in, so
    /// that the next star sync offers it for starring on GitHub (as one starred here since the
    /// last sync) instead of dropping it for its older date.
    static func createRepositoryImports(_ db: Database) throws {
        try db.create(table: "favorite_repository_import") { table in
            table.primaryKey("repositoryID", .integer)
            table.column("importedAt", .datetime).notNull()
        }
    }

    /// Every favorite of the database, as a file for `server` (the one the database is for).
    public func exportArchive(server: URL, at date: Date = Date()) throws(FavoritesStoreError) -> FavoritesArchive {
        try read { db in
            FavoritesArchive(server: server, exportedAt: date,
                             people: try PersonFavorite.order(sql: People.order).fetchAll(db),
                             repositories: try RepositoryFavorite.order(sql: Repositories.order).fetchAll(db))
        }
    }

    /// Merges a checked file into the favorites by id, in one transaction (`merge`): new ones are
    /// added, known ones get the file's snapshot, and nothing is removed. A repository added while
    /// stars are synced with GitHub is offered for starring there by the next sync.
    public func importArchive(_ archive: FavoritesArchive, at date: Date = Date()) throws(FavoritesStoreError) -> FavoritesImportSummary {
        try write { db in
            var summary = FavoritesImportSummary()
            try Self.merge(archive.people, db) { _, outcome in summary.people.count(outcome) }
            let hasSynced = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM star_sync)") ?? false
            let recordImport = try db.cachedStatement(sql: "INSERT OR REPLACE INTO favorite_repository_import (repositoryID, importedAt) VALUES (?, ?)")
            try Self.merge(archive.repositories, db) { repository, outcome in
                summary.repositories.count(outcome)
                if outcome == .added, hasSynced { try recordImport.execute(arguments: [repository.id, date]) }
            }
            return summary
        }
    }

    /// When each repository imported since the last sync came in, by id.
    static func repositoryImportDates(_ db: Database) throws -> [Int64: Date] {
        let rows = try Row.fetchAll(db, sql: "SELECT repositoryID, importedAt FROM favorite_repository_import")
        return Dictionary(rows.map { ($0[0] as Int64, $0[1] as Date) }, uniquingKeysWith: max)
    }
}
