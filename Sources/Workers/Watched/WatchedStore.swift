import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The watched episodes in an SQLite database, `watched.sqlite3` in the app's data folder
/// (`$XDG_DATA_HOME/discover-tui`).
///
/// The file is in WAL mode with `synchronous=FULL` (a committed mark survives a crash or a
/// power cut), and every change is one `BEGIN IMMEDIATE … COMMIT` transaction. Marks are rows
/// keyed by provider, show id, season and number, so two copies marking different episodes
/// never overwrite each other. Two running copies wait for each other's write, but an operation
/// (opening, or one change) gives up 5 s after it started, its retries and SQLite's busy waits
/// counted together on the monotonic clock (`WatchedStoreError.busy`).
///
/// A file on a read-only file system (or in a folder or file that cannot be written) is opened
/// read-only (SQLite's URI `mode=ro`, and `immutable=1` when the folder cannot be written and
/// no `-wal` was left, so that no `-wal` or `-shm` is needed): the marks are read, every change
/// throws `WatchedStoreError.readOnly`. Before each change the store checks that its path still
/// names the file it has open; a file deleted or replaced meanwhile is made again (or taken as
/// it is now) with every row the open connection still reads, which `takeNotice()` says once.
///
/// Schema version 2 (`PRAGMA user_version`, `PRAGMA application_id` 0x44697376, "Disv"):
///
///     mark(provider TEXT, show_id INTEGER, season INTEGER, number INTEGER,
///          show_name TEXT, tvmaze_episode_id INTEGER NULL, tmdb_episode_id INTEGER NULL,
///          marked_at INTEGER,        -- seconds since 1970-01-01 UTC, the first play
///          plays INTEGER,            -- 1 and up (version 2)
///          played_at INTEGER NULL,   -- the latest play when plays > 1 (version 2)
///          PRIMARY KEY (provider, show_id, season, number))
///     episode_rating(provider, show_id, season, number, show_name, rating 1–10, rated_at,
///          PRIMARY KEY (provider, show_id, season, number))          -- version 2
///     show_state(provider, show_id, show_name, rating NULL, rated_at NULL,
///          specials 0|1, watch_order 'aired'|'any',
///          PRIMARY KEY (provider, show_id))                          -- version 2
///
/// Specials are kept in season 0 (`ShowEpisodes.markKey`). A version-1 file (the release
/// before ratings and plays) is copied to `watched.sqlite3.v1` (`VACUUM INTO` a temporary
/// file, synced, then renamed) and then moved to version 2 in one transaction, so a kill at any
/// point leaves a file that opens with every mark; `notice` says so once.
///
/// Opening checks the file: a newer schema version or another program's database is left
/// untouched (`WatchedStoreError`); a damaged file (not a database, or `PRAGMA quick_check`
/// failing) is renamed `watched.sqlite3.corrupt-YYYYMMDD-HHMMSS` (with its `-wal`) and a new
/// one started, which `notice` says. A full disk is `WatchedStoreError.diskFull`. Not thread
/// safe: use from one thread or queue at a time.
public final class WatchedStore {
    /// The database's file name in the data folder.
    public static let fileName = "watched.sqlite3"
    /// The schema version this release reads and writes.
    public static let schemaVersion = 2
    /// The suffix of the copy kept of a version-1 file before it is moved to version 2.
    public static let versionOneCopySuffix = ".v1"
    /// Discover's `PRAGMA application_id` ("Disv").
    static let applicationID: Int64 = 0x4469_7376
    /// How long an operation (opening, one change, one read) waits for another copy's lock in
    /// all, in milliseconds.
    static let busyMilliseconds: Int32 = 5_000

    /// The database's path, or `:memory:`.
    public let path: String
    /// A one-line notice from opening (a damaged file moved aside, a read-only file system), or
    /// nil.
    public let notice: String?
    /// True when the file can only be read (a read-only file system, a folder or file that
    /// cannot be written): every change throws `WatchedStoreError.readOnly`.
    public let isReadOnly: Bool
    /// The connection; replaced when the file is made again.
    var database: SQLiteDatabase
    /// The file the connection has open, as its path named it then; nil in memory or read-only.
    var identity: FileAccess.Identity?
    /// How long the next operations wait for another copy's lock in all, in milliseconds.
    var waitMilliseconds = Int(busyMilliseconds)
    /// What the store did on its own since last asked (the file made again), or nil.
    var laterNotice: String?

    /// Opens the database in a folder, making it when missing (read-only when it cannot be
    /// written).
    /// - Parameters:
    ///   - directory: the folder (it must exist).
    ///   - now: the time for a damaged file's name, seconds since 1970-01-01 UTC.
    /// - Throws: `WatchedStoreError`: `busy` after 5 s behind another copy's lock, `readOnly`
    ///   when there is no file and none can be made, `diskFull`, `newerVersion`, `notOurs`,
    ///   `unusable`.
    public init(directory: String, now: Int = Int(time(nil))) throws(WatchedStoreError) {
        let path = FilePaths.join(directory, Self.fileName)
        self.path = path
        do {
            let opened = try WatchedFileOpening.openWaiting(path: path, now: now, deadline: .after(milliseconds: Int(Self.busyMilliseconds)))
            database = opened.database
            database.deadline = nil
            notice = opened.notice
            isReadOnly = opened.isReadOnly
            identity = opened.isReadOnly ? nil : FileAccess.Identity(path: path)
        } catch {
            throw WatchedStoreError.of(error, path: path)
        }
    }

    private init(path: String, database: SQLiteDatabase) {
        self.path = path
        self.database = database
        self.notice = nil
        self.isReadOnly = false
    }

    /// A database in memory only (lost at exit), for when the file cannot be used.
    /// - Throws: `WatchedStoreError` when SQLite cannot start.
    public static func inMemory() throws(WatchedStoreError) -> WatchedStore {
        do {
            let database = try SQLiteDatabase(path: ":memory:", create: true, busyMilliseconds: 0)
            try WatchedSchema.makeSchema(database)
            return WatchedStore(path: ":memory:", database: database)
        } catch {
            throw .unusable(path: ":memory:", reason: error.message)
        }
    }

    /// The store in the app's data folder (made with mode 0700 when missing).
    /// - Parameter environment: the environment (`XDG_DATA_HOME`, `HOME`).
    /// - Throws: `WatchedStoreError`.
    public static func standard(environment: [String: String]) throws(WatchedStoreError) -> WatchedStore {
        let directory: String
        do {
            directory = try XDGDirectories(environment: environment).ensure(.data)
        } catch let error as StorageError {
            throw WatchedStoreError.of(error, path: error.path)
        } catch {
            throw .unusable(path: "$XDG_DATA_HOME", reason: "the data folder cannot be made")
        }
        return try WatchedStore(directory: directory)
    }

    /// A one-line notice of what the store did on its own since the last call (the file made
    /// again after it was deleted or replaced), once; nil when there is none.
    public func takeNotice() -> String? {
        defer { laterNotice = nil }
        return laterNotice
    }
}
