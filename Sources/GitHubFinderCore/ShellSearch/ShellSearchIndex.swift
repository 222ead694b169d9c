import Foundation
import GRDB

/// Every favorite of one database, folded for GNOME Shell's search: one contiguous buffer of
/// text (`primary` then `secondary` per favorite) and where each favorite's text is. People are
/// found by login (primary), name, note and tags; repositories by `owner/name` (primary),
/// description, note and tags; recent searches by their words.
struct ShellSearchIndex: Sendable {
    enum Kind: UInt8, Sendable { case person, repository, search }

    struct Entry: Sendable {
        var kind: Kind
        var id: Int64
        var start: Int32
        /// Where `secondary` starts (after a separating newline).
        var split: Int32
        var end: Int32
    }

    private(set) var text: [UInt8] = []
    private(set) var entries: [Entry] = []
    /// The recent searches, by the id of their entries (a position here).
    private(set) var searches: [(scope: SearchScope, query: String)] = []

    /// Reads both tables in one read transaction.
    static func read(_ db: Database) throws -> ShellSearchIndex {
        var index = ShellSearchIndex()
        // A file the app has not migrated yet may lack the repositories' table.
        let tables = try [PersonFavorite.databaseTableName, RepositoryFavorite.databaseTableName].filter { try db.tableExists($0) }
        let count = try tables.reduce(0) { $0 + (try AppDatabase.rowCount(db, table: $1)) }
        index.entries.reserveCapacity(count)
        index.text.reserveCapacity(count * 40)
        if tables.contains(PersonFavorite.databaseTableName) {
            let notes = try notesColumns(db, PersonFavorite.databaseTableName)
            try AppDatabase.step(db, "SELECT id, login, name, \(notes) FROM favorite") { statement in
                let row = IndexedRow(statement: statement)
                index.append(.person, row.id, primary: row.text(1), secondary: [row.text(2), row.text(3), row.text(4)])
            }
        }
        if tables.contains(RepositoryFavorite.databaseTableName) {
            let notes = try notesColumns(db, RepositoryFavorite.databaseTableName)
            try AppDatabase.step(db, "SELECT id, fullName, description, \(notes) FROM favorite_repository") { statement in
                let row = IndexedRow(statement: statement)
                index.append(.repository, row.id, primary: row.text(1), secondary: [row.text(2), row.text(3), row.text(4)])
            }
        }
        if try db.tableExists("search_history") {
            for row in try Row.fetchAll(db, sql: "SELECT scope, query FROM search_history ORDER BY searchedAt DESC") {
                guard let scope = SearchScope(rawValue: row[0]), let query: String = row[1] else { continue }
                index.appendSearch(scope, query)
            }
        }
        return index
    }

    /// A recent search, found by its words.
    private mutating func appendSearch(_ scope: SearchScope, _ query: String) {
        let id = Int64(searches.count)
        searches.append((scope, query))
        var query = query
        query.withUTF8 { append(.search, id, primary: $0, secondary: []) }
    }

    /// "note, tags", or NULLs in a file the app has not migrated to notes yet.
    private static func notesColumns(_ db: Database, _ table: String) throws -> String {
        try db.columns(in: table).contains { $0.name == "tags" } ? "note, tags" : "NULL, NULL"
    }

    private mutating func append(_ kind: Kind, _ id: Int64, primary: UnsafeBufferPointer<UInt8>?, secondary: [UnsafeBufferPointer<UInt8>?]) {
        let start = Int32(text.count)
        fold(primary)
        let split = Int32(text.count) + 1
        for part in secondary {
            text.append(UInt8(ascii: "\n"))
            fold(part)
        }
        entries.append(Entry(kind: kind, id: id, start: start, split: split, end: Int32(text.count)))
    }

    private mutating func fold(_ bytes: UnsafeBufferPointer<UInt8>?) {
        guard let bytes, !bytes.isEmpty else { return }
        if bytes.allSatisfy({ $0 < 0x80 }) {
            for byte in bytes { text.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
        } else {
            SearchFolding.append(String(decoding: bytes, as: UTF8.self), to: &text)
        }
    }

    /// The best `limit` favorites matching every term, best first: a term that is the whole
    /// login or repository name ranks first, then one it begins, then one beginning a word,
    /// then one anywhere; ties go to the shorter, then alphabetical, login or `owner/name`.
    func search(_ terms: [String], limit: Int) -> [Entry] {
        let folded = terms.map { SearchFolding.fold($0.trimmingCharacters(in: .whitespacesAndNewlines)) }.filter { !$0.isEmpty }
        guard !folded.isEmpty else { return [] }
        // The best `limit` so far, best first: a match that is not better than the last of a
        // full list is dropped at once, so a short term matching 100,000 favorites sorts none.
        var best: [(score: Int, entry: Entry)] = []
        best.reserveCapacity(limit + 1)
        text.withUnsafeBufferPointer { all in
            for entry in entries {
                let haystack = UnsafeBufferPointer(rebasing: all[Int(entry.start)..<Int(entry.end)])
                let primaryLength = Int(entry.split - entry.start) - 1
                var score = 0
                for term in folded {
                    guard let at = SearchFolding.find(term[...], in: haystack) else { score = -1; break }
                    score += Self.score(term, at: at, in: haystack, primaryLength: primaryLength, kind: entry.kind)
                }
                guard score >= 0 else { continue }
                if best.count == limit, let last = best.last, !precedes((score, entry), last) { continue }
                let position = best.firstIndex { precedes((score, entry), $0) } ?? best.count
                best.insert((score, entry), at: position)
                if best.count > limit { best.removeLast() }
            }
        }
        return best.map(\.entry)
    }

    /// Better score first; then the shorter, then the alphabetically first, login or `owner/name`.
    private func precedes(_ first: (score: Int, entry: Entry), _ second: (score: Int, entry: Entry)) -> Bool {
        if first.score != second.score { return first.score < second.score }
        let (a, b) = (primary(first.entry), primary(second.entry))
        return a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
    }

    func primary(_ entry: Entry) -> ArraySlice<UInt8> {
        text[Int(entry.start)..<Int(entry.split) - 1]
    }

    /// 0: the whole login or repository name; 1: its beginning; 2: a word's beginning; 3: inside.
    private static func score(_ term: [UInt8], at first: Int, in haystack: UnsafeBufferPointer<UInt8>, primaryLength: Int, kind: Kind) -> Int {
        let primary = UnsafeBufferPointer(rebasing: haystack[0..<primaryLength])
        // A repository is named by its part after the owner as much as by the whole.
        let nameStart = kind == .repository ? (primary.firstIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0) : 0
        let name = UnsafeBufferPointer(rebasing: primary[nameStart...])
        if name.elementsEqual(term) || primary.elementsEqual(term) { return 0 }
        if name.starts(with: term) || primary.starts(with: term) { return 1 }
        var at: Int? = first
        var offset = 0
        while let found = at {
            let position = offset + found
            if position == 0 || !isWordByte(haystack[position - 1]) { return 2 }
            offset = position + 1
            guard offset < haystack.count else { break }
            at = SearchFolding.find(term[...], in: UnsafeBufferPointer(rebasing: haystack[offset...]))
        }
        return 3
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A)
    }
}
