import CSQLite
import Synchronization

/// One connection to an SQLite database (libsqlite3, through `CSQLite`), used from one thread
/// at a time. Statements are prepared per call; `transaction` wraps a body in
/// `BEGIN IMMEDIATE … COMMIT` (rolled back when the body throws).
///
/// A statement that meets another connection's lock waits for it (SQLite's busy handler,
/// sleeping 1 to 50 ms at a time) until `deadline`, or for `busyMilliseconds` from the start of
/// that wait when there is no deadline, then fails with `SQLITE_BUSY`.
final class SQLiteDatabase {
    /// How a file is opened.
    enum Mode: Equatable {
        /// Read and write; `create` makes a missing file.
        case readWrite(create: Bool)
        /// Read only (URI `mode=ro`). `immutable` (URI `immutable=1`) reads the file alone, with
        /// no `-wal`, no `-shm` and no lock: for a folder that cannot be written, where those
        /// files cannot be made.
        case readOnly(immutable: Bool)
    }

    private var handle: OpaquePointer?
    /// The connection's number, unique in this process (`WatchedStamp.connection`).
    let serial: Int
    private static let opened = Atomic<Int>(0)
    /// The file's path, or `:memory:`.
    let path: String
    /// How it was opened.
    let mode: Mode
    /// When the operation running gives up waiting for another connection's lock; nil for a
    /// wait of `busyMilliseconds` each time.
    var deadline: MonotonicDeadline?
    private let busyMilliseconds: Int
    /// The end of the wait going on (set when SQLite first calls the busy handler for it).
    private var waitEnds = MonotonicDeadline(nanoseconds: 0)

    /// Opens (and with `create`, makes) a database for reading and writing.
    /// - Parameters:
    ///   - path: the file's path, or `:memory:`.
    ///   - create: whether a missing file is made.
    ///   - busyMilliseconds: how long a statement waits for another connection's lock when no
    ///     `deadline` is set.
    /// - Throws: `SQLiteError` when it cannot be opened.
    convenience init(path: String, create: Bool, busyMilliseconds: Int32) throws(SQLiteError) {
        try self.init(path: path, mode: .readWrite(create: create), busyMilliseconds: Int(busyMilliseconds))
    }

    /// Opens a database.
    /// - Parameters:
    ///   - path: the file's path, or `:memory:`.
    ///   - mode: read and write, or read only.
    ///   - busyMilliseconds: how long a statement waits for another connection's lock when no
    ///     `deadline` is set.
    /// - Throws: `SQLiteError` when it cannot be opened.
    init(path: String, mode: Mode, busyMilliseconds: Int) throws(SQLiteError) {
        self.path = path
        self.mode = mode
        self.busyMilliseconds = busyMilliseconds
        self.serial = Self.opened.add(1, ordering: .relaxed).newValue
        var db: OpaquePointer?
        let rc: Int32
        switch mode {
        case .readWrite(let create):
            rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX, nil)
        case .readOnly(let immutable):
            let uri = "file:" + Self.percentEncoded(path) + "?mode=ro" + (immutable ? "&immutable=1" : "")
            rc = sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        }
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close(db)
            throw SQLiteError(code: rc & 0xff, message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 0)
        sqlite3_busy_handler(
            db,
            { context, count in
                guard let context else { return 0 }
                return Unmanaged<SQLiteDatabase>.fromOpaque(context).takeUnretainedValue().waitForLock(count: count) ? 1 : 0
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { close() }

    /// Closes the connection (any later call fails with `SQLITE_MISUSE`).
    func close() {
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// SQLite's busy handler: sleeps a little and says to try again until the wait's end.
    private func waitForLock(count: Int32) -> Bool {
        if count == 0 { waitEnds = deadline ?? .after(milliseconds: busyMilliseconds) }
        let steps = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50]
        return waitEnds.sleep(upTo: steps[min(Int(count), steps.count - 1)])
    }

    /// A path as a URI's path: bytes other than letters, digits and `/._~-` as `%XX`.
    private static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "-"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0xf)])
            }
        }
        return out
    }

    /// Whether the file this connection has open is no longer the one at its path (deleted,
    /// renamed or replaced), as SQLite's unix VFS sees it (`SQLITE_FCNTL_HAS_MOVED`: the open
    /// file's inode against the path's); nil when SQLite cannot tell.
    var hasMoved: Bool? {
        guard let handle else { return nil }
        var moved: Int32 = 0
        return sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK ? moved != 0 : nil
    }

    /// Copies the whole database into another connection's (SQLite's online backup), for a
    /// file that can only be read.
    /// - Parameter target: the connection written to (an in-memory database).
    /// - Throws: `SQLiteError`.
    func copy(into target: SQLiteDatabase) throws(SQLiteError) {
        guard let handle, let targetHandle = target.handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "closed") }
        guard let backup = sqlite3_backup_init(targetHandle, "main", handle, "main") else { throw target.failure(sqlite3_errcode(targetHandle)) }
        let rc = sqlite3_backup_step(backup, -1)
        sqlite3_backup_finish(backup)
        guard rc == SQLITE_DONE else { throw failure(rc) }
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

    /// Rows inserted, changed or deleted through this connection since it was opened
    /// (`sqlite3_total_changes`, which every SQLite 3 has, rather than the 64-bit form of 3.37; a
    /// count past 2³¹ wraps, which a stamp compared for equality tolerates); 0 when closed.
    var totalChanges: Int64 {
        guard let handle else { return 0 }
        return Int64(sqlite3_total_changes(handle))
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

    /// Runs one statement with parameters, calling `row` for each row it gives, read in place
    /// (`SQLiteRow`: no array of values per row; repeated texts shared).
    /// - Parameters:
    ///   - sql: one statement, parameters as `?`.
    ///   - parameters: the values, in order.
    ///   - row: called with each row, valid only during the call.
    /// - Throws: `SQLiteError`, or what `row` throws.
    func scan(_ sql: String, _ parameters: [SQLiteValue] = [], row: (SQLiteRow) throws -> Void) throws {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        try bind(statement, parameters)
        let reader = SQLiteRow(statement: statement)
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { return }
            guard rc == SQLITE_ROW else { throw failure(rc) }
            try row(reader)
        }
    }

    private func bind(_ statement: OpaquePointer, _ parameters: [SQLiteValue]) throws {
        for (offset, value) in parameters.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .integer(let n): rc = sqlite3_bind_int64(statement, index, n)
            case .null: rc = sqlite3_bind_null(statement, index)
            case .blob(let bytes):
                rc = bytes.withUnsafeBytes { dc_sqlite_bind_blob(statement, index, $0.baseAddress, Int32($0.count)) }
            case .text(let s):
                var copy = s
                rc = copy.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { dc_sqlite_bind_text(statement, index, $0.baseAddress, Int32(bytes.count)) }
                }
            }
            guard rc == SQLITE_OK else { throw failure(rc) }
        }
    }

    private func run(_ statement: OpaquePointer, _ parameters: [SQLiteValue], row: ([SQLiteValue]) throws -> Void) throws {
        try bind(statement, parameters)
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
