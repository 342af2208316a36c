import Foundation
import TestSupport
import XCTest

/// The field cases C01, C02, C11–C13 and C24 (Tests/TestSupport/Fixtures/cases/README.md in
/// spirit: faults other terminal apps shipped), each checked on the built binary in a real
/// terminal.
final class TerminalCasesTests: XCTestCase {
    private func tmux(_ arguments: [String] = ["--source", "snapshot", "--list", "all"], width: Int = 80, height: Int = 24, wrap: String? = nil) throws -> TmuxTerminal {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        return try TmuxTerminal(command: [BuiltProducts.discover] + arguments, width: width, height: height)
    }

    private func lastRow(_ screen: [String]?) -> String { screen?.last ?? "" }

    /// C01: resizing with a show's details open re-lays out at once and keeps the scene.
    func testResizeWhileTheDetailIsOpenRepaintsTheSameSceneAtEachSize() throws {
        let t = try tmux(width: 120, height: 40)
        XCTAssertNotNil(t.waitFor("Breaking Bad"))
        t.send("Down", "Down", "Enter")
        XCTAssertNotNil(t.waitFor("Summary"))
        t.send("Down", "Down")
        for (w, h) in [(80, 24), (200, 60), (120, 40)] {
            t.resize(width: w, height: h)
            var screen = t.screen()
            let deadline = Date().addingTimeInterval(5)
            func repainted() -> Bool {
                screen.count == h && (screen.first?.contains("› Stargate SG-1") ?? false) && lastRow(screen).contains("offline snapshot")
            }
            while !repainted() && Date() < deadline {
                usleep(50_000)
                screen = t.screen()
            }
            XCTAssertEqual(screen.count, h, "the screen is \(h) rows")
            XCTAssertTrue(screen.first?.contains("› Stargate SG-1") ?? false, "same scene at \(w)x\(h)")
            XCTAssertTrue(lastRow(screen).contains("offline snapshot"), "status bar at the bottom at \(w)x\(h)")
            XCTAssertLessThanOrEqual(screen.map { $0.count }.max() ?? 0, w)
        }
        t.send("Escape")
        XCTAssertNotNil(t.waitFor("3/1404"), "back on the same row")
        t.send("q")
        XCTAssertEqual(t.exitStatus(), 0)
        XCTAssertTrue(t.terminalRestored())
    }

    /// C02: tiny terminals show a notice, never crash, and everything is intact when grown back.
    func testTinyTerminalsShowANoticeAndGrowingBackRestoresTheScene() throws {
        let t = try tmux(width: 10, height: 3)
        XCTAssertNotNil(t.waitFor("small"))
        t.resize(width: 80, height: 24)
        XCTAssertNotNil(t.waitFor("Breaking Bad"))
        t.send("Down", "Enter")
        XCTAssertNotNil(t.waitFor("Summary"))
        t.resize(width: 12, height: 4)
        XCTAssertNotNil(t.waitFor("small"))
        t.send("j", "k", "Down", "PageDown")
        t.resize(width: 1, height: 1)
        t.send("j")
        t.resize(width: 80, height: 24)
        let back = t.waitFor("Game of Thrones", timeout: 5)
        XCTAssertTrue(back?.first?.contains("› Game of Thrones") ?? false, "the detail is back: \(back?.first ?? "")")
        t.send("q", "q")
        XCTAssertEqual(t.exitStatus(), 0)
        XCTAssertTrue(t.terminalRestored())
    }

    /// C12: Ctrl-Z leaves a clean normal screen; SIGCONT repaints the same scene at the new size.
    func testSuspendLeavesANormalScreenAndResumeRepaintsTheSameSceneAtTheNewSize() throws {
        let t = try tmux()
        XCTAssertNotNil(t.waitFor("Breaking Bad"))
        t.send("Down", "Enter")
        XCTAssertNotNil(t.waitFor("Summary"))
        let pid = try XCTUnwrap(t.programPID())
        t.send("C-z")
        // The terminal is restored before the process stops: wait for both states.
        let stopped = { ((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "").contains(") T ") }
        let deadline = Date().addingTimeInterval(10)
        while !(t.normalScreenWithCursor() && stopped()) && Date() < deadline { usleep(50_000) }
        XCTAssertTrue(t.normalScreenWithCursor(), "normal screen and cursor while stopped")
        XCTAssertTrue(stopped(), "the process is stopped")
        t.resize(width: 100, height: 30)
        kill(pid, SIGCONT)
        let screen = t.waitFor("Esc back", timeout: 5)
        XCTAssertTrue(screen?.first?.contains("› Game of Thrones") ?? false)
        XCTAssertEqual(screen?.count, 30)
        XCTAssertTrue(lastRow(screen).contains("offline snapshot"))
        t.send("q", "q")
        XCTAssertEqual(t.exitStatus(), 0)
        XCTAssertTrue(t.terminalRestored())
        XCTAssertTrue(t.normalScreenWithCursor())
    }

    /// C11: SIGQUIT and a fatal signal both leave the terminal restored.
    func testQuitAndFatalSignalsRestoreTheTerminal() throws {
        for (signal, status) in [(SIGQUIT, Int32(131)), (SIGSEGV, Int32(139))] {
            let t = try tmux()
            XCTAssertNotNil(t.waitFor("Breaking Bad"))
            let pid = try XCTUnwrap(t.programPID())
            kill(pid, signal)
            XCTAssertEqual(t.exitStatus(), status, "status after signal \(signal)")
            XCTAssertTrue(t.terminalRestored(), "settings restored after signal \(signal)")
            XCTAssertTrue(t.normalScreenWithCursor(), "normal screen after signal \(signal)")
        }
    }

    /// C13: output to a file is plain text with no escape codes, at once; with keys from a pipe
    /// the app reads them from /dev/tty.
    func testOutputToAFileIsPlainTextAndPipedInputStillReadsKeysFromTheTerminal() throws {
        let start = Date()
        let result = try Subprocess.run(BuiltProducts.discover, ["--source", "snapshot", "--list", "all"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.5)
        XCTAssertEqual(result.status, 0)
        XCTAssertFalse(result.output.contains("\u{1B}"), "no escape codes")
        XCTAssertTrue(result.output.contains("Breaking Bad"))
        // A snapshot costs no network request, so every page is printed: the embedded one holds 1404 shows.
        XCTAssertEqual(result.output.split(separator: "\n").count, 1405, "a header and the snapshot's 1404 shows")
        XCTAssertTrue(result.output.hasPrefix("# 1404 popular shows, offline snapshot"), String(result.output.prefix(80)))

        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed") }
        let piped = try TmuxTerminal(command: ["sh", "-c", "echo x | \"$0\" --source snapshot --list all", BuiltProducts.discover])
        XCTAssertNotNil(piped.waitFor("Breaking Bad"), "the list is drawn with standard input a pipe")
        piped.send("Down")
        XCTAssertNotNil(piped.waitFor("2/1404"), "keys come from the terminal (every show of the snapshot is listed)")
        piped.send("q")
        XCTAssertEqual(piped.exitStatus(), 0)
        XCTAssertTrue(piped.terminalRestored())
    }

    /// C24 and terminal loss: Esc answers within ESCDELAY, and a closed terminal ends the program.
    func testEscapeIsAnsweredQuicklyAndAClosedTerminalEndsTheProgram() throws {
        let env = ["TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let pty = try PseudoTerminal(command: [BuiltProducts.discover, "--source", "snapshot", "--list", "all"], environment: env)
        defer { pty.stop() }
        XCTAssertTrue(pty.waitFor("offline snapshot"))
        pty.settle()
        pty.type("\r")
        XCTAssertTrue(pty.waitFor("Summary"))
        pty.settle()
        let before = pty.byteCount
        let sent = Date()
        pty.type("\u{1B}")
        while pty.byteCount == before && Date().timeIntervalSince(sent) < 2 { usleep(1_000) }
        let latency = Date().timeIntervalSince(sent)
        print("Esc to first byte of the list frame: \(Int(latency * 1000)) ms")
        XCTAssertLessThan(latency, 0.2, "Esc is not held for ncurses' default second")
        pty.settle()
        let closed = Date()
        pty.hangUp()
        let status = pty.waitForExit(timeout: 3)
        XCTAssertNotNil(status, "exits when the terminal goes away")
        XCTAssertLessThan(Date().timeIntervalSince(closed), 2)
    }

    /// C12 with job control: continued as a background job (`kill -CONT` after Ctrl-Z), the app
    /// paints nothing; `fg` brings it back in its own terminal mode, answering keys.
    func testAContinuedBackgroundJobPaintsNothingAndFgBringsItBackWorking() throws {
        guard let t = try TmuxTerminal.interactiveBash() else { throw XCTSkip("needs tmux and bash") }
        // `set -b`: bash reports a job's change at once, not at the next prompt.
        t.type("set -b; '\(BuiltProducts.discover)' --source snapshot --list all")
        t.send("Enter")
        XCTAssertNotNil(t.waitFor("Breaking Bad"))
        t.send("C-z")
        XCTAssertNotNil(t.waitFor("Stopped"), "the shell has the terminal back")
        t.type("kill -CONT %1")
        t.send("Enter")
        // Stopped again once it has taken the SIGCONT: bash (`set -b`) reports the job again.
        let again = t.waitUntil { rows in rows.filter { $0.contains("Stopped") }.count >= 2 }
        XCTAssertNotNil(again, "the continued background job stops again: \(t.screen().joined(separator: "\n"))")
        XCTAssertFalse(t.screen().joined().contains("offline snapshot"), "a background job paints nothing")
        t.type("fg")
        t.send("Enter")
        XCTAssertNotNil(t.waitFor("offline snapshot"), "fg repaints the app")
        t.send("j")
        XCTAssertNotNil(t.waitFor("2/1404"), "keys are answered, one by one")
        t.send("q")
        XCTAssertNotNil(t.waitFor(#"^\$\s*$"#), "back at the prompt")
        t.type("exit")
        t.send("Enter")
        XCTAssertEqual(t.exitStatus(), 0)
        XCTAssertTrue(t.terminalRestored())
    }

    /// Ctrl-S is not flow control while the app owns the terminal: the next key's frame is
    /// drawn without a Ctrl-Q, alone or back to back with it, and after quit flow control
    /// (`ixon`) is as it was, on or off.
    func testCtrlSDoesNotFreezeTheScreenAndFlowControlIsAsBeforeAfterQuit() throws {
        for setting in ["ixon", "-ixon"] {
            let line = "stty \(setting); s=$(stty -g); '\(BuiltProducts.discover)' --source snapshot --list all"
            guard let t = try TmuxTerminal.interactiveBash(running: line, ready: "1/1404") else { throw XCTSkip("needs tmux and bash") }
            t.send("C-s")
            t.send("Down")
            XCTAssertNotNil(t.waitFor("2/1404"), "\(setting): Ctrl-S, then Down moves the selection on screen")
            t.sendTogether("C-s", "Down")
            XCTAssertNotNil(t.waitFor("3/1404"), "\(setting): Ctrl-S and Down in one write")
            t.send("q")
            XCTAssertNotNil(t.waitFor(#"^\$\s*$"#), "\(setting): back at the prompt")
            t.type(#"echo "flow=$(stty -a | tr ' ' '\n' | grep -x -e ixon -e -ixon)"; [ "$s" = "$(stty -g)" ] && echo same-settings"#)
            t.send("Enter")
            XCTAssertNotNil(t.waitFor("^flow=\(setting)$"), "\(setting) after quit: \(t.screen().joined(separator: "\n"))")
            XCTAssertNotNil(t.waitFor("^same-settings$"), "\(setting): every setting as before")
        }
    }
}
