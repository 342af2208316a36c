import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A test-only stress program (`favourites-stress`, `watched-stress`) run as a separate process,
/// so that two copies really race for one file.
public enum StressProcess {
    /// Starts a program with standard input from /dev/null and its output in a file.
    /// - Parameters:
    ///   - path: the program (a product of `swift build --build-tests`).
    ///   - arguments: its arguments.
    ///   - log: the file for standard output.
    ///   - errors: the file for standard error; nil for the same file as the output.
    /// - Returns: its process id.
    /// - Throws: `POSIXError` when it cannot be started.
    public static func spawn(_ path: String, _ arguments: [String], log: String, errors: String? = nil) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let errors {
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .ENOENT) }
        return pid
    }

    /// Waits for a process to end.
    /// - Parameter pid: its process id.
    /// - Returns: its exit status, or 128 + the signal that ended it.
    public static func waitStatus(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }
}
