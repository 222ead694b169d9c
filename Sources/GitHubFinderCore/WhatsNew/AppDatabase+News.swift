import Foundation
import GRDB

/// What's New in the favorites database (so it is per server, like the favorites): each
/// favorite's last check (`news_source`), the favorites with the bell on (`news_watch`), and
/// the entries found (`news_entry`). Dates are seconds since 1970. Entries are bounded to the
/// newest `newsEntryLimit`. A favorite unstarred keeps its bell, state and entries (hidden) until
/// the checker's next start, so Undo or starring it again brings them back.
extension AppDatabase {
    /// The most entries kept: a year of a busy list, a few hundred KB.
    public static let newsEntryLimit = 1_000

    static func createNews(_ db: Database) throws {
        try db.create(table: "news_source") { table in
            table.primaryKey("key", .text)
            table.column("etag", .text)
            /// Item keys, newest first, one per line.
            table.column("known", .text).notNull().defaults(to: "")
            table.column("baselineAt", .double).notNull()
            table.column("checkedAt", .double).notNull()
        }
        try db.create(table: "news_watch") { table in
            table.primaryKey("key", .text)
            table.column("since", .double).notNull()
        }
        try db.create(table: "news_entry") { table in
            table.primaryKey("id", .text)
            table.column("sourceKey", .text).notNull().indexed()
            table.column("kind", .text).notNull()
            table.column("repositoryID", .integer).notNull()
            table.column("fullName", .text).notNull()
            table.column("tag", .text)
            table.column("title", .text)
            table.column("excerpt", .text)
            table.column("date", .double).notNull().indexed()
            table.column("htmlURL", .text)
            table.column("avatarURL", .text)
            table.column("isRead", .boolean).notNull().defaults(to: false)
            table.column("isNew", .boolean).notNull().defaults(to: false)
            /// Its favorite was unstarred (SQLite triggers, so no path can forget it).
            table.column("isHidden", .boolean).notNull().defaults(to: false)
        }
        for (table, kind) in [(PersonFavorite.databaseTableName, NewsSource.Kind.person), (RepositoryFavorite.databaseTableName, .repository)] {
            try db.execute(sql: """
                CREATE TRIGGER \(table)_news_put_aside AFTER DELETE ON \(table)
                BEGIN
                    UPDATE news_entry SET isHidden = 1 WHERE sourceKey = '\(kind.rawValue):' || old.id;
                END;
                CREATE TRIGGER \(table)_news_brought_back AFTER INSERT ON \(table)
                BEGIN
                    UPDATE news_entry SET isHidden = 0 WHERE sourceKey = '\(kind.rawValue):' || new.id AND isHidden;
                END;
                """)
        }
    }

    // MARK: Reads

    /// Every favorite, repositories first, each in the order it was added.
    public func newsSources() throws(FavoritesStoreError) -> [NewsSource] {
        try read { db in
            let repositories = try Row.fetchAll(db, sql: "SELECT id, fullName, ownerAvatarURL FROM \(RepositoryFavorite.databaseTableName) ORDER BY addedAt, id").map { row in
                NewsSource(kind: .repository, id: row["id"], name: row["fullName"], avatarURL: (row["ownerAvatarURL"] as String?).flatMap(URL.init(string:)))
            }
            let people = try Row.fetchAll(db, sql: "SELECT id, login, avatarURL FROM \(PersonFavorite.databaseTableName) ORDER BY addedAt, id").map { row in
                NewsSource(kind: .person, id: row["id"], name: row["login"], avatarURL: (row["avatarURL"] as String?).flatMap(URL.init(string:)))
            }
            return repositories + people
        }
    }

    /// Whether there is any favorite to check.
    public func hasFavorites() throws(FavoritesStoreError) -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(RepositoryFavorite.databaseTableName)) OR EXISTS (SELECT 1 FROM \(PersonFavorite.databaseTableName))") ?? false
        }
    }

    /// What each checked favorite's last check left, by `NewsSource.key`.
    public func newsStates() throws(FavoritesStoreError) -> [String: NewsSourceState] {
        try read { db in
            var states: [String: NewsSourceState] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, etag, known, baselineAt, checkedAt FROM news_source") {
                let known: String = row["known"]
                states[row["key"]] = NewsSourceState(etag: row["etag"], known: known.split(separator: "\n").map(String.init),
                                                     baselineAt: Date(timeIntervalSince1970: row["baselineAt"]), checkedAt: Date(timeIntervalSince1970: row["checkedAt"]))
            }
            return states
        }
    }

    /// Tells when the entries or the favorites change (a check, a read, a star or unstar from
    /// anywhere): What's New on screen reads them again.
    public func newsChanges() -> AsyncStream<Int> {
        // The favorites' ids only: a note saved or a snapshot refreshed is no change here.
        stream(ValueObservation.tracking(region: Table("news_entry"), Table(PersonFavorite.databaseTableName).select(Column("id")),
                                         Table(RepositoryFavorite.databaseTableName).select(Column("id"))) { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM news_entry WHERE NOT isRead AND NOT isHidden") ?? 0
        })
    }

    /// The newest entries first (at most `limit`).
    public func newsEntries(limit: Int = newsEntryLimit) throws(FavoritesStoreError) -> [NewsEntry] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM news_entry WHERE NOT isHidden ORDER BY date DESC, id LIMIT ?", arguments: [limit]).map(Self.newsEntry)
        }
    }

    /// The entry `id` (a notification's), nil when it is gone or its favorite was unstarred.
    public func newsEntry(id: String) throws(FavoritesStoreError) -> NewsEntry? {
        try read { db in try Row.fetchOne(db, sql: "SELECT * FROM news_entry WHERE id = ? AND NOT isHidden", arguments: [id]).map(Self.newsEntry) }
    }

    /// The repository an entry opens: the favorite's snapshot when it is one (a release's), else
    /// what the entry knows (a new repository's name and description), completed when its page loads.
    public func repository(of entry: NewsEntry) -> Repository {
        if let favorite = try? read({ db in try RepositoryFavorite.fetchOne(db, key: entry.repositoryID) }) ?? nil {
            return favorite.repository
        }
        let name = String(entry.fullName.split(separator: "/").last ?? Substring(entry.fullName))
        return Repository(id: entry.repositoryID, name: name, fullName: entry.fullName, description: entry.kind == .repository ? entry.title : nil,
                          language: nil, stars: 0, forks: 0, isFork: false, isArchived: false, pushedAt: nil, htmlURL: entry.kind == .repository ? entry.htmlURL : nil)
    }

    /// How many entries shown are unread.
    public func unreadNewsCount() throws(FavoritesStoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM news_entry WHERE NOT isRead AND NOT isHidden") ?? 0 }
    }

    /// Which of `ids` (nil: of all entries) are unread.
    public func unreadNewsIDs(among ids: [String]?) throws(FavoritesStoreError) -> Set<String> {
        try read { db in
            guard let ids else { return Set(try String.fetchAll(db, sql: "SELECT id FROM news_entry WHERE NOT isRead AND NOT isHidden")) }
            return Set(try ids.filter { id in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM news_entry WHERE id = ? AND NOT isRead AND NOT isHidden)", arguments: [id]) == true })
        }
    }

    /// The favorites with the bell on, and since when.
    public func newsWatches() throws(FavoritesStoreError) -> [String: Date] {
        try read { db in
            Dictionary(try Row.fetchAll(db, sql: "SELECT key, since FROM news_watch").map { ($0["key"], Date(timeIntervalSince1970: $0["since"])) },
                       uniquingKeysWith: { first, _ in first })
        }
    }

    private static func newsEntry(_ row: Row) -> NewsEntry {
        NewsEntry(id: row["id"], kind: NewsEntry.Kind(rawValue: row["kind"]) ?? .release, sourceKey: row["sourceKey"], repositoryID: row["repositoryID"], fullName: row["fullName"],
                  tag: row["tag"], title: row["title"], excerpt: row["excerpt"], date: Date(timeIntervalSince1970: row["date"]),
                  htmlURL: (row["htmlURL"] as String?).flatMap(URL.init(string:)), avatarURL: (row["avatarURL"] as String?).flatMap(URL.init(string:)),
                  isRead: row["isRead"], isNew: row["isNew"])
    }

    // MARK: Writes

    /// Keeps a check's outcome in one transaction: the favorite's state and the entries it
    /// found. Returns the entries really added: none when the favorite was unstarred while it was
    /// being checked, and none seen before (an entry is added once).
    @discardableResult
    public func recordNewsCheck(of source: NewsSource, state: NewsSourceState, entries: [NewsEntry]) throws(FavoritesStoreError) -> [NewsEntry] {
        try write { db in
            let table = source.kind == .person ? PersonFavorite.databaseTableName : RepositoryFavorite.databaseTableName
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE id = ?)", arguments: [source.id]) == true else { return [] }
            try db.execute(sql: "INSERT OR REPLACE INTO news_source (key, etag, known, baselineAt, checkedAt) VALUES (?, ?, ?, ?, ?)",
                           arguments: [source.key, state.etag, state.known.joined(separator: "\n"), state.baselineAt.timeIntervalSince1970, state.checkedAt.timeIntervalSince1970])
            var added: [NewsEntry] = []
            for entry in entries {
                try db.execute(sql: """
                    INSERT OR IGNORE INTO news_entry (id, sourceKey, kind, repositoryID, fullName, tag, title, excerpt, date, htmlURL, avatarURL, isRead, isNew)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [entry.id, entry.sourceKey, entry.kind.rawValue, entry.repositoryID, entry.fullName, entry.tag, entry.title, entry.excerpt,
                                     entry.date.timeIntervalSince1970, entry.htmlURL?.absoluteString, entry.avatarURL?.absoluteString, entry.isRead, entry.isNew])
                if db.changesCount > 0 { added.append(entry) }
            }
            if !added.isEmpty {
                // Entries hidden with their unstarred favorite wait for the checker's next start.
                try db.execute(sql: "DELETE FROM news_entry WHERE NOT isHidden AND id NOT IN (SELECT id FROM news_entry WHERE NOT isHidden ORDER BY date DESC, id LIMIT ?)",
                               arguments: [Self.newsEntryLimit])
            }
            return added
        }
    }

    /// A check answered "unchanged" (304): only when it was made changes.
    public func recordUnchangedNewsCheck(of source: NewsSource, at date: Date) throws(FavoritesStoreError) {
        try write { db in
            try db.execute(sql: "UPDATE news_source SET checkedAt = ? WHERE key = ?", arguments: [date.timeIntervalSince1970, source.key])
        }
    }

    /// Marks entries read (`NewsChecker.markRead` also takes their notifications away).
    public func markNewsRead(ids: [String]) throws(FavoritesStoreError) {
        try write { db in
            for id in ids { try db.execute(sql: "UPDATE news_entry SET isRead = 1 WHERE id = ? AND NOT isRead", arguments: [id]) }
        }
    }

    /// Marks every entry shown read (`NewsChecker.markAllRead` also takes the notifications away).
    public func markAllNewsRead() throws(FavoritesStoreError) {
        try write { db in try db.execute(sql: "UPDATE news_entry SET isRead = 1 WHERE NOT isRead AND NOT isHidden") }
    }

    /// Forgets what belongs to favorites unstarred before: their state, bell and entries (the
    /// checker's start; until then Undo brings them back).
    public func forgetNewsOfFormerFavorites() throws(FavoritesStoreError) {
        try write { db in
            for (kind, table) in [(NewsSource.Kind.repository, RepositoryFavorite.databaseTableName), (.person, PersonFavorite.databaseTableName)] {
                let prefix = "\(kind.rawValue):"
                for news in ["news_source", "news_watch"] {
                    try db.execute(sql: """
                        DELETE FROM \(news) WHERE substr(key, 1, ?) = ? AND CAST(substr(key, ?) AS INTEGER) NOT IN (SELECT id FROM \(table))
                        """, arguments: [prefix.count, prefix, prefix.count + 1])
                }
            }
            try db.execute(sql: "DELETE FROM news_entry WHERE isHidden")
        }
    }

    /// Turns the bell of a favorite on (from `date`: nothing older is ever announced) or off.
    public func setNewsWatch(_ key: String, since date: Date?) throws(FavoritesStoreError) {
        try write { db in
            if let date {
                try db.execute(sql: "INSERT OR IGNORE INTO news_watch (key, since) VALUES (?, ?)", arguments: [key, date.timeIntervalSince1970])
            } else {
                try db.execute(sql: "DELETE FROM news_watch WHERE key = ?", arguments: [key])
            }
        }
    }
}
