import Foundation
import GRDB

extension AppDatabase {
    /// Opens the favorites file for this session. In this order, and nothing writes to an
    /// existing file before step 2 has passed:
    /// 1. the folder is created if missing;
    /// 2. an existing file is checked on a read-only connection (`PRAGMA quick_check`). A file that
    ///    is damaged or not a database is renamed, unchanged and with its `-wal`/`-shm`, to
    ///    `favorites.sqlite.damaged-<UTC time>`; `recovery` says where it went;
    /// 3. the file is opened (created if needed) as a WAL pool, every connection with
    ///    `synchronous = FULL`, and migrated.
    /// Throws only when no database can be used at that path (folder or file permissions, a
    /// read-only disk, a damaged file that cannot be moved); the caller then falls back to memory.
    /// `indexCache`: the folder the built Favorites indexes are kept in between sessions
    /// (`AppDatabase+IndexSnapshots.swift`); nil keeps none.
    public static func open(at file: URL, indexCache: URL? = nil, now: Date = Date()) throws(FavoritesStoreError) -> AppDatabase {
        let path = file.path
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: path, reason: tr("the folder cannot be created"))
        }
        var recovery: FavoritesRecovery?
        if FileManager.default.fileExists(atPath: path), try !isSound(path) {
            recovery = FavoritesRecovery(originalPath: path, movedTo: try moveAside(path, now: now))
        }
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            // FULL: a favorite acknowledged to the user survives a crash and a power cut. Set on
            // every connection GRDB opens, the writer included.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            // Measured: with only `prepareDatabase`, the pool's writer reports NORMAL (1) once the
            // file is in WAL mode; set FULL on the writer after opening (a test holds it at 2).
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            return try AppDatabase(pool, path: path, recovery: recovery, indexSnapshots: indexCache.map { IndexSnapshotFiles(folder: $0) })
        } catch {
            throw FavoritesStoreError.from(error, path: path)
        }
    }

    /// `PRAGMA quick_check` on a read-only connection: false for a damaged file or one that is not
    /// a database; throws when the file cannot be read at all (that is not damage).
    static func isSound(_ path: String) throws(FavoritesStoreError) -> Bool {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            let result = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
            return result == ["ok"]
        } catch {
            let mapped = FavoritesStoreError.from(error, path: path)
            if case .corrupt = mapped { return false }
            throw mapped
        }
    }

    /// Renames the file and its `-wal`/`-shm` to `<file>.damaged-<UTC time>` (plus `-wal`/`-shm`,
    /// so SQLite still opens the pair together); returns the new path. Renaming keeps every byte.
    static func moveAside(_ path: String, now: Date) throws(FavoritesStoreError) -> String {
        let files = FileManager.default
        let stamp = damagedStamp(now)
        var target = "\(path).damaged-\(stamp)"
        var attempt = 2
        while files.fileExists(atPath: target) {
            target = "\(path).damaged-\(stamp)-\(attempt)"
            attempt += 1
        }
        do {
            try files.moveItem(atPath: path, toPath: target)
        } catch {
            throw .cannotOpen(path: path, reason: tr("the damaged file cannot be moved aside"))
        }
        for suffix in ["-wal", "-shm"] where files.fileExists(atPath: path + suffix) {
            do {
                try files.moveItem(atPath: path + suffix, toPath: target + suffix)
            } catch {
                // A fresh database must never meet the old journal: put the file back and stop.
                try? files.moveItem(atPath: target, toPath: path)
                throw .cannotOpen(path: path, reason: tr("the damaged file's {suffix} cannot be moved aside", ["suffix": suffix]))
            }
        }
        return target
    }

    /// `2026-11-22T10-00-00` in UTC: sortable, and without the colons some file managers mangle.
    static func damagedStamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH-mm-ss"
        return formatter.string(from: date)
    }
}
