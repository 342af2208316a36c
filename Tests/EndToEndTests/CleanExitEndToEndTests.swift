import Foundation
import TestSupport
import XCTest

/// Where the terminal's alternate screen is not used, quitting (and Ctrl-Z) leaves a clean
/// screen with the shell's prompt on a clean line at the bottom, as `less` does, not the last
/// frame under the prompt: GNU screen with its default `altscreen off` (`TERM=screen`), and a
/// terminal type without an alternate screen (`vt100`) in a tmux pane.
final class CleanExitEndToEndTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        root = NSTemporaryDirectory() + "discover-exit-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/screen", withIntermediateDirectories: true)
        chmod(root + "/screen", 0o700)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private static let screenPath = ["/usr/bin/screen", "/bin/screen", "/usr/local/bin/screen"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    private var discoverCommand: String {
        "env HOME=\(root)/home XDG_CONFIG_HOME=\(root)/config XDG_DATA_HOME=\(root)/data XDG_CACHE_HOME=\(root)/cache LC_ALL=C.UTF-8 \(BuiltProducts.discover) --source snapshot"
    }

    /// An interactive bash with the prompt `$ `, inside GNU screen with `altscreen off`, inside
    /// a tmux pane that is read.
    private func bashInScreen() throws -> TmuxTerminal {
        guard let screen = Self.screenPath else { throw XCTSkip("GNU screen is not installed (apt-get install screen)") }
        let rc = root + "/screenrc"
        // `autodetach off`: when the tmux pane closes, screen's session ends with it instead of
        // staying detached in the background.
        try Data("altscreen off\nautodetach off\nstartup_message off\nterm screen\nescape ^Ee\n".utf8).write(to: URL(fileURLWithPath: rc))
        let t = try TmuxTerminal(
            command: [screen, "-c", rc, "/bin/bash", "--norc", "--noprofile", "-i"], width: 80, height: 24,
            environment: ["PS1": "$ ", "SCREENDIR": root + "/screen"], unsetting: ["TMUX"])
        guard t.waitFor(#"^\$"#) != nil else {
            throw TmuxTerminal.Failure.command(["(waiting for the bash prompt in screen)"], t.screen().joined(separator: "\n"))
        }
        return t
    }

    /// The app started from the shell in GNU screen, its list on screen.
    private func discoverInScreen() throws -> TmuxTerminal {
        let t = try bashInScreen()
        t.type(discoverCommand)
        t.send("Enter")
        XCTAssertNotNil(t.waitFor("offline snapshot"), t.screen().joined(separator: "\n"))
        return t
    }

    /// True when every row is blank but the bottom one, which starts with `prefix`.
    private func cleanWithPromptAtTheBottom(_ rows: [String], height: Int, prefix: String) -> Bool {
        var padded = rows
        while padded.count < height { padded.append("") }
        let blank = padded.dropLast().allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
        return blank && (padded.last ?? "").hasPrefix(prefix)
    }

    func testQuitUnderGNUScreenWithAltscreenOffLeavesAClearScreenAndThePromptOnTheBottomLine() throws {
        let t = try discoverInScreen()
        t.send("q")
        let after = t.waitUntil { self.cleanWithPromptAtTheBottom($0, height: 24, prefix: "$") }
        XCTAssertNotNil(after, "the last frame or a prompt over it:\n" + t.screen().joined(separator: "\n"))
        XCTAssertFalse(t.screen().joined().contains("snapshot"), t.screen().joined(separator: "\n"))
        // The shell is fine afterwards: a command's output starts on its own line.
        t.type("echo ok-after")
        t.send("Enter")
        XCTAssertNotNil(t.waitFor("^ok-after$"), t.screen().joined(separator: "\n"))
    }

    func testCtrlZUnderGNUScreenLeavesAClearScreenAndFgComesBack() throws {
        let t = try discoverInScreen()
        t.send("C-z")
        let stopped = t.waitUntil { rows in rows.contains { $0.contains("Stopped") } && (rows.last { !$0.isEmpty } ?? "").hasPrefix("$") }
        XCTAssertNotNil(stopped, t.screen().joined(separator: "\n"))
        XCTAssertFalse(t.screen().joined().contains("offline snapshot"), "the frame stays under the job's message:\n" + t.screen().joined(separator: "\n"))
        t.type("fg")
        t.send("Enter")
        XCTAssertNotNil(t.waitFor("offline snapshot"), t.screen().joined(separator: "\n"))
        t.send("q")
        XCTAssertNotNil(t.waitUntil { self.cleanWithPromptAtTheBottom($0, height: 24, prefix: "$") }, t.screen().joined(separator: "\n"))
    }

    func testQuitOnAVT100LeavesTheCursorOnACleanBottomLine() throws {
        let t = try TmuxTerminal(
            command: [BuiltProducts.discover, "--source", "snapshot"], width: 80, height: 24,
            environment: ["TERM": "vt100", "HOME": root + "/home"])
        XCTAssertNotNil(t.waitFor("offline snapshot"), t.screen().joined(separator: "\n"))
        t.send("q")
        XCTAssertEqual(t.exitStatus(), 0)
        let rows = t.screen()
        XCTAssertTrue(rows.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }, rows.joined(separator: "\n"))
        XCTAssertEqual(t.cursorPosition()?.row, 23, "the cursor waits at the start of the bottom row")
        XCTAssertEqual(t.cursorPosition()?.column, 0)
    }
}
