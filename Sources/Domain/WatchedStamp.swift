/// What the watched-episodes store held at one moment, to tell whether a figure worked out
/// from it still holds: two equal stamps mean no change was committed in between, by this
/// program or by another one on the same file.
///
/// Made of the connection's number in this process (a file opened again, or the copy in memory
/// the worker moves to, is another connection), SQLite's count of rows changed through that
/// connection (`sqlite3_total_changes`) and `PRAGMA data_version`, which changes when another
/// connection commits (https://www.sqlite.org/pragma.html#pragma_data_version).
public struct WatchedStamp: Hashable, Sendable {
    /// The connection's number, unique in this process.
    public let connection: Int
    /// Rows inserted, changed or deleted through the connection since it was opened.
    public let changes: Int64
    /// `PRAGMA data_version` on the connection.
    public let dataVersion: Int64

    /// Makes a stamp.
    /// - Parameters:
    ///   - connection: the connection's number, unique in this process.
    ///   - changes: rows changed through it since it was opened.
    ///   - dataVersion: its `PRAGMA data_version`.
    public init(connection: Int, changes: Int64, dataVersion: Int64) {
        self.connection = connection
        self.changes = changes
        self.dataVersion = dataVersion
    }
}
