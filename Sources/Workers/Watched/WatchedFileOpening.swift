import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Opening `watched.sqlite3` for `WatchedStore`: checked before anything writes to it, made or
/// moved to schema 2 under the write lock, read-only where it cannot be written, all within one
/// deadline.
enum WatchedFileOpening {
    /// An open file: the connection, what opening did (or nil), and whether it can only be read.
    struct Opened {
        let database: SQLiteDatabase
        let notice: String?
        let isReadOnly: Bool
    }

    private static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Opens the file, trying again every 50 ms while another copy holds a lock that SQLite
    /// reports at once rather than waiting for (switching the journal to WAL, or reading the
    /// WAL's index while another copy recovers it); SQLite's own busy waits and these retries
    /// end at one deadline.
    /// - Throws: `SQLiteError` (`SQLITE_BUSY` once the deadline has passed), `StorageError` or
    ///   `WatchedStoreError`.
    static func openWaiting(path: String, now: Int, deadline: MonotonicDeadline) throws -> Opened {
        while true {
            do {
                return try openFile(path: path, now: now, deadline: deadline)
            } catch let error as SQLiteError where error.isBusy && !deadline.isPast {
                deadline.sleep(upTo: 50)
            }
        }
    }

    private static func openFile(path: String, now: Int, deadline: MonotonicDeadline) throws -> Opened {
        let folder = FilePaths.parent(of: path)
        let folderWritable = FileAccess.canWrite(folder: folder)
        guard folderWritable && FileAccess.canWrite(file: path) else {
            return try openReadOnly(path: path, folderWritable: folderWritable, deadline: deadline)
        }
        var notice: String?
        let database: SQLiteDatabase
        switch try check(path: path, mode: .readWrite(create: true), deadline: deadline) {
        case .usable(let opened):
            database = opened
        case .damaged(let reason):
            let aside = try moveAside(path, now: now)
            notice = "\(WatchedStore.fileName) was damaged (\(reason)), so watched episodes start empty; moved aside to \(aside)"
            database = try SQLiteDatabase(path: path, create: true, busyMilliseconds: WatchedStore.busyMilliseconds)
            database.deadline = deadline
        }
        try database.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL")
        let version = try database.integer("PRAGMA user_version")
        // A file of this version needs no write: opening it does not wait for another copy's
        // write lock.
        guard version != WatchedStore.schemaVersion else { return Opened(database: database, notice: notice, isReadOnly: false) }
        // A version-1 file is copied aside before it changes (outside the transaction: VACUUM
        // INTO cannot run in one); a copy left by a migration killed earlier is replaced.
        if version == 1 { try WatchedSchema.keepVersionOneCopy(database, path: path) }
        let migrated = try database.transaction { () throws -> Bool in
            // Another copy may have made the schema since the check: read again under the lock.
            let version = try database.integer("PRAGMA user_version")
            if version == 0 {
                try WatchedSchema.makeSchema(database)
            } else if version == 1 {
                try WatchedSchema.upgradeToVersionTwo(database)
                return true
            } else if version > WatchedStore.schemaVersion {
                throw WatchedStoreError.newerVersion(path: path, version: Int(version))
            }
            return false
        }
        if migrated {
            let moved = "\(WatchedStore.fileName) now keeps ratings, plays and per-show settings (schema 2); the earlier file is kept as \(WatchedStore.fileName + WatchedStore.versionOneCopySuffix)"
            notice = notice.map { $0 + "; " + moved } ?? moved
        }
        return Opened(database: database, notice: notice, isReadOnly: false)
    }

    /// Opens a file that cannot be written, for reading: SQLite's `mode=ro`, with `immutable=1`
    /// when the folder cannot be written either and no `-wal` holds changes (SQLite reads a
    /// `-wal` only with a `-shm` it can open or make). A version-1 or empty file is copied into
    /// memory and given schema 2 there, so that it reads as this release's.
    /// - Throws: `WatchedStoreError.readOnly` when there is no file; `unusable` for a damaged
    ///   one (it cannot be moved aside).
    private static func openReadOnly(path: String, folderWritable: Bool, deadline: MonotonicDeadline) throws -> Opened {
        guard access(path, F_OK) == 0 else { throw WatchedStoreError.readOnly(path: path) }
        var notice = WatchedStoreError.readOnly(path: path).line
        let withWAL = FileAccess.size(of: path + "-wal") > 0
        var checked: Check
        do {
            checked = try check(path: path, mode: .readOnly(immutable: !folderWritable && !withWAL), deadline: deadline)
        } catch let error as SQLiteError where !folderWritable && withWAL && error.isFileSystem {
            // A -wal without a -shm: the file alone is read.
            checked = try check(path: path, mode: .readOnly(immutable: true), deadline: deadline)
            notice += "; the latest changes, in \(WatchedStore.fileName)-wal, cannot be read there"
        }
        guard case .usable(let database) = checked else {
            if case .damaged(let reason) = checked {
                throw WatchedStoreError.unusable(path: path, reason: "\(reason); it cannot be moved aside on a read-only file system")
            }
            throw WatchedStoreError.readOnly(path: path)
        }
        guard try database.integer("PRAGMA user_version") != WatchedStore.schemaVersion else { return Opened(database: database, notice: notice, isReadOnly: true) }
        let memory = try SQLiteDatabase(path: ":memory:", create: true, busyMilliseconds: 0)
        try database.copy(into: memory)
        database.close()
        try memory.transaction {
            let version = try memory.integer("PRAGMA user_version")
            if version == 0 { try WatchedSchema.makeSchema(memory) } else if version == 1 { try WatchedSchema.upgradeToVersionTwo(memory) }
        }
        return Opened(database: memory, notice: notice, isReadOnly: true)
    }

    private enum Check {
        case usable(SQLiteDatabase)
        case damaged(String)
    }

    /// Opens the file and reads its header without writing to it: a newer or foreign file is
    /// refused before anything (the WAL switch included) touches it.
    private static func check(path: String, mode: SQLiteDatabase.Mode, deadline: MonotonicDeadline) throws -> Check {
        // A file that does not start as an SQLite database is set aside before SQLite opens it
        // (and perhaps its -wal).
        if let header = firstBytes(of: path, count: 16), !header.isEmpty, header != sqliteHeader {
            return .damaged("file is not a database")
        }
        let database = try SQLiteDatabase(path: path, mode: mode, busyMilliseconds: Int(WatchedStore.busyMilliseconds))
        database.deadline = deadline
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
            if application != 0 && application != WatchedStore.applicationID { throw WatchedStoreError.notOurs(path: path) }
            if version > WatchedStore.schemaVersion { throw WatchedStoreError.newerVersion(path: path, version: Int(version)) }
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
