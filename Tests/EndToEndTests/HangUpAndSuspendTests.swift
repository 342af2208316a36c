import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// C35 (a terminal gone without a signal) and C36 (Ctrl-Z in an interactive shell), in the
/// built binary on a real pseudo-terminal and in bash in tmux.
final class HangUpAndSuspendTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-hangup-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// C35: the shell that started the app ignores SIGHUP and stays the session leader, so
    /// when the terminal goes away no signal reaches the app. The hang-up on its terminal ends
    /// it within a second, with the favourite marked just before saved.
    func testAHangUpWithoutSIGHUPSavesTheFavouritesAndExitsWithinASecond() throws {
        let statusFile = root + "/status"
        let env = [
            "TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": root,
            "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache"
        ]
        let script = #"trap '' HUP; "$0" --source snapshot --list all; echo $? > "$1""#
        let pty = try PseudoTerminal(command: ["/bin/sh", "-c", script, BuiltProducts.discover, statusFile], environment: env)
        defer { pty.stop() }
        XCTAssertTrue(pty.waitFor("offline snapshot"))
        pty.settle()
        pty.type("f")
        // The mark drawn: the favourite is taken, whatever the machine's load.
        XCTAssertTrue(pty.waitFor("♥"), "the favourite is marked")
        let closed = Date()
        pty.hangUp()
        var status: String?
        while status == nil && Date().timeIntervalSince(closed) < 3 {
            status = try? String(contentsOfFile: statusFile, encoding: .utf8)
            if status == nil { usleep(10_000) }
        }
        let took = Date().timeIntervalSince(closed)
        XCTAssertNotNil(status, "the app ended after the hang-up")
        XCTAssertLessThan(took, 1.0, "within a second (took \(took) s)")
        XCTAssertEqual(status?.trimmingCharacters(in: .whitespacesAndNewlines), "1", "a lost terminal is exit status 1")
        let saved = (try? String(contentsOfFile: root + "/data/discover-tui/favorites.json", encoding: .utf8)) ?? ""
        XCTAssertTrue(saved.contains("Breaking Bad"), "the favourite was saved: \(saved)")
    }

    /// C35 with the app as the session leader: SIGHUP arrives with the terminal already gone,
    /// and the app ends at once too.
    func testAHangUpWithSIGHUPEndsTheAppAtOnce() throws {
        let env = [
            "TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": root,
            "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache"
        ]
        let pty = try PseudoTerminal(command: [BuiltProducts.discover, "--source", "snapshot", "--list", "all"], environment: env)
        defer { pty.stop() }
        XCTAssertTrue(pty.waitFor("offline snapshot"))
        pty.settle()
        let closed = Date()
        pty.hangUp()
        let status = pty.waitForExit(timeout: 3)
        XCTAssertNotNil(status)
        XCTAssertTrue(status == 129 || status == 1, "hang-up status \(status.map(String.init) ?? "none")")
        XCTAssertLessThan(Date().timeIntervalSince(closed), 1.0)
    }

    /// C35 while stopped: the terminal hangs up while the app is suspended (Ctrl-Z); the
    /// kernel continues it, and it ends at once instead of drawing on a dead terminal.
    func testAHangUpWhileSuspendedEndsTheApp() throws {
        let env = [
            "TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": root,
            "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache"
        ]
        let pty = try PseudoTerminal(command: [BuiltProducts.discover, "--source", "snapshot", "--list", "all"], environment: env)
        defer { pty.stop() }
        XCTAssertTrue(pty.waitFor("offline snapshot"))
        pty.settle()
        pty.signal(SIGTSTP)
        let deadline = Date().addingTimeInterval(3)
        var stopped = false
        while !stopped && Date() < deadline {
            let stat = (try? String(contentsOfFile: "/proc/\(pty.pid)/stat", encoding: .utf8)) ?? ""
            stopped = stat.contains(") T ")
            if !stopped { usleep(10_000) }
        }
        XCTAssertTrue(stopped, "suspended")
        let closed = Date()
        pty.hangUp()
        let status = pty.waitForExit(timeout: 3)
        XCTAssertNotNil(status, "ended after the hang-up")
        XCTAssertTrue(status == 129 || status == 1, "hang-up status \(status.map(String.init) ?? "none")")
        XCTAssertLessThan(Date().timeIntervalSince(closed), 1.0)
    }

    /// C36: Ctrl-Z in bash shows the shell's job line and its prompt on the normal screen;
    /// `fg` repaints the app, which answers keys.
    func testCtrlZInBashShowsTheStoppedLineAndThePromptAndFgRepaints() throws {
        guard let t = try TmuxTerminal.interactiveBash() else { throw XCTSkip("needs tmux and bash") }
        t.type("'\(BuiltProducts.discover)' --source snapshot --list all --mouse")
        t.send("Enter")
        XCTAssertNotNil(t.waitFor("1/1404"))
        XCTAssertTrue(t.mouseModes().reports, "mouse mode on while the app runs")
        t.send("Enter")
        XCTAssertNotNil(t.waitFor("Summary"))
        t.send("C-z")
        let stopped = try XCTUnwrap(
            t.waitUntil(timeout: 5) { rows in
                guard let line = rows.lastIndex(where: { $0.contains("Stopped") }) else { return false }
                return rows[(line + 1)...].contains { $0.hasPrefix("$") }
            }, "the job line and a prompt after it: \(t.screen().joined(separator: "\n"))")
        XCTAssertTrue(stopped.contains { $0.contains("[1]+") && $0.contains("Stopped") }, stopped.joined(separator: "\n"))
        XCTAssertFalse(stopped.joined().contains("offline snapshot"), "the app's frame is not on the shell's screen")
        XCTAssertTrue(t.normalScreenWithCursor(), "normal screen, cursor shown")
        XCTAssertTrue(t.mouseModes() == (false, false), "mouse mode off while stopped, so the shell's selection works")
        // The shell's terminal is usable: what is typed is echoed.
        t.type("echo back-in-the-shell")
        t.send("Enter")
        XCTAssertNotNil(t.waitFor("^back-in-the-shell"))
        t.type("fg")
        t.send("Enter")
        let again = try XCTUnwrap(t.waitFor("Esc back"), "fg repaints the details")
        XCTAssertTrue(t.mouseModes().reports, "mouse mode on again after fg")
        XCTAssertTrue(again.contains { $0.contains("Summary") })
        t.send("Escape")
        XCTAssertNotNil(t.waitFor("1/1404"))
        t.send("j")
        XCTAssertNotNil(t.waitFor("2/1404"), "keys are answered after fg")
        t.send("q")
        XCTAssertNotNil(t.waitFor(#"^\$\s*$"#), "back at the prompt")
        t.type("exit")
        t.send("Enter")
        XCTAssertEqual(t.exitStatus(), 0)
        XCTAssertTrue(t.terminalRestored())
    }

    /// Under a wrapper that stays (`sh -c` and `bash -c` with a command after the app), the job
    /// the shell stops is the wrapper's. Ctrl-Z restores the terminal before anything in the job
    /// stops: the job line and the prompt are on the normal screen, bracketed paste is as the
    /// shell set it (a pasted Tab is text), and `fg` repaints the app.
    func testCtrlZUnderAShOrBashWrapperShowsTheJobLineAndPromptAndLeavesBracketedPasteOn() throws {
        for wrapper in ["/bin/sh", "/bin/bash"] {
            let line = "s=$(stty -g); \(wrapper) -c \"'\(BuiltProducts.discover)' --source snapshot --list all; echo wrapper-done\""
            guard let t = try TmuxTerminal.interactiveBash(running: line, ready: "1/1404") else { throw XCTSkip("needs tmux and bash") }
            t.send("C-z")
            let stopped = t.waitUntil(timeout: 5) { rows in
                guard let line = rows.lastIndex(where: { $0.contains("[1]+") && $0.contains("Stopped") }) else { return false }
                return rows[(line + 1)...].contains { $0.hasPrefix("$") }
            }
            XCTAssertNotNil(stopped, "\(wrapper): the job line and a prompt after it: \(t.screen().joined(separator: "\n"))")
            XCTAssertFalse(t.screen().joined().contains("offline snapshot"), "\(wrapper): the app's frame is not on the shell's screen")
            XCTAssertTrue(t.normalScreenWithCursor(), "\(wrapper): normal screen, cursor shown")
            // Bracketed paste on, as readline set it: a pasted Tab is text, not completion
            // (with the mode off, readline would complete `zq9` and print `zq9kept`).
            t.paste("echo zq9\tkept")
            t.send("Enter")
            XCTAssertNotNil(t.waitFor("^zq9 kept$"), "\(wrapper): bracketed paste is on in the shell: \(t.screen().joined(separator: "\n"))")
            t.type("fg")
            t.send("Enter")
            XCTAssertNotNil(t.waitUntil { $0.last?.contains("offline snapshot") ?? false }, "\(wrapper): fg repaints the app")
            t.send("j")
            XCTAssertNotNil(t.waitFor("2/1404"), "\(wrapper): keys are answered after fg")
            t.send("q")
            XCTAssertNotNil(t.waitFor("^wrapper-done$"), "\(wrapper): the wrapper went on after the app")
            t.type(#"[ "$s" = "$(stty -g)" ] && echo same-settings"#)
            t.send("Enter")
            XCTAssertNotNil(t.waitFor("^same-settings$"), "\(wrapper): the terminal's settings as before: \(t.screen().joined(separator: "\n"))")
        }
    }
}
