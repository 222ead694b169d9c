import Foundation
import GRDB

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
    static func merge<Record: FavoriteSnapshot>(_ records: [Record], _ db: Database, outcome: (Record, ImportOutcome) throws -> Void) throws {
        let kind = Record.Kind.self
        var existing = Dictionary(try Record.fetchAll(db).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var idByName = Dictionary(existing.values.map { (foldedName(kind.name(of: $0)), $0.id) }, uniquingKeysWith: { first, _ in first })
        existing.reserveCapacity(existing.count + records.count)
        idByName.reserveCapacity(idByName.count + records.count)
        let withNotesAside = Set(try Int64.fetchAll(db, sql: "SELECT id FROM unstarred_notes WHERE kind = ?", arguments: [kind.notesAsideKind]))
        let table = Record.databaseTableName
        let columns = kind.snapshotColumns
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
            let name = foldedName(kind.name(of: record))
            if let other = idByName[name], other != record.id {
                try delete.execute(arguments: [other])
                existing[other] = nil
            }
            if let old, foldedName(kind.name(of: old)) != name { idByName[foldedName(kind.name(of: old))] = nil }
            idByName[name] = record.id
            // One array of values per row, in the statement's order.
            var values: [(any DatabaseValueConvertible)?] = old == nil ? [record.id] : []
            values.reserveCapacity(columns.count + 4)
            values += kind.snapshotValues(of: record)
            values += [record.addedAt.timeIntervalSince1970, record.notes.note, FavoriteTags.stored(record.notes.tags)]
            if old != nil {
                values.append(record.id)
                try update.execute(arguments: StatementArguments(values))
                try outcome(record, .updated)
            } else {
                try insert.execute(arguments: StatementArguments(values))
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
        // Most names have no capital: kept as they are.
        guard name.utf8.contains(where: { (65...90).contains($0) }) else { return name }
        return String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
