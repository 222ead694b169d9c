import Foundation
import GRDB
import GRDBSQLite

extension AppDatabase {
    /// How many rows `table` has: the capacity an index builder reserves.
    static func rowCount(_ db: Database, table: String) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
    }

    /// Reads `columns` (the first is the id) of every row of `table` for an index builder, and
    /// returns the builder's sort hint: positions of those rows (in the order read) sorted by
    /// `order`, or nil when they could not all be placed. `alongside` runs on another thread
    /// while SQLite reads that order (the builder's own work that needs no order).
    ///
    /// Steps the statements by hand and hands SQLite's own text buffers to `body`, reading the
    /// table in its stored order (by id), then takes the display order from an index on `order`
    /// alone: what keeps opening the tab over 100,000 favorites in tens of milliseconds. Measured
    /// on 100,000: `Row` decoding into `PersonFavorite` (a `URL` and a `Date` parsed each) took over
    /// 200 ms, and even a bare read of every column `ORDER BY login` took 115 ms (one table look-up
    /// per row) against 25 ms for the scan by id.
    static func scanForIndex(_ db: Database, table: String, columns: String, order: String, _ body: (IndexedRow) throws -> Void,
                             alongside: () -> Void) throws -> [Int32]? {
        var ids: [Int64] = []
        try step(db, "SELECT \(columns) FROM \(table) ORDER BY id") { statement in
            let row = IndexedRow(statement: statement)
            try body(row)
            ids.append(row.id)
        }
        // The display order, nearly: ids by `order` from its index alone (it covers `id`, so no
        // table look-ups), each found in the id-ordered scan above. The connection stays on this
        // thread; another runs `alongside` meanwhile.
        return try withoutActuallyEscaping(alongside) { alongside in
            let work = AlongsideWork(run: alongside)
            let done = DispatchGroup()
            DispatchQueue.global(qos: .userInitiated).async(group: done) { work.run() }
            // `alongside` must be over before this returns, thrown out of or not.
            defer { done.wait() }
            return try orderHint(db, table: table, order: order, ids: ids)
        }
    }

    /// Positions in `ids` (ascending) of the rows of `table` sorted by `order`; nil when one of
    /// them is not in `ids`.
    private static func orderHint(_ db: Database, table: String, order: String, ids: [Int64]) throws -> [Int32]? {
        var hint: [Int32] = []
        hint.reserveCapacity(ids.count)
        var complete = true
        try ids.withUnsafeBufferPointer { ids in
            let positions = SortedIDPositions(ids)
            try step(db, "SELECT id FROM \(table) ORDER BY \(order)") { row in
                if let position = positions.position(of: sqlite3_column_int64(row, 0)) { hint.append(Int32(position)) } else { complete = false }
            }
        }
        return complete && hint.count == ids.count ? hint : nil
    }

    /// Runs `sql` and calls `body` with the statement on each row; the statement is only valid
    /// during the call.
    static func step(_ db: Database, _ sql: String, _ body: (SQLiteStatement) throws -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            try body(handle)
        }
    }
}

/// The work `scanForIndex` hands to another thread. Unchecked: the caller's closure touches only
/// its builder, which nothing else uses until the work is waited for.
private struct AlongsideWork: @unchecked Sendable {
    let run: () -> Void
}

/// A row being stepped by `AppDatabase.scanForIndex`: its columns as SQLite holds them, valid
/// only during the call it is given to.
struct IndexedRow {
    let statement: SQLiteStatement

    var id: Int64 { sqlite3_column_int64(statement, 0) }

    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    /// SQLite's own UTF-8 buffer of a text column; nil for NULL.
    func text(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column)))
    }
}

/// Where each id is in an ascending list, in about one step: a directory of up to 65,536 buckets
/// over the id range points at the first position of each (a binary search per favorite cost
/// 13 ms over 100,000).
private struct SortedIDPositions {
    let ids: UnsafeBufferPointer<Int64>
    let minimum: Int64
    let shift: UInt64
    let directory: [Int32]

    init(_ ids: UnsafeBufferPointer<Int64>) {
        self.ids = ids
        minimum = ids.first ?? 0
        let range = UInt64(bitPattern: (ids.last ?? 0) &- minimum)
        shift = UInt64(max(0, 64 - range.leadingZeroBitCount - 16))
        var directory = [Int32](repeating: -1, count: Int(range >> shift) + 2)
        for position in ids.indices.reversed() {
            directory[Int(UInt64(bitPattern: ids[position] &- minimum) >> shift)] = Int32(position)
        }
        var next = Int32(ids.count)
        for bucket in directory.indices.reversed() {
            if directory[bucket] < 0 { directory[bucket] = next } else { next = directory[bucket] }
        }
        self.directory = directory
    }

    func position(of id: Int64) -> Int? {
        guard let last = ids.last, id >= minimum, id <= last else { return nil }
        var position = Int(directory[Int(UInt64(bitPattern: id &- minimum) >> shift)])
        while position < ids.count && ids[position] < id { position += 1 }
        return position < ids.count && ids[position] == id ? position : nil
    }
}
