import Foundation
import GRDB

/// What merging GitHub's stars into the starred repositories did.
public struct StarMerge: Equatable, Sendable {
    /// Starred here, not on GitHub, on the first sync for the login: kept, and to be offered
    /// (star them on GitHub, or keep them local).
    public var offered: [RepositoryFavorite]
    /// Repositories starred on GitHub that were not starred here.
    public var added: Int
    /// Repositories starred here that GitHub no longer has starred.
    public var removed: Int
}

extension AppDatabase {
    /// The "v3.starSync" migration: which logins' stars have been synced once (the first sync
    /// offers local stars instead of dropping them) and when last, the repositories a login chose
    /// to keep starred only here, and which account made each change waiting in the outbox.
    static func createStarSync(_ db: Database) throws {
        try db.create(table: "star_sync") { table in
            table.primaryKey("login", .text).collate(.nocase)
            table.column("syncedAt", .datetime).notNull()
        }
        // Who made each waiting change: another account signed in later must not send it.
        try db.alter(table: StarChange.databaseTableName) { table in table.add(column: "login", .text) }
        try db.create(table: "star_kept_local") { table in
            table.column("login", .text).notNull().collate(.nocase)
            table.column("repositoryID", .integer).notNull()
            table.primaryKey(["login", "repositoryID"])
        }
    }

    /// Whether `login`'s stars were synced before (and the first sync's offer answered).
    public func hasSynchronizedStars(login: String) throws(FavoritesStoreError) -> Bool {
        try read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM star_sync WHERE login = ?)", arguments: [login]) ?? false }
    }

    /// Records that `login`'s first sync is done. `keptLocal` are the repositories the user chose
    /// to keep starred only here: later syncs do not remove them.
    public func markStarsSynchronized(login: String, keptLocal: [Int64] = [], at date: Date = Date()) throws(FavoritesStoreError) {
        try write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO star_sync (login, syncedAt) VALUES (?, ?)", arguments: [login, date])
            for id in keptLocal {
                try db.execute(sql: "INSERT OR IGNORE INTO star_kept_local (login, repositoryID) VALUES (?, ?)", arguments: [login, id])
            }
        }
    }

    /// Makes the starred repositories GitHub's stars for `login`, in one transaction that also
    /// reads the outbox: a pending star keeps its repository, a pending unstar drops it. On the
    /// first sync a repository starred only here is kept and returned in `offered`; on later
    /// ones it is removed (it was unstarred on GitHub elsewhere) unless it is kept local or was
    /// starred here after the last sync (then it is offered too). Pending changes of another
    /// account are not this account's. The sync is recorded here only when there is nothing to offer.
    public func mergeStarredRepositories(_ remote: [RepositoryFavorite], login: String, at date: Date = Date()) throws(FavoritesStoreError) -> StarMerge {
        try write { db in
            let local = try RepositoryFavorite.fetchAll(db)
            let pending = Dictionary(try StarChange.fetchAll(db).filter { $0.belongs(to: login) }.map { ($0.repositoryID, $0.action) },
                                     uniquingKeysWith: { _, newer in newer })
            let lastSync = try Date.fetchOne(db, sql: "SELECT syncedAt FROM star_sync WHERE login = ?", arguments: [login])
            let isFirst = lastSync == nil
            let keptLocal = try Set(Int64.fetchAll(db, sql: "SELECT repositoryID FROM star_kept_local WHERE login = ?", arguments: [login]))
            // An imported favorite counts from when it came in, not from the date in the file.
            let imported = try Self.repositoryImportDates(db)
            let remoteIDs = Set(remote.map(\.id))
            var merged = remote.filter { pending[$0.id] != .unstar }
            var offered: [RepositoryFavorite] = []
            for favorite in local where !remoteIDs.contains(favorite.id) {
                switch pending[favorite.id] {
                case .star?: merged.append(favorite)
                case .unstar?: continue
                case nil where isFirst:
                    merged.append(favorite)
                    offered.append(favorite)
                case nil where keptLocal.contains(favorite.id): merged.append(favorite)
                case nil where lastSync.map({ max(favorite.addedAt, imported[favorite.id] ?? favorite.addedAt) > $0 }) == true:
                    // Starred (or imported) here since the last sync (signed out, say): asked
                    // about, not dropped.
                    merged.append(favorite)
                    offered.append(favorite)
                case nil: continue
                }
            }
            let localIDs = Set(local.map(\.id))
            let mergedIDs = Set(merged.map(\.id))
            _ = try Self.replaceRepositoryFavorites(with: merged, db)
            // Kept-local marks for repositories gone, or starred on GitHub since, are done with.
            for id in keptLocal where !mergedIDs.contains(id) || remoteIDs.contains(id) {
                try db.execute(sql: "DELETE FROM star_kept_local WHERE login = ? AND repositoryID = ?", arguments: [login, id])
            }
            // Import dates matter until the import is offered; the offer's answer settles it.
            let offeredIDs = Set(offered.map(\.id))
            for id in imported.keys where !offeredIDs.contains(id) {
                try db.execute(sql: "DELETE FROM favorite_repository_import WHERE repositoryID = ?", arguments: [id])
            }
            // Recorded once nothing is left to ask (the answer records it otherwise).
            if offered.isEmpty {
                try db.execute(sql: "INSERT OR REPLACE INTO star_sync (login, syncedAt) VALUES (?, ?)", arguments: [login, date])
            }
            return StarMerge(offered: offered.sorted { $0.fullName.lowercased() < $1.fullName.lowercased() },
                             added: mergedIDs.subtracting(localIDs).count, removed: localIDs.subtracting(mergedIDs).count)
        }
    }
}
