/// A value bound to a statement's parameter or read from a column.
enum SQLiteValue: Sendable, Equatable {
    case integer(Int64)
    case text(String)
    case null
    /// Bytes, bound as a BLOB (the mirror's packed synopses); read back with `SQLiteRow.blob`.
    case blob([UInt8])
}
