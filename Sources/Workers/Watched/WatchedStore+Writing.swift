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
            throw WatchedStoreError.of(error, path: path)
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
        let opened = try WatchedFileOpening.openWaiting(path: path, now: Int(time(nil)), deadline: deadline)
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
}
