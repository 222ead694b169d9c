import Foundation
import GRDB

/// The README of each favorite repository, kept to read offline (`ReadmeArchive`): written each
/// time it is fetched while the repository is a favorite, forgotten when it is unstarred.
extension AppDatabase: ReadmeArchive {
    static func createFavoriteReadmes(_ db: Database) throws {
        try db.create(table: "favorite_readme") { table in
            table.primaryKey("repositoryID", .integer)
            table.column("markdown", .text).notNull()
            table.column("branch", .text).notNull()
            table.column("keptAt", .datetime).notNull()
        }
        try db.execute(sql: """
            CREATE TRIGGER favorite_repository_readme_forgotten AFTER DELETE ON \(RepositoryFavorite.databaseTableName)
            BEGIN
                DELETE FROM favorite_readme WHERE repositoryID = old.id;
            END
            """)
    }

    public func keptReadme(repositoryID: Int64) -> KeptReadme? {
        let row = try? read { db in try Row.fetchOne(db, sql: "SELECT markdown, branch FROM favorite_readme WHERE repositoryID = ?", arguments: [repositoryID]) }
        guard let row = row ?? nil else { return nil }
        return KeptReadme(markdown: row["markdown"], branch: row["branch"])
    }

    public func keep(_ readme: KeptReadme, repositoryID: Int64) {
        // A write that fails (a full disk) only loses the offline copy: the README is on screen.
        _ = try? write { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO favorite_readme (repositoryID, markdown, branch, keptAt)
                SELECT ?, ?, ?, \(Self.storedDateSQL) WHERE EXISTS (SELECT 1 FROM \(RepositoryFavorite.databaseTableName) WHERE id = ?)
                """, arguments: [repositoryID, readme.markdown, readme.branch, Date().timeIntervalSince1970, repositoryID])
        }
    }
}
