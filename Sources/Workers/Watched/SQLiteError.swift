import CSQLite

/// An SQLite failure: SQLite's result code and message (`sqlite3_errmsg`), for example
/// `database is locked` or `file is not a database`.
struct SQLiteError: Error, Sendable, Equatable {
    /// SQLite's primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, `SQLITE_NOTADB`…).
    let code: Int32
    /// SQLite's message in a few words.
    let message: String

    /// True for the codes of a damaged file or one that is not a database.
    var isDamage: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    /// True when another connection held a lock (`SQLITE_BUSY`).
    var isBusy: Bool { code == SQLITE_BUSY }
}
