import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Why there is no response cache: the folder that could not be used and the cause.
public struct CacheUnavailable: Error, Sendable, Equatable {
    /// The folder and cause.
    public let reason: StorageError

    /// A one-line notice, for example
    /// `no response cache (/root/.cache/discover-tui: read-only file system)`.
    public var notice: String {
        "no response cache (\(reason.path): \(reason.reason))"
    }
}
