/// Why the mirror file cannot be used, in words a person reads (`line`).
public enum MirrorStoreError: Error, Sendable, Equatable {
    /// No mirror file yet (`discover-tui mirror` makes one).
    case missing(path: String)
    /// The file is another program's database, or a newer release's.
    case notMirror(path: String)
    /// SQLite failed to open, read or write it; `reason` says why in words.
    case unusable(path: String, reason: String)

    /// The error for an SQLite failure on the file at `path`.
    static func sqlite(path: String, _ error: SQLiteError) -> MirrorStoreError {
        let reason: String
        if error.isFull {
            reason = "the disk is full"
        } else if error.isBusy {
            reason = "another discover-tui mirror is writing it; try again when it ends"
        } else if error.isDamage {
            reason = "the file is damaged; remove it and run discover-tui mirror again"
        } else if error.isFileSystem {
            reason = "the folder or file cannot be written (\(error.message))"
        } else {
            reason = error.message
        }
        return .unusable(path: path, reason: reason)
    }

    /// One line: what failed, where, and why.
    public var line: String {
        switch self {
        case .missing(let path): return "no mirror at \(path) yet: discover-tui mirror makes one"
        case .notMirror(let path): return "\(path) is not a mirror this release can read: move it away and run discover-tui mirror"
        case .unusable(let path, let reason): return "cannot use \(path): \(reason)"
        }
    }
}
