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

    /// True when the file or its folder could not be written or made (`SQLITE_READONLY`,
    /// `SQLITE_CANTOPEN`) or a read or write of it failed (`SQLITE_IOERR`): the file system
    /// may be read-only or full.
    var isFileSystem: Bool { code == SQLITE_READONLY || code == SQLITE_CANTOPEN || code == SQLITE_IOERR }

    /// True when the disk or the database was full (`SQLITE_FULL`).
    var isFull: Bool { code == SQLITE_FULL }
}
