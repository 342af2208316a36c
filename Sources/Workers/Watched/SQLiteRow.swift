import CSQLite

/// The current row of a running statement, read column by column in place (no
/// `[SQLiteValue]` per row); see `SQLiteDatabase.scan(_:_:row:)`. A text equal to the one read
/// before from the same column is answered with that earlier string, so a value repeated over
/// thousands of rows (a show's provider and name) is one string, not thousands.
///
/// Valid only inside the `row` call that gives it.
final class SQLiteRow {
    private let statement: OpaquePointer
    /// The last text read from each column.
    private var recent: [String?]

    /// Makes one over a prepared statement.
    /// - Parameter statement: the statement (kept alive and finalised by the caller).
    init(statement: OpaquePointer) {
        self.statement = statement
        recent = Array(repeating: nil, count: Int(max(0, sqlite3_column_count(statement))))
    }

    /// How many columns the statement gives.
    var count: Int { recent.count }

    /// A column's value when it is an integer; nil when it is not (NULL, text or another type)
    /// or there is no such column.
    /// - Parameter column: the column's index, from 0.
    func integer(_ column: Int) -> Int64? {
        guard column >= 0, column < recent.count, sqlite3_column_type(statement, Int32(column)) == SQLITE_INTEGER else { return nil }
        return sqlite3_column_int64(statement, Int32(column))
    }

    /// A column's text as SQLite's own UTF-8 bytes, valid only until the next row (no string
    /// made); nil for an integer, NULL or no such column.
    /// - Parameter column: the column's index, from 0.
    func bytes(_ column: Int) -> UnsafeRawBufferPointer? {
        guard column >= 0, column < recent.count else { return nil }
        switch sqlite3_column_type(statement, Int32(column)) {
        case SQLITE_INTEGER, SQLITE_NULL: return nil
        default: break
        }
        var length: Int32 = 0
        guard let text = dc_sqlite_column_text(statement, Int32(column), &length) else { return nil }
        return UnsafeRawBufferPointer(start: text, count: Int(max(0, length)))
    }

    /// A BLOB column's bytes, valid only until the next row; nil for any other type.
    /// - Parameter column: the column's index, from 0.
    func blob(_ column: Int) -> UnsafeRawBufferPointer? {
        guard column >= 0, column < recent.count, sqlite3_column_type(statement, Int32(column)) == SQLITE_BLOB else { return nil }
        var length: Int32 = 0
        guard let bytes = dc_sqlite_column_blob(statement, Int32(column), &length) else { return nil }
        return UnsafeRawBufferPointer(start: bytes, count: Int(max(0, length)))
    }

    /// A column's value as text when it is neither an integer nor NULL (as `SQLiteValue.text`
    /// reads it); nil otherwise or when there is no such column.
    /// - Parameter column: the column's index, from 0.
    func text(_ column: Int) -> String? {
        guard column >= 0, column < recent.count else { return nil }
        switch sqlite3_column_type(statement, Int32(column)) {
        case SQLITE_INTEGER, SQLITE_NULL: return nil
        default: break
        }
        var length: Int32 = 0
        guard let text = dc_sqlite_column_text(statement, Int32(column), &length) else { return nil }
        let bytes = UnsafeBufferPointer(start: text, count: Int(max(0, length)))
        if var last = recent[column], last.utf8.count == bytes.count, last.withUTF8({ $0.elementsEqual(bytes) }) {
            return last
        }
        let fresh = String(decoding: bytes, as: UTF8.self)
        recent[column] = fresh
        return fresh
    }
}
