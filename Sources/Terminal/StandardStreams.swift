#if canImport(Glibc)
    import Glibc
#endif

/// The one way Discover writes to standard output and standard error outside the full screen:
/// plain text, JSON lines, `--help`, `--version`, `--check` and every error line.
///
/// Every write is checked with POSIX `write(2)` (no Foundation `FileHandle.write(_: Data)`,
/// which traps on a failed write):
/// - a partial write is continued, `EINTR` retried, and `EAGAIN` on a non-blocking descriptor
///   waited out with `poll(2)`;
/// - `EPIPE` on standard output means the reader went away (`discover-tui --json | head -1`): the
///   process ends at once, quietly, with status 141 (128 + SIGPIPE), the status a shell
///   reports for a program that the default SIGPIPE ended, so `set -o pipefail` sees the same
///   whether SIGPIPE was ignored (`trap '' PIPE`, systemd) or not;
/// - any other failure on standard output (`ENOSPC` on `/dev/full`, `EIO`, `EBADF`) ends the
///   process with one line on standard error naming the error and status 1;
/// - a failure on standard error itself cannot be reported anywhere: it is ignored, and the
///   caller's exit status stands (a usage error still exits 2 with `2> /dev/full`).
public enum StandardStreams {
    /// The exit status after the reader of standard output went away: 128 + SIGPIPE (13).
    public static let readerGoneStatus: Int32 = 128 + SIGPIPE

    /// The exit status after standard output could not be written for another reason.
    public static let writeFailedStatus: Int32 = 1

    /// Reserves each of the standard descriptors 0, 1 and 2 that is closed (`fcntl(F_GETFD)`
    /// fails with `EBADF`, as after `discover-tui >&-`) by opening `/dev/null` on it with the
    /// opposite access: read-only for 1 and 2, so that every write there fails with `EBADF` and
    /// is reported, and write-only for 0, so that a read fails. Without this the next socket or
    /// file opened would take the number, and output meant for the terminal would go into it.
    /// Call it first thing, before any other descriptor is opened.
    public static func reserveClosedDescriptors() {
        for fd: Int32 in 0...2 {
            guard fcntl(fd, F_GETFD) == -1, errno == EBADF else { continue }
            let opened = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY)
            guard opened >= 0, opened != fd else { continue }
            _ = dup2(opened, fd)
            _ = close(opened)
        }
    }

    /// What became of one write.
    public enum Outcome: Equatable, Sendable {
        /// Every byte was written.
        case written
        /// The reader went away (`EPIPE`).
        case readerGone
        /// Another error: its `errno` value.
        case failed(errno: Int32)
    }

    /// Writes every byte of `text` (UTF-8) to a file descriptor.
    /// - Parameters:
    ///   - text: the text.
    ///   - fd: the descriptor, for example 1.
    /// - Returns: `.written`, `.readerGone` on `EPIPE`, or `.failed` with the `errno` value.
    public static func write(_ text: String, to fd: Int32) -> Outcome {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { raw -> Outcome in
            guard let base = raw.baseAddress else { return .written }
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n > 0 {
                    offset += n
                    continue
                }
                let code = n < 0 ? errno : EIO
                switch code {
                case EINTR:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, 1000)
                    continue
                case EPIPE:
                    return .readerGone
                default:
                    return .failed(errno: code)
                }
            }
            return .written
        }
    }

    /// Writes `text` to standard output, or ends the process when it cannot: quietly with
    /// `readerGoneStatus` when the reader went away, else with one line on standard error
    /// (`discover-tui: cannot write to standard output: No space left on device`) and
    /// `writeFailedStatus`. Returns only when every byte was written.
    /// - Parameter text: the text, lines ending in `\n`.
    public static func output(_ text: String) {
        switch write(text, to: STDOUT_FILENO) {
        case .written:
            return
        case .readerGone:
            ProcessExit.now(readerGoneStatus)
        case .failed(let code):
            error(line: "cannot write to standard output: \(describe(errno: code))")
            ProcessExit.now(writeFailedStatus)
        }
    }

    /// Writes `discover-tui: <line>` and a line feed to standard error. A failure is ignored: there
    /// is nowhere left to report it.
    /// - Parameter line: the message, without the program name or the line feed.
    public static func error(line: String) {
        _ = write("discover-tui: \(line)\n", to: STDERR_FILENO)
    }

    /// The system's words for an `errno` value, for example `No space left on device`.
    /// - Parameter code: the `errno` value.
    /// - Returns: the text of `strerror`, or `error N` when it has none.
    public static func describe(errno code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
