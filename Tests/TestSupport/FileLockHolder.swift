import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Another process holding an exclusive `flock(2)` on a file: `flock(1)` running `sleep`, as a
/// second program would. The lock is held once `init` returns, until `release()` (or deinit)
/// kills that process.
public final class FileLockHolder {
    /// The holder's process id.
    public let pid: pid_t
    private var released = false

    /// Starts `flock PATH sleep SECONDS` and waits until it holds the lock.
    /// - Parameters:
    ///   - path: the file to lock (made when missing).
    ///   - seconds: how long the holder keeps it at most.
    /// - Throws: `POSIXError` when `flock(1)` cannot be started or does not take the lock
    ///   within 5 s.
    public init(path: String, seconds: Int = 60) throws {
        let program = ["/usr/bin/flock", "/bin/flock"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/flock"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // --close: `sleep` does not inherit the lock, so ending flock(1) frees it.
        let words: [String] = [program, "--exclusive", "--close", path, "sleep", String(seconds)]
        let argv = words.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        // A process group of its own, so that release() ends `sleep` too.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var child: pid_t = 0
        let rc = posix_spawn(&child, program, &actions, &attributes, argv, environ)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .ENOENT) }
        pid = child
        // Held once a lock of our own cannot be taken.
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let fd = open(path, O_RDWR | O_CLOEXEC)
            if fd >= 0 {
                let available = flock(fd, LOCK_EX | LOCK_NB) == 0
                close(fd)
                if !available { return }
            }
            usleep(10_000)
        }
        release()
        throw POSIXError(.ETIMEDOUT)
    }

    /// Ends the holder and its `sleep` (SIGKILL to its process group) and waits for it, which
    /// frees the lock.
    public func release() {
        guard !released else { return }
        released = true
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    deinit { release() }
}
