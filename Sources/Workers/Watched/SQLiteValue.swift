/// A value bound to a statement's parameter or read from a column.
enum SQLiteValue: Sendable, Equatable {
    case integer(Int64)
    case text(String)
    case null
}
