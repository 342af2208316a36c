#if canImport(Glibc)
    import Glibc
#endif

/// How every read and change runs: within the operation's deadline, its failures as sentences;
/// a change refused on a read-only file, and made on the file the path names now.
extension WatchedStore {
    /// Runs a read (or, through `write`, a change) with a deadline of `waitMilliseconds` for
    /// another copy's lock.
    /// - Throws: `WatchedStoreError` for whatever `body` throws.
    func guarded(_ body: () throws -> Void) throws(WatchedStoreError) {
        database.deadline = .after(milliseconds: waitMilliseconds)
        defer { database.deadline = nil }
        do {
            try body()
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Runs a change in one transaction: refused at once on a read-only file; on a file
    /// deleted or replaced since it was opened, after making it again with every row the store
    /// holds (`takeNotice()` says so).
    /// - Throws: `WatchedStoreError` (nothing of the change saved).
    func write(_ body: () throws -> Void) throws(WatchedStoreError) {
        guard !isReadOnly else { throw .readOnly(path: path) }
        try guarded {
            try reopenIfMoved()
            try database.transaction(body)
        }
    }

    /// Copies every row (marks with their plays, episode ratings, shows' ratings and settings)
    /// into another store in one transaction; rows it has already are kept as they are.
    /// - Parameter other: the store written to (the in-memory one the worker moves to).
    /// - Throws: `WatchedStoreError`.
    func copyEverything(into other: WatchedStore) throws(WatchedStoreError) {
        var rows = WatchedRows()
        try guarded { rows = try WatchedRows(of: database) }
        try other.write { try rows.restore(into: other.database) }
    }

    /// When the path no longer names the file the connection has open (deleted, moved away or
    /// replaced; SQLite's view and the device and inode taken at opening are both asked), reads
    /// every row through the connection still open on the old file, opens the path as at start
    /// (making a new file, or checking the one put there) and writes the rows into it.
    private func reopenIfMoved() throws {
        guard let identity else { return }
        let now = FileAccess.Identity(path: path)
        guard now != identity || database.hasMoved == true else { return }
        let rows = try WatchedRows(of: database)
        let deadline = database.deadline ?? .after(milliseconds: waitMilliseconds)
        let opened = try Self.openWaiting(path: path, now: Int(time(nil)), deadline: deadline)
        guard !opened.isReadOnly else { throw WatchedStoreError.readOnly(path: path) }
        database.close()
        database = opened.database
        database.deadline = deadline
        self.identity = FileAccess.Identity(path: path)
        try database.transaction { try rows.restore(into: database) }
        let said =
            now == nil
            ? "\(Self.fileName) was deleted while Discover ran: made again with the \(rows.summary) this run holds (\(path))"
            : "\(Self.fileName) was replaced while Discover ran: the \(rows.summary) this run holds were added to the new file (\(path))"
        let earlier = [laterNotice, opened.notice].compactMap { $0 }
        laterNotice = (earlier + [said]).joined(separator: "; ")
    }

    /// A failure as the sentence a person reads: another copy's lock, a read-only or full file
    /// system named as such, else SQLite's or the C library's reason.
    /// - Parameters:
    ///   - error: what was thrown.
    ///   - path: the database's path.
    static func storeError(_ error: any Error, path: String) -> WatchedStoreError {
        let folder = FilePaths.parent(of: path)
        let onDisk = path != ":memory:"
        switch error {
        case let error as WatchedStoreError:
            return error
        case let error as SQLiteError:
            if error.isBusy { return .busy(path: path) }
            if onDisk && (error.isFull || (error.isFileSystem && FileAccess.isFull(folder: folder))) { return .diskFull(path: path) }
            if onDisk && error.isFileSystem && !(FileAccess.canWrite(folder: folder) && FileAccess.canWrite(file: path)) { return .readOnly(path: path) }
            return .unusable(path: path, reason: error.message)
        case let error as StorageError:
            if error.reason == String(cString: strerror(ENOSPC)) { return .diskFull(path: path) }
            if error.reason == String(cString: strerror(EROFS)) { return .readOnly(path: path) }
            return .unusable(path: error.path, reason: FavouritesStore.sentence(error.reason))
        default:
            return .unusable(path: path, reason: "an unexpected failure")
        }
    }
}

/// Every row of the store's three tables, as read: what a store holds, to be written into
/// another (the file made again, the in-memory store).
struct WatchedRows {
    /// Each table and its columns, in the order rows are read and written.
    private static let tables: [(name: String, columns: String)] = [
        ("mark", "provider, show_id, season, number, show_name, tvmaze_episode_id, tmdb_episode_id, marked_at, plays, played_at"),
        ("episode_rating", "provider, show_id, season, number, show_name, rating, rated_at"),
        ("show_state", "provider, show_id, show_name, rating, rated_at, specials, watch_order")
    ]
    private var rows: [[[SQLiteValue]]] = []

    /// No rows.
    init() {}

    /// Reads every row of a schema-2 database.
    /// - Throws: `SQLiteError`.
    init(of database: SQLiteDatabase) throws {
        for table in Self.tables {
            var read: [[SQLiteValue]] = []
            try database.query("SELECT \(table.columns) FROM \(table.name)") { read.append($0) }
            rows.append(read)
        }
    }

    /// Writes the rows (call inside a transaction); a row whose key the database has already
    /// is left as the database has it.
    /// - Throws: `SQLiteError`.
    func restore(into database: SQLiteDatabase) throws {
        for (table, read) in zip(Self.tables, rows) where !read.isEmpty {
            let marks = Array(repeating: "?", count: read[0].count).joined(separator: ", ")
            try database.repeatedly("INSERT OR IGNORE INTO \(table.name) (\(table.columns)) VALUES (\(marks))", read)
        }
    }

    /// `3 marks, 2 ratings and 1 show setting`.
    var summary: String {
        func counted(_ n: Int, _ one: String) -> String { n == 1 ? "1 \(one)" : "\(n) \(one)s" }
        let marks = rows.first?.count ?? 0
        let shows = rows.count > 2 ? rows[2] : []
        let ratings = (rows.count > 1 ? rows[1].count : 0) + shows.filter { $0.count > 3 && $0[3] != .null }.count
        let settings = shows.filter { $0.count > 6 && ($0[5] != .integer(0) || $0[6] != .text("aired")) }.count
        return "\(counted(marks, "mark")), \(counted(ratings, "rating")) and \(counted(settings, "show setting"))"
    }
}
