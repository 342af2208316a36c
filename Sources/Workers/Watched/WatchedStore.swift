import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The watched episodes in an SQLite database, `watched.sqlite3` in the app's data folder
/// (`$XDG_DATA_HOME/discover-tui`).
///
/// The file is in WAL mode with `synchronous=FULL` (a committed mark survives a crash or a
/// power cut), a busy timeout of 5 s (two running copies wait for each other's write instead
/// of failing), and every change is one `BEGIN IMMEDIATE … COMMIT` transaction. Marks are
/// rows keyed by provider, show id, season and number, so two copies marking different
/// episodes never overwrite each other.
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
/// one started, which `notice` says. Not thread safe: use from one thread or queue at a time.
public final class WatchedStore {
    /// The database's file name in the data folder.
    public static let fileName = "watched.sqlite3"
    /// The schema version this release reads and writes.
    public static let schemaVersion = 2
    /// The suffix of the copy kept of a version-1 file before it is moved to version 2.
    public static let versionOneCopySuffix = ".v1"
    /// Discover's `PRAGMA application_id` ("Disv").
    static let applicationID: Int64 = 0x4469_7376
    /// How long a change waits for another copy's write lock, in milliseconds.
    static let busyMilliseconds: Int32 = 5_000

    /// The database's path, or `:memory:`.
    public let path: String
    /// A one-line notice from opening (a damaged file moved aside), or nil.
    public let notice: String?
    let database: SQLiteDatabase

    /// Opens the database in a folder, making it when missing.
    /// - Parameters:
    ///   - directory: the folder (it must exist).
    ///   - now: the time for a damaged file's name, seconds since 1970-01-01 UTC.
    /// - Throws: `WatchedStoreError`.
    public init(directory: String, now: Int = Int(time(nil))) throws(WatchedStoreError) {
        let path = FilePaths.join(directory, Self.fileName)
        self.path = path
        do {
            let (database, notice) = try Self.openWaiting(path: path, now: now)
            self.database = database
            self.notice = notice
        } catch let error as WatchedStoreError {
            throw error
        } catch let error as SQLiteError {
            throw .unusable(path: path, reason: error.message)
        } catch let error as StorageError {
            throw .unusable(path: error.path, reason: error.reason)
        } catch {
            throw .unusable(path: path, reason: String(describing: error))
        }
    }

    private init(path: String, database: SQLiteDatabase) {
        self.path = path
        self.database = database
        self.notice = nil
    }

    /// A database in memory only (lost at exit), for when the file cannot be used.
    /// - Throws: `WatchedStoreError` when SQLite cannot start.
    public static func inMemory() throws(WatchedStoreError) -> WatchedStore {
        do {
            let database = try SQLiteDatabase(path: ":memory:", create: true, busyMilliseconds: 0)
            try makeSchema(database)
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
            throw .unusable(path: error.path, reason: error.reason)
        } catch {
            throw .unusable(path: "$XDG_DATA_HOME", reason: String(describing: error))
        }
        return try WatchedStore(directory: directory)
    }

    // MARK: Opening

    /// Opens the file, trying again every 50 ms for up to the busy timeout while another copy
    /// holds a lock that SQLite reports at once rather than waiting for (switching the journal
    /// to WAL, or reading the WAL's index while another copy recovers it).
    private static func openWaiting(path: String, now: Int) throws -> (SQLiteDatabase, String?) {
        var waited: Int32 = 0
        while true {
            do {
                return try openFile(path: path, now: now)
            } catch let error as SQLiteError where error.isBusy && waited < busyMilliseconds {
                usleep(50_000)
                waited += 50
            }
        }
    }

    private static func openFile(path: String, now: Int) throws -> (SQLiteDatabase, String?) {
        var notice: String?
        let database: SQLiteDatabase
        switch try check(path: path) {
        case .usable(let opened):
            database = opened
        case .damaged(let reason):
            let aside = try moveAside(path, now: now)
            notice = "\(fileName) was damaged (\(reason)), so watched episodes start empty; moved aside to \(aside)"
            database = try SQLiteDatabase(path: path, create: true, busyMilliseconds: busyMilliseconds)
        }
        try database.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL")
        // A version-1 file is copied aside before it changes (outside the transaction: VACUUM
        // INTO cannot run in one); a copy left by a migration killed earlier is replaced.
        if try database.integer("PRAGMA user_version") == 1 { try keepVersionOneCopy(database, path: path) }
        let migrated = try database.transaction { () throws -> Bool in
            // Another copy may have made the schema since the check: read again under the lock.
            let version = try database.integer("PRAGMA user_version")
            if version == 0 {
                try makeSchema(database)
            } else if version == 1 {
                try upgradeToVersionTwo(database)
                return true
            } else if version > schemaVersion {
                throw WatchedStoreError.newerVersion(path: path, version: Int(version))
            }
            return false
        }
        if migrated {
            let moved = "\(fileName) now keeps ratings, plays and per-show settings (schema 2); the earlier file is kept as \(fileName + versionOneCopySuffix)"
            notice = notice.map { $0 + "; " + moved } ?? moved
        }
        return (database, notice)
    }

    private enum Check {
        case usable(SQLiteDatabase)
        case damaged(String)
    }

    /// Opens the file and reads its header without writing to it: a newer or foreign file is
    /// refused before anything (the WAL switch included) touches it.
    private static func check(path: String) throws -> Check {
        // A file that does not start as an SQLite database is set aside before SQLite opens it
        // (and perhaps its -wal).
        if let header = firstBytes(of: path, count: 16), !header.isEmpty, header != Array("SQLite format 3\0".utf8) {
            return .damaged("file is not a database")
        }
        let database = try SQLiteDatabase(path: path, create: true, busyMilliseconds: busyMilliseconds)
        do {
            // One read transaction, so that the three are of one moment: read one by one, another
            // copy's schema committed in between looked like a foreign database's tables.
            try database.execute("BEGIN")
            let read = Result { () throws -> (Int64, Int64, Int64) in
                (
                    try database.integer("PRAGMA user_version"), try database.integer("PRAGMA application_id"),
                    try database.integer("SELECT count(*) FROM sqlite_master")
                )
            }
            try database.execute("COMMIT")
            let (version, application, tables) = try read.get()
            if application != 0 && application != applicationID { throw WatchedStoreError.notOurs(path: path) }
            if version > schemaVersion { throw WatchedStoreError.newerVersion(path: path, version: Int(version)) }
            if version == 0 && application == 0 && tables > 0 { throw WatchedStoreError.notOurs(path: path) }
            let verdict = try database.texts("PRAGMA quick_check(1)")
            guard verdict == ["ok"] else {
                database.close()
                return .damaged(verdict.first ?? "no answer from the integrity check")
            }
            return .usable(database)
        } catch let error as SQLiteError where error.isDamage {
            database.close()
            return .damaged(error.message)
        }
    }

    /// Up to `count` bytes from the start of a file; nil when it cannot be opened (missing).
    private static func firstBytes(of path: String, count: Int) -> [UInt8]? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        var buffer = [UInt8](repeating: 0, count: count)
        let n = read(fd, &buffer, count)
        return n < 0 ? nil : Array(buffer.prefix(n))
    }

    /// Copies a version-1 database to `PATH.v1`: `VACUUM INTO` a temporary file (a consistent
    /// snapshot), that file synced, then renamed over any earlier copy and the folder synced.
    /// - Throws: `SQLiteError` or `StorageError`; the database is not changed then.
    static func keepVersionOneCopy(_ database: SQLiteDatabase, path: String) throws {
        let copy = path + versionOneCopySuffix
        let temporary = copy + ".partial"
        if unlink(temporary) != 0 && errno != ENOENT { throw StorageError.fromErrno(path: temporary) }
        try database.query("VACUUM INTO ?", [.text(temporary)])
        let fd = Glibc.open(temporary, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw StorageError.fromErrno(path: temporary) }
        let synced = fsync(fd) == 0
        Glibc.close(fd)
        guard synced else { throw StorageError.fromErrno(path: temporary) }
        guard rename(temporary, copy) == 0 else { throw StorageError.fromErrno(path: copy) }
        let folder = Glibc.open(FilePaths.parent(of: path), O_RDONLY | O_DIRECTORY)
        if folder >= 0 {
            _ = fsync(folder)
            Glibc.close(folder)
        }
    }

    /// Moves a version-1 schema to version 2 (call inside a transaction): plays on the marks,
    /// the episodes' ratings and the shows' ratings and settings.
    static func upgradeToVersionTwo(_ database: SQLiteDatabase) throws(SQLiteError) {
        try database.execute(
            """
            ALTER TABLE mark ADD COLUMN plays INTEGER NOT NULL DEFAULT 1 CHECK (plays >= 1);
            ALTER TABLE mark ADD COLUMN played_at INTEGER;
            CREATE TABLE IF NOT EXISTS episode_rating (
                provider TEXT NOT NULL,
                show_id INTEGER NOT NULL,
                season INTEGER NOT NULL CHECK (season >= 0),
                number INTEGER NOT NULL CHECK (number >= 0),
                show_name TEXT NOT NULL,
                rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 10),
                rated_at INTEGER NOT NULL,
                PRIMARY KEY (provider, show_id, season, number)
            );
            CREATE TABLE IF NOT EXISTS show_state (
                provider TEXT NOT NULL,
                show_id INTEGER NOT NULL,
                show_name TEXT NOT NULL,
                rating INTEGER CHECK (rating IS NULL OR rating BETWEEN 1 AND 10),
                rated_at INTEGER,
                specials INTEGER NOT NULL DEFAULT 0 CHECK (specials IN (0, 1)),
                watch_order TEXT NOT NULL DEFAULT 'aired' CHECK (watch_order IN ('aired', 'any')),
                PRIMARY KEY (provider, show_id)
            );
            PRAGMA user_version = 2;
            """)
    }

    /// Makes the whole schema in an empty database: version 1's, then version 2's changes.
    private static func makeSchema(_ database: SQLiteDatabase) throws(SQLiteError) {
        try makeVersionOneSchema(database)
        try upgradeToVersionTwo(database)
    }

    /// The version-1 schema (the release before ratings and plays); tests make old files with it.
    static func makeVersionOneSchema(_ database: SQLiteDatabase) throws(SQLiteError) {
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS mark (
                provider TEXT NOT NULL,
                show_id INTEGER NOT NULL,
                season INTEGER NOT NULL CHECK (season >= 0),
                number INTEGER NOT NULL CHECK (number >= 0),
                show_name TEXT NOT NULL,
                tvmaze_episode_id INTEGER,
                tmdb_episode_id INTEGER,
                marked_at INTEGER NOT NULL,
                PRIMARY KEY (provider, show_id, season, number)
            );
            CREATE INDEX IF NOT EXISTS mark_by_time ON mark (marked_at);
            PRAGMA application_id = \(applicationID);
            PRAGMA user_version = 1;
            """)
    }

    /// Renames a damaged file (and its `-wal`) `NAME.corrupt-YYYYMMDD-HHMMSS` (UTC), with
    /// `-2`, `-3`… when taken; removes its `-shm` (an index SQLite rebuilds).
    private static func moveAside(_ path: String, now: Int) throws(StorageError) -> String {
        let target = AsideName.free(for: path, now: now)
        guard rename(path, target) == 0 else { throw StorageError.fromErrno(path: path) }
        if access(path + "-wal", F_OK) == 0, rename(path + "-wal", target + "-wal") != 0 {
            throw StorageError.fromErrno(path: path + "-wal")
        }
        if unlink(path + "-shm") != 0 && errno != ENOENT { throw StorageError.fromErrno(path: path + "-shm") }
        let folder = Glibc.open(FilePaths.parent(of: path), O_RDONLY | O_DIRECTORY)
        if folder >= 0 {
            _ = fsync(folder)
            Glibc.close(folder)
        }
        return target
    }
}
