/// Why the watched-episodes database cannot be used; each gives a one-line message naming the
/// path.
public enum WatchedStoreError: Error, Sendable, Equatable {
    /// Written by a newer release (its schema version is higher than this one knows); the file
    /// is left untouched.
    case newerVersion(path: String, version: Int)
    /// An SQLite database of another program (its application id is not Discover's); left
    /// untouched.
    case notOurs(path: String)
    /// The folder or file cannot be used (permission, read-only file system, disk full, a lock
    /// held past the busy timeout): SQLite's or the C library's reason.
    case unusable(path: String, reason: String)

    /// `watched.sqlite3 is from a newer release of Discover (schema 2); left untouched (PATH)`.
    public var line: String {
        switch self {
        case .newerVersion(let path, let version):
            return "\(WatchedStore.fileName) is from a newer release of Discover (schema \(version), this one knows \(WatchedStore.schemaVersion)); left untouched (\(path))"
        case .notOurs(let path):
            return "\(WatchedStore.fileName) is not a Discover database; left untouched (\(path))"
        case .unusable(let path, let reason):
            return "\(WatchedStore.fileName) cannot be used: \(reason) (\(path))"
        }
    }
}
