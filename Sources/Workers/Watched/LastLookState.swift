import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// When `discover-tui upcoming --new` last looked: one line, seconds since 1970-01-01 UTC, in
/// `$XDG_STATE_HOME/discover-tui/upcoming-new` (default `~/.local/state/discover-tui`, the
/// XDG Base Directory Specification 0.8's state folder, made with mode 0700). Written to a
/// temporary file and renamed, so a crash leaves the old time or the new one.
public struct LastLookState: Sendable {
    /// The file's name in the state folder.
    public static let fileName = "upcoming-new"
    /// The file's path.
    public let path: String

    /// The state file of an environment.
    /// - Parameter environment: `XDG_STATE_HOME` (used when absolute) and `HOME`.
    /// - Throws: `StorageError` when neither gives an absolute folder.
    public init(environment: [String: String]) throws {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = FilePaths.join(home, ".local/state")
        } else {
            throw StorageError(path: "$XDG_STATE_HOME", reason: "neither XDG_STATE_HOME nor HOME is an absolute path")
        }
        path = FilePaths.join(FilePaths.join(base, XDGDirectories.appFolder), Self.fileName)
    }

    /// The time last written, or nil when there is none (never run, or a file that does not
    /// hold a time).
    public func read() -> Int? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return Int(String(decoding: data, as: UTF8.self).filter { !$0.isWhitespace })
    }

    /// Writes a time, making the folder when missing.
    /// - Parameter seconds: seconds since 1970-01-01 UTC.
    /// - Throws: `StorageError` naming the path and the reason when it cannot be written.
    public func write(_ seconds: Int) throws {
        let folder = FilePaths.parent(of: path)
        try XDGDirectories.makeDirectory(folder)
        let temporary = path + ".tmp-\(getpid())"
        let bytes = Array("\(seconds)\n".utf8)
        let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StorageError.fromErrno(path: temporary) }
        let written = Glibc.write(fd, bytes, bytes.count)
        let synced = fsync(fd)
        Glibc.close(fd)
        guard written == bytes.count, synced == 0 else {
            let error = StorageError.fromErrno(path: path)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = StorageError.fromErrno(path: path)
            unlink(temporary)
            throw error
        }
    }
}
