import CSQLite

/// One connection to an SQLite database (libsqlite3, through `CSQLite`), used from one thread
/// at a time. Statements are prepared per call; `transaction` wraps a body in
/// `BEGIN IMMEDIATE … COMMIT` (rolled back when the body throws).
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    /// The file's path, or `:memory:`.
    let path: String

    /// Opens (and with `create`, makes) a database.
    /// - Parameters:
    ///   - path: the file's path, or `:memory:`.
    ///   - create: whether a missing file is made.
    ///   - busyMilliseconds: how long a statement waits for another connection's lock.
    /// - Throws: `SQLiteError` when it cannot be opened.
    init(path: String, create: Bool, busyMilliseconds: Int32) throws(SQLiteError) {
        self.path = path
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close(db)
            throw SQLiteError(code: rc & 0xff, message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 0)
        sqlite3_busy_timeout(db, busyMilliseconds)
    }

    deinit { close() }

    /// Closes the connection (any later call fails with `SQLITE_MISUSE`).
    func close() {
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    private func failure(_ rc: Int32) -> SQLiteError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed"
        return SQLiteError(code: rc & 0xff, message: message)
    }

    /// Runs statements without parameters or rows (`;`-separated).
    /// - Throws: `SQLiteError`.
    func execute(_ sql: String) throws(SQLiteError) {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "closed") }
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw failure(rc) }
    }

    /// Runs one statement with parameters, calling `row` for each row it gives.
    /// - Parameters:
    ///   - sql: one statement, parameters as `?`.
    ///   - parameters: the values, in order.
    ///   - row: called with each row's columns.
    /// - Throws: `SQLiteError`, or what `row` throws.
    func query(_ sql: String, _ parameters: [SQLiteValue] = [], row: ([SQLiteValue]) throws -> Void = { _ in }) throws {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        try run(statement, parameters, row: row)
    }

    /// Runs one prepared statement once per parameter list (an insert of many rows).
    /// - Throws: `SQLiteError`.
    func repeatedly(_ sql: String, _ parameterLists: [[SQLiteValue]]) throws {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        for parameters in parameterLists {
            try run(statement, parameters, row: { _ in })
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
    }

    /// The first column of the first row, as an integer (0 when there is none).
    /// - Throws: `SQLiteError`.
    func integer(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> Int64 {
        var value: Int64 = 0
        var first = true
        try query(sql, parameters) { columns in
            if first, case .integer(let n)? = columns.first { value = n }
            first = false
        }
        return value
    }

    /// The first column of every row, as text.
    /// - Throws: `SQLiteError`.
    func texts(_ sql: String) throws -> [String] {
        var out: [String] = []
        try query(sql) { columns in
            if case .text(let s)? = columns.first { out.append(s) }
        }
        return out
    }

    /// Runs `body` in `BEGIN IMMEDIATE … COMMIT` (the write lock taken at the start, waiting up
    /// to the busy timeout for another connection's); a throw rolls it back.
    /// - Throws: `SQLiteError`, or what `body` throws (after the rollback).
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func prepare(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "closed") }
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw failure(rc) }
        return statement
    }

    private func run(_ statement: OpaquePointer, _ parameters: [SQLiteValue], row: ([SQLiteValue]) throws -> Void) throws {
        for (offset, value) in parameters.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .integer(let n): rc = sqlite3_bind_int64(statement, index, n)
            case .null: rc = sqlite3_bind_null(statement, index)
            case .text(let s):
                var copy = s
                rc = copy.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { dc_sqlite_bind_text(statement, index, $0.baseAddress, Int32(bytes.count)) }
                }
            }
            guard rc == SQLITE_OK else { throw failure(rc) }
        }
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { return }
            guard rc == SQLITE_ROW else { throw failure(rc) }
            let count = sqlite3_column_count(statement)
            var columns: [SQLiteValue] = []
            columns.reserveCapacity(Int(count))
            for column in 0..<count {
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: columns.append(.integer(sqlite3_column_int64(statement, column)))
                case SQLITE_NULL: columns.append(.null)
                default:
                    var length: Int32 = 0
                    if let text = dc_sqlite_column_text(statement, column, &length) {
                        columns.append(.text(String(decoding: UnsafeBufferPointer(start: text, count: Int(length)), as: UTF8.self)))
                    } else {
                        columns.append(.null)
                    }
                }
            }
            try row(columns)
        }
    }
}
