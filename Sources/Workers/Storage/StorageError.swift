#if canImport(Glibc)
    import Glibc
#endif

/// Why a folder or file of the app's own could not be used: the path and the cause, for a
/// one-line message such as "cannot write /home/ana/.local/share/discover-tui: read-only file system".
public struct StorageError: Error, Sendable, Equatable {
    /// The path concerned.
    public let path: String
    /// The cause in a few words, usually the C library's `strerror` text.
    public let reason: String

    /// Makes an error.
    /// - Parameters:
    ///   - path: the path concerned.
    ///   - reason: the cause in a few words.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// An error from the current `errno`.
    /// - Parameter path: the path concerned.
    /// - Returns: the error, with `strerror(errno)` as its reason.
    public static func fromErrno(path: String) -> StorageError {
        StorageError(path: path, reason: String(cString: strerror(errno)))
    }
}
