import Foundation
import TestSupport
import XCTest

/// The terminal-compatibility matrix: every terminal type × locale × size, each a real tmux
/// pane running the built binary through a scripted walk (list → detail → back → detail, then Esc
/// and q in one write → quit), or the
/// documented message for terminals that cannot be drawn on. Every cell must end with the
/// terminal's settings restored, the normal screen and a visible cursor.
///
/// `make compat` runs this class and prints the matrix as a table (lines starting `compat |`).
final class TerminalCompatibilityTests: XCTestCase {
    static let locales = ["C.UTF-8", "C"]
    static let sizes = [(80, 24), (200, 60), (20, 6), (10, 3)]
    nonisolated(unsafe) static var table: [String] = []

    override class func tearDown() {
        print("compat | TERM             | locale  | size   | result")
        for row in table { print("compat | " + row) }
        super.tearDown()
    }

    /// Runs one cell and returns its outcome, recording any failed expectation.
    private func cell(term: String?, locale: String, width: Int, height: Int) -> String {
        guard TmuxTerminal.tmuxPath != nil else { return "skipped: no tmux" }
        var environment = ["LC_ALL": locale]
        if let term { environment["TERM"] = term }
        let label = "\(term ?? "(unset)") \(locale) \(width)x\(height)"
        let t: TmuxTerminal
        do {
            t = try TmuxTerminal(
                command: [BuiltProducts.discover, "--source", "snapshot", "--list", "all"], width: width, height: height,
                environment: environment, unsetting: term == nil ? ["TERM"] : [])
        } catch {
            XCTFail("\(label): \(error)")
            return "FAIL: \(error)"
        }
        var failures: [String] = []
        func check(_ condition: Bool, _ what: String) {
            if !condition { failures.append(what) }
        }
        let drawable = !(term == nil || term == "" || term == "dumb")
        if !drawable {
            let status = t.exitStatus(timeout: 5)
            check(status == 2, "exit \(status.map(String.init) ?? "none") instead of 2")
            check(t.history().contains(term == nil ? "TERM is not set" : "TERM is 'dumb'"), "no message naming TERM")
        } else {
            let tiny = width < 30 || height < 6
            if tiny {
                check(t.waitFor("small", timeout: 10) != nil, "no too-small notice")
                t.send("Down", "Down", "Enter")
                t.send("Escape")
                check(t.waitFor("small", timeout: 5) != nil, "too-small notice gone after keys")
                // The walk again, back to back: Down Down Enter in one write, Esc and q in one.
                t.sendTogether("Down", "Down", "Enter")
                t.sendBytes("\u{1B}q")
            } else {
                let expected = term == "foo-256color" ? "no terminfo for TERM=foo-256color: using xterm-256color" : "offline snapshot"
                check(t.waitFor(expected, timeout: 10) != nil, "no list or notice")
                check(t.waitFor("Breaking Bad", timeout: 10) != nil, "no shows")
                t.send("Down", "Down", "Enter")
                check(t.waitFor("Summary", timeout: 5) != nil, "no detail")
                t.send("Escape")
                check(t.waitFor("All shows *$", timeout: 5) != nil, "not back on the list")
                check(t.waitFor("3/1404", timeout: 5) != nil, "selection not kept")
                if locale == "C" {
                    let screen = t.screen().joined()
                    check(screen.unicodeScalars.allSatisfy { $0.isASCII }, "non-ASCII drawn in the C locale")
                }
                // The walk again with keys back to back: Enter, then Esc and q in one write
                // (as a script, a paste or one SSH packet delivers them): back, then quit.
                t.sendTogether("Enter")
                check(t.waitFor("Summary", timeout: 5) != nil, "no detail (keys back to back)")
                t.sendBytes("\u{1B}q")
            }
            let status = t.exitStatus(timeout: 5)
            check(status == 0, "exit \(status.map(String.init) ?? "none") instead of 0")
            // With or without an alternate screen, the app's last frame is gone.
            check(!t.screen().joined().contains("Discover"), "the app's frame was left on the screen")
        }
        check(t.terminalRestored(), "terminal settings not restored")
        check(t.normalScreenWithCursor(), "alternate screen or hidden cursor left behind")
        for failure in failures { XCTFail("\(label): \(failure)") }
        if failures.isEmpty { return drawable ? "ok: walk list → detail → back → detail → Esc q in one write → quit" + (width < 30 || height < 6 ? " (too-small notice)" : "") : "ok: message, exit 2" }
        return "FAIL: " + failures.joined(separator: "; ")
    }

    private func run(term: String?) {
        for locale in Self.locales {
            for (w, h) in Self.sizes {
                let result = cell(term: term, locale: locale, width: w, height: h)
                let name = (term ?? "(unset)").padding(toLength: 16, withPad: " ", startingAt: 0)
                let loc = locale.padding(toLength: 7, withPad: " ", startingAt: 0)
                let size = "\(w)x\(h)".padding(toLength: 6, withPad: " ", startingAt: 0)
                Self.table.append("\(name) | \(loc) | \(size) | \(result)")
            }
        }
    }

    func testXterm256color() { run(term: "xterm-256color") }
    func testXterm() { run(term: "xterm") }
    func testScreen256color() { run(term: "screen-256color") }
    func testTmux256color() { run(term: "tmux-256color") }
    func testLinuxConsole() { run(term: "linux") }
    func testVT100() { run(term: "vt100") }
    func testDumbTerminalGetsAMessage() { run(term: "dumb") }
    func testUnsetTERMGetsAMessage() { run(term: nil) }
    func testUnknownTerminalTypeFallsBack() { run(term: "foo-256color") }
}
