#if canImport(Glibc)
    import Glibc
#endif

/// Why the watched-episodes database cannot be used, or a change was not saved; each gives a
/// one-line sentence naming the path (`line`), never the case's own text.
public enum WatchedStoreError: Error, Sendable, Equatable {
    /// Written by a newer release (its schema version is higher than this one knows); the file
    /// is left untouched.
    case newerVersion(path: String, version: Int)
    /// An SQLite database of another program (its application id is not Discover's); left
    /// untouched.
    case notOurs(path: String)
    /// Another process (another copy of Discover) held the write lock past the 5 s an
    /// operation waits in all; nothing of the change was saved.
    case busy(path: String)
    /// The file or its folder cannot be written (a read-only file system): the marks can be
    /// read, a change cannot be saved.
    case readOnly(path: String)
    /// The disk holding the file is full (`SQLITE_FULL`, `ENOSPC`); nothing of the change was
    /// saved.
    case diskFull(path: String)
    /// The folder or file cannot be used for another reason (permission, a damaged file that
    /// cannot be moved aside, an I/O error): SQLite's or the C library's reason.
    case unusable(path: String, reason: String)

    /// The path the error names.
    public var path: String {
        switch self {
        case .newerVersion(let path, _), .notOurs(let path), .busy(let path), .readOnly(let path), .diskFull(let path), .unusable(let path, _):
            return path
        }
    }

    /// One sentence naming the file, for example `the disk holding PATH is full: the mark was
    /// not saved`.
    public var line: String {
        switch self {
        case .newerVersion(let path, let version):
            return "\(WatchedStore.fileName) is from a newer release of Discover (schema \(version), this one knows \(WatchedStore.schemaVersion)); left untouched (\(path))"
        case .notOurs(let path):
            return "\(WatchedStore.fileName) is not a Discover database; left untouched (\(path))"
        case .busy(let path):
            return "the watch history is busy: another discover-tui is writing; try again (\(path))"
        case .readOnly(let path):
            return "the watch history is on a read-only file system (\(path)): marks cannot be saved"
        case .diskFull(let path):
            return "the disk holding \(path) is full: the mark was not saved"
        case .unusable(let path, let reason):
            return "\(WatchedStore.fileName) cannot be used: \(reason) (\(path))"
        }
    }

    /// A failure as the sentence a person reads: another copy's lock, a read-only or full file
    /// system named as such, else SQLite's or the C library's reason.
    /// - Parameters:
    ///   - error: what was thrown (an `SQLiteError`, a `StorageError`, or one of these).
    ///   - path: the database's path.
    static func of(_ error: any Error, path: String) -> WatchedStoreError {
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
