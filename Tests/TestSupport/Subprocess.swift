import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to completion with `posix_spawn` and `waitpid`, reading what it prints.
///
/// Used for tmux's client commands: a tmux client may start a server that keeps running, and
/// the server must inherit none of the test's descriptors (standard input, output and error
/// go to /dev/null or to a close-on-exec pipe that only the client holds).
public enum Subprocess {
    /// What a finished program did.
    public struct Result {
        /// Its exit status (128 + n when killed by signal n).
        public let status: Int32
        /// What it wrote to standard output and standard error.
        public let output: String
    }

    /// Runs a program and waits for it.
    /// - Parameters:
    ///   - path: the program's absolute path.
    ///   - arguments: its arguments (without the program name).
    ///   - captureOutput: read its output; false sends it to /dev/null.
    /// - Returns: the status and output.
    /// - Throws: `POSIXError` when it cannot be started.
    public static func run(_ path: String, _ arguments: [String], captureOutput: Bool = true) throws -> Result {
        var fds: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
            posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, nil, argv, environ)
        if captureOutput { close(fds[1]) }
        guard rc == 0 else {
            if captureOutput { close(fds[0]) }
            throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .ENOENT)
        }
        var output = Data()
        if captureOutput {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(fds[0], &chunk, chunk.count)
                if n > 0 { output.append(contentsOf: chunk[0..<n]) } else if n == 0 || errno != EINTR { break }
            }
            close(fds[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7F) == 0
        let code = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: code, output: String(decoding: output, as: UTF8.self))
    }
}
