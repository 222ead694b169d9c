import Foundation
import GRDB

/// A kind of favorite as an import merges it: its snapshot columns, the name that is unique
/// among favorites of the kind (a login, an owner/name), and where its unstarred notes wait.
protocol ImportedFavorite: Equatable, FetchableRecord, TableRecord {
    var id: Int64 { get }
    var addedAt: Date { get set }
    var notes: FavoriteNotes { get set }
    /// The name no two favorites of the kind share (compared as SQLite's NOCASE does).
    var uniqueName: String { get }
    /// The snapshot's columns, but for `id`, `addedAt`, `note` and `tags`.
    static var snapshotColumns: [String] { get }
    /// Their values, in that order.
    var snapshotValues: [(any DatabaseValueConvertible)?] { get }
    /// The `kind` of its rows in `unstarred_notes`.
    static var unstarredKind: String { get }
}

extension Favorite: ImportedFavorite {
    var uniqueName: String { login }
    static let snapshotColumns = ["login", "name", "avatarURL", "type", "profileURL"]
    var snapshotValues: [(any DatabaseValueConvertible)?] { [login, name, avatarURL?.absoluteString, type, profileURL?.absoluteString] }
    static let unstarredKind = "person"
}

extension RepositoryFavorite: ImportedFavorite {
    var uniqueName: String { fullName }
    static let snapshotColumns = ["fullName", "ownerLogin", "ownerID", "name", "description", "language", "stars", "ownerAvatarURL", "htmlURL"]
    var snapshotValues: [(any DatabaseValueConvertible)?] {
        [fullName, ownerLogin, ownerID, name, description, language, stars, ownerAvatarURL?.absoluteString, htmlURL?.absoluteString]
    }
    static let unstarredKind = "repository"
}

/// What merging one kind of favorite did to each row of the file.
enum ImportOutcome {
    case added, updated, unchanged
}

extension AppDatabase {
    /// Merges a file's favorites of one kind by id inside the import's transaction, at the speed
    /// of SQLite: the kind's rows are read once, and each row of the file is one prepared
    /// statement (no statement compiled per row, no date formatter). New ones are added with the
    /// date they were starred, known ones get the file's snapshot (keeping the earlier date, their
    /// own note or else the file's, and the tags of both), and nothing is removed. A favorite
    /// holding a new one's unique name under another id (renamed, and the name reused) gives way.
    /// `outcome` is told what became of each.
    static func merge<Record: ImportedFavorite>(_ records: [Record], _ db: Database, outcome: (Record, ImportOutcome) throws -> Void) throws {
        var existing = Dictionary(try Record.fetchAll(db).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var idByName = Dictionary(existing.values.map { (foldedName($0.uniqueName), $0.id) }, uniquingKeysWith: { first, _ in first })
        let withNotesAside = Set(try Int64.fetchAll(db, sql: "SELECT id FROM unstarred_notes WHERE kind = ?", arguments: [Record.unstarredKind]))
        let table = Record.databaseTableName
        let columns = Record.snapshotColumns
        let insert = try db.cachedStatement(sql: """
            INSERT INTO \(table) (id, \(columns.joined(separator: ", ")), addedAt, note, tags)
            VALUES (?, \(columns.map { _ in "?" }.joined(separator: ", ")), \(storedDate), ?, ?)
            """)
        let update = try db.cachedStatement(sql: """
            UPDATE \(table) SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")), addedAt = \(storedDate), note = ?, tags = ? WHERE id = ?
            """)
        let delete = try db.cachedStatement(sql: "DELETE FROM \(table) WHERE id = ?")
        for var record in records {
            let old = existing[record.id]
            if let old {
                record.addedAt = min(old.addedAt, record.addedAt)
                record.notes = old.notes.merged(with: record.notes)
            }
            if old == record {
                try outcome(record, .unchanged)
                continue
            }
            let name = foldedName(record.uniqueName)
            if let other = idByName[name], other != record.id {
                try delete.execute(arguments: [other])
                existing[other] = nil
            }
            if let old, foldedName(old.uniqueName) != name { idByName[foldedName(old.uniqueName)] = nil }
            idByName[name] = record.id
            let tags = FavoriteTags.stored(record.notes.tags)
            let snapshot = StatementArguments(record.snapshotValues)
            if old != nil {
                try update.execute(arguments: snapshot + [record.addedAt.timeIntervalSince1970, record.notes.note, tags, record.id])
                try outcome(record, .updated)
            } else {
                try insert.execute(arguments: [record.id] + snapshot + [record.addedAt.timeIntervalSince1970, record.notes.note, tags])
                // The file's notes win whole over what was put aside when it was unstarred (the
                // trigger brings those back for the parts the file lacks); none in the file, the
                // put-aside ones come back.
                if withNotesAside.contains(record.id), !record.notes.isEmpty { _ = try setNotes(record.notes, table: table, id: record.id, db) }
                try outcome(record, .added)
            }
            existing[record.id] = record
        }
    }

    private static let storedDate = AppDatabase.storedDateSQL

    /// ASCII letters lowered, as SQLite's NOCASE compares.
    static func foldedName(_ name: String) -> String {
        String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
