import CTestPTY
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program on a pseudo-terminal made here (`posix_openpt`), as its controlling terminal
/// (`setsid -c`), and records every byte it writes: for measuring bytes per key, idle writes
/// and CPU time, and for checking that the terminal's settings are restored.
public final class PseudoTerminal: @unchecked Sendable {
    /// Why the pseudo-terminal could not be made.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed.
        public let description: String
    }

    /// The program's process id.
    public let pid: Int32
    private let master: Int32
    private let slave: Int32
    private var exitStatus: Int32?
    private var slaveClosed = false
    private let shared = SharedOutput()
    /// The terminal's settings before the program started.
    public let termiosBefore: termios

    /// Starts a program on a new pseudo-terminal.
    /// - Parameters:
    ///   - command: the program and its arguments.
    ///   - width: columns.
    ///   - height: rows.
    ///   - environment: the program's whole environment (`DISCOVER_IMAGES=off` added unless it is
    ///     given: recorded answers name pictures on the providers' hosts, never to be fetched).
    /// - Throws: `Failure` when the pseudo-terminal or the process cannot be made.
    public init(command: [String], width: Int = 80, height: Int = 24, environment: [String: String]) throws {
        var nameBuffer = [CChar](repeating: 0, count: 128)
        let m = dc_open_pty_master(&nameBuffer, nameBuffer.count)
        guard m >= 0 else { throw Failure(description: "cannot open a pseudo-terminal") }
        let name = String(decoding: nameBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ws = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(m, UInt(TIOCSWINSZ), &ws)
        let s = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard s >= 0 else { throw Failure(description: "cannot open the pseudo-terminal's slave") }
        var attrs = termios()
        tcgetattr(s, &attrs)
        termiosBefore = attrs
        master = m
        slave = s

        // posix_spawn (not Foundation's Process, which may make the child a process-group
        // leader): setsid(1) then starts a new session with the pseudo-terminal as its
        // controlling terminal and execs the program in place, so `pid` is the program's.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, s, target) }
        let argv = (["/usr/bin/setsid", "-c"] + command).map { strdup($0) } + [nil]
        var environment = environment
        if environment["DISCOVER_IMAGES"] == nil { environment["DISCOVER_IMAGES"] = "off" }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, "/usr/bin/setsid", &actions, nil, argv, envp)
        guard rc == 0 else {
            close(m)
            close(s)
            throw Failure(description: "cannot start \(command.first ?? "?"): error \(rc)")
        }
        pid = child

        let shared = self.shared
        let fd = m
        Thread { shared.readLoop(fd: fd) }.start()
    }

    deinit {
        stop()
    }

    /// Everything written so far.
    public var output: Data { shared.data }

    /// How many bytes were written so far.
    public var byteCount: Int { output.count }

    /// Writes bytes as if typed.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
    }

    /// Changes the terminal's size; the kernel sends SIGWINCH to the program.
    public func resize(width: Int, height: Int) {
        var ws = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &ws)
    }

    /// Waits until the output contains a string.
    /// - Parameter timeout: the longest wait, in seconds; one under `TmuxTerminal.shortestWait`
    ///   is raised to it (the wait is for a state; text that has come returns at once).
    /// - Returns: true when it appeared within the time-out.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 10) -> Bool {
        let needle = Data(text.utf8)
        let deadline = Date().addingTimeInterval(max(timeout, TmuxTerminal.shortestWait))
        repeat {
            if output.range(of: needle) != nil { return true }
            usleep(20_000)
        } while Date() < deadline
        return false
    }

    /// Waits until nothing has been written for `quiet` seconds (or `timeout` passes).
    public func settle(quiet: Double = 0.3, timeout: Double = 5) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = byteCount
        var lastChange = Date()
        while Date() < deadline {
            usleep(20_000)
            let now = byteCount
            if now != last {
                last = now
                lastChange = Date()
            } else if Date().timeIntervalSince(lastChange) >= quiet {
                return
            }
        }
    }

    /// The program's CPU time so far (user + system), in seconds, from `/proc/PID/stat`.
    public func cpuSeconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command name: state is field 3, utime 14, stime 15 (proc(5)).
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Closes the master side, as when a terminal window or an SSH connection goes away.
    public func hangUp() {
        guard shared.stop() else { return }
        shared.finished.wait()
        close(master)
    }

    /// Sends a signal to the program.
    public func signal(_ signo: Int32) {
        kill(pid, signo)
    }

    /// Waits for the program to exit.
    /// - Returns: its exit status (128 + n when killed by signal n), or nil on time-out.
    public func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let exitStatus { return exitStatus }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                let signalled = (status & 0x7F) != 0
                exitStatus = signalled ? 128 + (status & 0x7F) : (status >> 8) & 0xFF
                return exitStatus
            }
            usleep(20_000)
        } while Date() < deadline
        return nil
    }

    /// True when the terminal's settings now equal those before the program started.
    public func termiosRestored() -> Bool {
        var now = termios()
        tcgetattr(slave, &now)
        let before = termiosBefore
        return now.c_iflag == before.c_iflag && now.c_oflag == before.c_oflag
            && now.c_lflag == before.c_lflag && now.c_cflag == before.c_cflag
    }

    /// Kills the program if it still runs and closes the pseudo-terminal.
    public func stop() {
        if waitForExit(timeout: 0) == nil {
            kill(pid, SIGKILL)
            _ = waitForExit(timeout: 2)
        }
        if shared.stop() {
            shared.finished.wait()
            close(master)
        }
        if !slaveClosed {
            slaveClosed = true
            close(slave)
        }
    }
}

/// The bytes read from the master, shared with the reading thread.
private final class SharedOutput: @unchecked Sendable {
    // Every field is guarded by `lock`.
    private let lock = NSLock()
    private var buffer = Data()
    private var stopped = false
    let finished = DispatchSemaphore(value: 0)

    var data: Data {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }

    /// Asks the reader to stop; returns false when already asked.
    func stop() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if stopped { return false }
        stopped = true
        return true
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    func readLoop(fd: Int32) {
        defer { finished.signal() }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !isStopped {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 50) > 0 else { continue }
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 {
                usleep(20_000)
                continue
            }
            lock.lock()
            buffer.append(contentsOf: chunk[0..<n])
            lock.unlock()
        }
    }
}
