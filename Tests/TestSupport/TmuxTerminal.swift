import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program in a real terminal, a tmux pane on a private tmux server, the way a person
/// would: keys are typed with `send-keys`, the screen is read with `capture-pane`, and the
/// terminal's settings (`stty -g`) are recorded before the program starts and after it ends.
public final class TmuxTerminal {
    /// Why a tmux session could not be used.
    public enum Failure: Error, CustomStringConvertible {
        /// tmux is not installed.
        case tmuxMissing
        /// A tmux command failed: its arguments and what it printed.
        case command([String], String)

        public var description: String {
            switch self {
            case .tmuxMissing: return "tmux is not installed (apt-get install tmux)"
            case .command(let args, let output): return "tmux \(args.joined(separator: " ")) failed: \(output)"
            }
        }
    }

    /// The path of tmux, or nil when it is not installed.
    public static let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The wrapper shell: bash when present, since dash dies of the SIGINT that Ctrl-C sends
    /// to the whole foreground process group and so never records the program's status.
    private static let shell = FileManager.default.isExecutableFile(atPath: "/bin/bash") ? "/bin/bash" : "/bin/sh"

    /// Variables of the person running the tests that would change what the program does.
    static let personalVariables: [String] = {
        // The CA bundle and proxy variables libcurl and the app read, too: a proxy would take the
        // loopback servers' requests.
        let named = [
            "TMDB_API_KEY", "TMDB_READ_ACCESS_TOKEN", "GEOAPIFY_API_KEY", "NO_COLOR",
            "CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR", "http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY",
            "no_proxy", "NO_PROXY"
        ]
        return named + ProcessInfo.processInfo.environment.keys.filter { $0.hasPrefix("DISCOVER_") }.sorted()
    }()

    private let socket: String
    private let directory: URL

    /// Starts a program in a new detached tmux session of the given size.
    /// - Parameters:
    ///   - command: the program and its arguments.
    ///   - width: columns.
    ///   - height: rows.
    ///   - environment: variables set for the program (in addition to tmux's own, such as TERM);
    ///     `DISCOVER_IMAGES=off` unless given.
    ///   - unsetting: variables removed from the program's environment.
    /// - Throws: `Failure` when tmux is missing or does not start.
    public init(command: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:], unsetting: [String] = []) throws {
        guard Self.tmuxPath != nil else { throw Failure.tmuxMissing }
        socket = "discover-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The program's settings, cache and favourites live in this run's own folder, and the
        // person's keys and DISCOVER_* settings are left out, unless the test gives them.
        // No pictures unless the test asks: recorded answers name pictures on the providers' hosts.
        var env = ["LC_ALL": "C.UTF-8", "DISCOVER_IMAGES": "off"]
        for (variable, folder) in [("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache")]
        where !unsetting.contains(variable) {
            env[variable] = directory.appendingPathComponent(folder).path
        }
        for (k, v) in environment { env[k] = v }
        let personal = Self.personalVariables.filter { environment[$0] == nil }
        let assignments = env.keys.sorted().map { "\($0)=\(Self.quote(env[$0] ?? ""))" }.joined(separator: " ")
        let unsets = (unsetting + personal).map { "-u \($0)" }.joined(separator: " ")
        let program = command.map(Self.quote).joined(separator: " ")
        let dir = Self.quote(directory.path)
        // The status is written last, so that once it exists the settings after the run exist too.
        let script = "stty -g > \(dir)/stty.before; env \(unsets) \(assignments) \(program); s=$?; stty -g > \(dir)/stty.after; echo $s > \(dir)/status; exec sleep 600"
        // The pane stays after the program ends, so its last screen can still be read.
        let config = directory.appendingPathComponent("tmux.conf")
        try Data("set-option -g remain-on-exit on\n".utf8).write(to: config)
        try tmux(["-f", config.path, "new-session", "-d", "-x", String(width), "-y", String(height), Self.shell, "-c", script], capture: false)
    }

    /// Starts an interactive bash (no rc files, prompt `$ `) in a new tmux session and waits
    /// for its first prompt: a shell with job control, for Ctrl-Z and `fg`.
    /// - Returns: the session, or nil when tmux or `/bin/bash` is missing.
    /// - Throws: `Failure` when tmux does not start or the prompt does not appear within 10 s.
    public static func interactiveBash() throws -> TmuxTerminal? {
        guard tmuxPath != nil, FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return nil }
        let t = try TmuxTerminal(command: ["/bin/bash", "--norc", "--noprofile", "-i"], environment: ["PS1": "$ "])
        guard t.waitFor(#"^\$"#) != nil else {
            throw Failure.command(["(waiting for the bash prompt)"], t.screen().joined(separator: "\n"))
        }
        return t
    }

    /// Starts an interactive bash (`interactiveBash()`), runs a command line in it, and waits
    /// for a pattern of the program's first screen.
    /// - Parameters:
    ///   - line: the command line, typed as is, then Enter.
    ///   - ready: a pattern of a row the program draws once it is ready.
    /// - Returns: the session, or nil when tmux or `/bin/bash` is missing.
    /// - Throws: `Failure` when bash does not start, or `ready` does not appear within 10 s.
    public static func interactiveBash(running line: String, ready: String) throws -> TmuxTerminal? {
        guard let t = try interactiveBash() else { return nil }
        t.type(line)
        t.send("Enter")
        guard t.waitFor(ready) != nil else {
            throw Failure.command(["(waiting for \(ready) after \(line))"], t.screen().joined(separator: "\n"))
        }
        return t
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    private func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        let result = try Subprocess.run(Self.tmuxPath ?? "/usr/bin/tmux", ["-u", "-L", socket] + arguments, captureOutput: capture)
        guard result.status == 0 else { throw Failure.command(arguments, result.output) }
        return result.output
    }

    private static func quote(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The screen's text now, one string a row.
    public func screen() -> [String] {
        let text = (try? tmux(["capture-pane", "-p", "-t", "0"])) ?? ""
        var rows = text.components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// Copies every byte the program writes from now on to a file (tmux's `pipe-pane`),
    /// replacing the copy to an earlier file: what a terminal at the end of an ssh link receives.
    /// - Parameter path: the file, made anew.
    public func recordOutput(to path: String) {
        _ = try? tmux(["pipe-pane", "-t", "0"])
        _ = try? tmux(["pipe-pane", "-t", "0", "-O", "cat > " + Self.quote(path)])
    }

    /// The screen now with each cell's colours and attributes (`capture-pane -e`).
    public func styledScreen() -> StyledScreen {
        StyledScreen(captured: (try? tmux(["capture-pane", "-e", "-p", "-t", "0"])) ?? "")
    }

    /// The whole pane with its scroll-back, wrapped lines joined: what was printed, even when
    /// the pane is too small to show it.
    public func history() -> String {
        (try? tmux(["capture-pane", "-p", "-J", "-S", "-500", "-t", "0"])) ?? ""
    }

    /// Types keys, in tmux's key names (`Down`, `Enter`, `Escape`, `C-c`, `M-q` for Alt-q) or
    /// literal text: one write per key, with no pause between them (an Escape followed at once
    /// by a key is still Esc then the key, unless the app binds that Alt combination).
    /// - Parameter keys: the keys, sent one by one.
    public func send(_ keys: String...) {
        for key in keys {
            _ = try? tmux(["send-keys", "-t", "0", key])
        }
    }

    /// Types keys in one `send-keys` command, so that they arrive back to back in one write, as
    /// a script, a paste or one SSH packet delivers them (no pause after `Escape`).
    /// - Parameter keys: the keys, in tmux's key names or literal text.
    public func sendTogether(_ keys: String...) {
        _ = try? tmux(["send-keys", "-t", "0"] + keys)
    }

    /// Writes raw bytes to the program in one write (`send-keys -H`).
    /// - Parameter bytes: the bytes.
    public func sendBytes(_ bytes: [UInt8]) {
        _ = try? tmux(["send-keys", "-t", "0", "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// Writes raw bytes to the program in one write.
    /// - Parameter text: the bytes, as UTF-8.
    public func sendBytes(_ text: String) {
        sendBytes(Array(text.utf8))
    }

    /// Pastes text as a terminal does: tmux wraps it in the bracketed-paste markers when the
    /// program turned that mode on (`paste-buffer -p`), and sends it in one write.
    /// - Parameter text: the text.
    public func paste(_ text: String) {
        _ = try? tmux(["set-buffer", "--", text])
        _ = try? tmux(["paste-buffer", "-p", "-d", "-t", "0"])
    }

    /// Types text literally (no key-name lookup).
    public func type(_ text: String) {
        _ = try? tmux(["send-keys", "-t", "0", "-l", text])
    }

    /// Resizes the terminal (the program gets SIGWINCH).
    public func resize(width: Int, height: Int) {
        _ = try? tmux(["resize-window", "-t", "0", "-x", String(width), "-y", String(height)])
    }

    /// The pid of the program's shell wrapper's child (the program), or nil.
    public func programPID() -> Int32? {
        guard let text = try? tmux(["display-message", "-p", "-t", "0", "#{pane_pid}"]),
            let shell = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { Int32($0) }.first
    }

    /// The shortest time-out of a wait for a screen, in seconds: a test names how long a state
    /// should take, and a machine busy with other builds can take several times that.
    public static let shortestWait: Double = 30

    /// Waits until a row of the screen matches a regular expression, on a whole frame (see
    /// `waitUntil`).
    /// - Parameters:
    ///   - pattern: the regular expression.
    ///   - timeout: the longest wait, in seconds.
    /// - Returns: the screen when it matched, or nil on time-out.
    @discardableResult
    public func waitFor(_ pattern: String, timeout: Double = 10) -> [String]? {
        waitUntil(timeout: timeout) { rows in rows.contains { $0.range(of: pattern, options: .regularExpression) != nil } }
    }

    /// Waits until the whole screen satisfies a condition on a whole frame. tmux can be read
    /// while it is still applying a frame (on a busy machine the header may already say the new
    /// order while the rows below are the old ones), so a screen counts only when the next read
    /// is the same screen: a frame half applied is never returned.
    /// - Parameters:
    ///   - timeout: the longest wait, in seconds; one under `TmuxTerminal.shortestWait` is
    ///     raised to it, since the wait is for a state and a loaded machine must not fail it
    ///     (a state that holds returns at once whatever the time-out).
    ///   - condition: tested on the screen's rows.
    /// - Returns: the screen when it held, or nil on time-out.
    @discardableResult
    public func waitUntil(timeout: Double = 10, _ condition: ([String]) -> Bool) -> [String]? {
        let deadline = Date().addingTimeInterval(max(timeout, Self.shortestWait))
        repeat {
            let rows = screen()
            if condition(rows), screen() == rows { return rows }
            usleep(50_000)
        } while Date() < deadline
        return nil
    }

    /// Waits for the program to end.
    /// - Parameter timeout: the longest wait, in seconds.
    /// - Returns: its exit status, or nil on time-out.
    public func exitStatus(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        let url = directory.appendingPathComponent("status")
        repeat {
            if let text = try? String(contentsOf: url, encoding: .utf8), let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            usleep(50_000)
        } while Date() < deadline
        return nil
    }

    /// True when the terminal settings after the program equal those before it (echo,
    /// canonical mode and the rest restored). Call after `exitStatus`.
    public func terminalRestored() -> Bool {
        let (before, after) = terminalSettings()
        return before != nil && before == after
    }

    /// The terminal's settings (`stty -g`) before the program started and after it ended.
    public func terminalSettings() -> (before: String?, after: String?) {
        let before = try? String(contentsOf: directory.appendingPathComponent("stty.before"), encoding: .utf8)
        let after = try? String(contentsOf: directory.appendingPathComponent("stty.after"), encoding: .utf8)
        return (before, after)
    }

    /// The pane's mouse modes as tmux sees them: whether the program asked for mouse reports
    /// (xterm's mode 1000, `mouse_standard_flag`) and for the SGR form (1006, `mouse_sgr_flag`).
    public func mouseModes() -> (reports: Bool, sgr: Bool) {
        let text = (try? tmux(["display-message", "-p", "-t", "0", "#{mouse_standard_flag} #{mouse_sgr_flag}"])) ?? ""
        let flags = text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "1" }
        return (flags.first ?? false, flags.dropFirst().first ?? false)
    }

    /// Where the pane's cursor is, rows and columns from 0, or nil when tmux cannot say.
    public func cursorPosition() -> (row: Int, column: Int)? {
        let text = (try? tmux(["display-message", "-p", "-t", "0", "#{cursor_y} #{cursor_x}"])) ?? ""
        let numbers = text.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    /// True when tmux's pane is on its normal screen (not the alternate screen) with the
    /// cursor visible.
    public func normalScreenWithCursor() -> Bool {
        let text = (try? tmux(["display-message", "-p", "-t", "0", "#{alternate_on} #{cursor_flag}"])) ?? ""
        return text.trimmingCharacters(in: .whitespacesAndNewlines) == "0 1"
    }
}
