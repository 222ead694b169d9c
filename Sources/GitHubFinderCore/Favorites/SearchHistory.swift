import Foundation
import GRDB

/// The queries searched lately, per scope (the last 50 of each), in the favorites database of
/// the server they were searched on: shown under an empty search entry and among GNOME Shell's
/// answers. A query is kept once a search of it brought results; the shorter queries typed on
/// the way to it in the minute before are dropped for it. Nothing that looks like a token is
/// ever kept (`isKept`), and sign-in fields never reach it.
public struct SearchHistory: Sendable {
    /// Queries kept per scope.
    public static let limit = 50
    /// A query recorded within this long after a shorter one it begins with replaces it.
    static let typingWindow: TimeInterval = 60

    public let database: AppDatabase
    public let scope: SearchScope

    public init(database: AppDatabase, scope: SearchScope) {
        self.database = database
        self.scope = scope
    }

    /// The "v7.searchHistory" migration.
    static func create(_ db: Database) throws {
        try db.create(table: "search_history") { table in
            table.column("scope", .text).notNull()
            table.column("query", .text).notNull().collate(.nocase)
            table.column("searchedAt", .datetime).notNull()
            table.primaryKey(["scope", "query"])
        }
        try db.create(index: "search_history_on_searchedAt", on: "search_history", columns: ["scope", "searchedAt"])
    }

    /// False for what must never be written down: a GitHub token (`ghp_…`, `github_pat_…`, a
    /// 40-digit hex one), or anything over 256 characters.
    public static func isKept(_ query: String) -> Bool {
        let text = trimmed(query)
        guard !text.isEmpty, text.count <= 256 else { return false }
        let lowered = text.lowercased()
        let bytes = Array(lowered.utf8)
        let marks = ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"].map { Array($0.utf8) }
        // Byte by byte: Foundation's `contains` would go through CoreFoundation's locale-aware compare.
        if marks.contains(where: { mark in bytes.indices.contains { bytes[$0...].starts(with: mark) } }) { return false }
        let words = lowered.split(whereSeparator: { $0.isWhitespace || $0 == ":" })
        return !words.contains { $0.count >= 40 && $0.allSatisfy(\.isHexDigit) }
    }

    /// Writes `query` down as searched at `date` (see the type's rules).
    public func record(_ query: String, at date: Date = Date()) throws(FavoritesStoreError) {
        let text = Self.trimmed(query)
        guard Self.isKept(text) else { return }
        let seconds = date.timeIntervalSince1970
        try database.write { db in
            let recent = try String.fetchAll(db, sql: "SELECT query FROM search_history WHERE scope = ? AND searchedAt > \(Self.storedDate)",
                                             arguments: [scope.rawValue, seconds - Self.typingWindow])
            let lowered = text.lowercased()
            for earlier in recent where earlier.count < text.count && lowered.hasPrefix(earlier.lowercased()) {
                try db.execute(sql: "DELETE FROM search_history WHERE scope = ? AND query = ?", arguments: [scope.rawValue, earlier])
            }
            try db.execute(sql: "INSERT OR REPLACE INTO search_history (scope, query, searchedAt) VALUES (?, ?, \(Self.storedDate))", arguments: [scope.rawValue, text, seconds])
            try db.execute(sql: """
                DELETE FROM search_history WHERE scope = ? AND query NOT IN
                (SELECT query FROM search_history WHERE scope = ? ORDER BY searchedAt DESC LIMIT ?)
                """, arguments: [scope.rawValue, scope.rawValue, Self.limit])
        }
    }

    /// A date given in seconds since 1970, as SQLite writes it in the column.
    static let storedDate = AppDatabase.storedDateSQL

    /// `query` without the white space around it, by the standard library's idea of white space
    /// (Foundation's `trimmingCharacters` loads its character tables for it).
    static func trimmed(_ query: String) -> String {
        guard let first = query.firstIndex(where: { !$0.isWhitespace }),
              let last = query.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(query[first...last])
    }

    public func remove(_ query: String) throws(FavoritesStoreError) {
        try database.write { db in try db.execute(sql: "DELETE FROM search_history WHERE scope = ? AND query = ?", arguments: [scope.rawValue, query]) }
    }

    /// The queries, newest first.
    public func recent() throws(FavoritesStoreError) -> [String] {
        try database.read { db in try Self.recent(db, scope: scope) }
    }

    static func recent(_ db: Database, scope: SearchScope) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT query FROM search_history WHERE scope = ? ORDER BY searchedAt DESC", arguments: [scope.rawValue])
    }

    /// The queries now and after each change.
    public func observe() -> AsyncStream<[String]> {
        let scope = scope
        return database.stream(ValueObservation.tracking { db in try Self.recent(db, scope: scope) })
    }
}

extension AppDatabase {
    /// Forgets every query searched, of both scopes (Preferences › Clear Search History).
    public func clearSearchHistory() throws(FavoritesStoreError) {
        try write { db in try db.execute(sql: "DELETE FROM search_history") }
    }

    /// How many queries are kept, of both scopes.
    public func searchHistoryCount() throws(FavoritesStoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM search_history") ?? 0 }
    }
}
