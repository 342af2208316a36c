#if canImport(Glibc)
    import Glibc
#endif

/// The lock one mirror run holds on its file, so that two runs at once (two `discover-tui
/// mirror`, or one and the full screen's `keep-mirror-fresh`) never both ask TVmaze for every
/// page: an exclusive `flock` on `PATH.lock` beside the mirror, taken without waiting and held
/// until `release` or the process ends (the system lets it go when the process dies, so a killed
/// run leaves no stale lock).
public final class MirrorLock: @unchecked Sendable {
    /// Why the lock was not taken.
    public enum Failure: Error, Sendable, Equatable {
        /// Another process holds it: a mirror run is going on.
        case held
        /// The lock file cannot be opened; `reason` says why in words.
        case unusable(reason: String)
    }

    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Takes the lock on the mirror at `path`, without waiting.
    /// - Parameter path: the mirror's file (the lock is `path + ".lock"`).
    /// - Returns: the lock, held until `release` or the process ends.
    /// - Throws: `Failure.held` when another run holds it, `Failure.unusable` when the lock file
    ///   cannot be opened.
    public static func take(path: String) throws(Failure) -> MirrorLock {
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .unusable(reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failed = errno
            close(descriptor)
            if failed == EWOULDBLOCK { throw .held }
            throw .unusable(reason: String(cString: strerror(failed)))
        }
        return MirrorLock(descriptor: descriptor)
    }

    /// Lets the lock go (once; later calls do nothing).
    public func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
