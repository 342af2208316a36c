import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Input as terminals really deliver it (cases C25–C28 and the mouse), in the built binary in a
/// real terminal: keys back to back in one write, sequences split by a slow link, mouse reports
/// nobody asked for, pastes.
final class InputEndToEndTests: XCTestCase {
    private func tmux(_ arguments: [String] = ["--source", "snapshot", "--list", "all"], width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws -> TmuxTerminal {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        return try TmuxTerminal(command: [BuiltProducts.discover] + arguments, width: width, height: height, environment: environment)
    }

    private func text(_ screen: [String]?) -> String { (screen ?? []).joined(separator: "\n") }

    private func quits(_ t: TmuxTerminal, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(t.exitStatus(timeout: 5), 0, "\(what): exit 0", file: file, line: line)
        XCTAssertTrue(t.terminalRestored(), "\(what): terminal settings restored", file: file, line: line)
        XCTAssertTrue(t.normalScreenWithCursor(), "\(what): normal screen and cursor", file: file, line: line)
    }

    // MARK: C25: keys that arrive together

    /// list → details → Esc and q in one write: back to the list, then quit; in each section,
    /// at 80x24 and at 10x3, every key its own write with no pause.
    func testEscAndQInOneWriteGoBackThenQuitInEverySectionAndSize() throws {
        for (width, height) in [(80, 24), (10, 3)] {
            let tiny = height < 6
            // Shows.
            var t = try tmux(width: width, height: height)
            XCTAssertNotNil(t.waitFor(tiny ? "small" : "1/1404"), "shows \(width)x\(height)")
            t.sendTogether("Enter")
            if !tiny { XCTAssertNotNil(t.waitFor("Summary"), "details open") }
            t.sendBytes("\u{1B}q")
            quits(t, "shows \(width)x\(height)")

            // Places.
            t = try tmux(["places", "--source", "snapshot"], width: width, height: height)
            XCTAssertNotNil(t.waitFor(tiny ? "small" : "offline snapshot"), "places \(width)x\(height)")
            t.sendTogether("Enter")
            if !tiny { XCTAssertNotNil(t.waitUntil { $0.first?.contains("› ") ?? false }, "place details open: \(text(t.screen()))") }
            t.sendBytes("\u{1B}q")
            quits(t, "places \(width)x\(height)")

            // Favourites: mark the first show, open Favourites, open it, Esc and q.
            t = try tmux(width: width, height: height)
            if tiny {
                XCTAssertNotNil(t.waitFor("small"))
                for key in ["f", "F", "\r"] { t.sendBytes(key) }
            } else {
                XCTAssertNotNil(t.waitFor("1/1404"))
                t.sendBytes("f")
                XCTAssertNotNil(t.waitFor("♥ Breaking Bad"))
                t.sendBytes("F")
                XCTAssertNotNil(t.waitFor(#"\[Favourites\]"#))
                XCTAssertNotNil(t.waitFor("Breaking Bad"))
                t.sendBytes("\r")
                XCTAssertNotNil(t.waitUntil { $0.first?.contains("› ") ?? false }, "favourite opened: \(text(t.screen()))")
            }
            t.sendBytes("\u{1B}q")
            quits(t, "favourites \(width)x\(height)")
        }
    }

    /// Esc then `/` and Esc then `f` in one write each: back to the list, then the key acts.
    func testEscThenSlashOrFInOneWriteActAsEscThenTheKey() throws {
        let t = try tmux()
        XCTAssertNotNil(t.waitFor("1/1404"))
        t.sendBytes("\r")
        XCTAssertNotNil(t.waitFor("Summary"))
        t.sendBytes("\u{1B}/")
        XCTAssertNotNil(t.waitFor("type to filter"), "back on the list with the filter open: \(text(t.screen()))")
        t.sendBytes("\u{1B}")
        XCTAssertNotNil(t.waitUntil { !$0.joined().contains("type to filter") })
        t.sendBytes("\r")
        XCTAssertNotNil(t.waitFor("Summary"))
        t.sendBytes("\u{1B}f")
        XCTAssertNotNil(t.waitFor("♥ Breaking Bad"), "back on the list, and f marked the show: \(text(t.screen()))")
        t.sendBytes("q")
        quits(t, "after Esc f")
    }

    /// Alt plus a key that nothing binds is Esc then the key: on the list Esc does nothing,
    /// so Alt-j moves and Alt-q quits, as the same two keys typed apart would.
    func testAnUnboundAltKeyOnTheListIsTheKey() throws {
        let t = try tmux()
        XCTAssertNotNil(t.waitFor("1/1404"))
        t.sendTogether("M-j")
        XCTAssertNotNil(t.waitFor("2/1404"), "Alt-j moved down")
        t.sendTogether("M-q")
        quits(t, "Alt-q")
    }

    /// `f` ↓ `f` ↓ ↓ `f` in one write as soon as the screen shows, while the list still
    /// loads: once the rows arrive the keys apply in order, as fzf applies keys typed ahead, so
    /// rows 1, 2 and 4 are marked and the selection is on row 4.
    func testKeysTypedWhileTheListLoadsApplyOnceItsRowsArrive() throws {
        let t = try tmux(["--source", "snapshot"])
        XCTAssertNotNil(t.waitFor("Popular"))
        t.sendTogether("f", "Down", "f", "Down", "Down", "f")
        let screen = t.waitUntil { $0.joined().components(separatedBy: "♥").count == 4 }
        XCTAssertNotNil(screen, "three shows marked: \(text(t.screen()))")
        // The list's rows start under the header line that names the columns.
        let lines = screen ?? []
        let rows = Array(lines.drop { !$0.contains("Name") }.dropFirst())
        XCTAssertEqual(rows.prefix(5).map { $0.contains("♥") }, [true, true, false, true, false], text(screen))
        XCTAssertTrue(rows.count > 3 && rows[3].hasPrefix("▌"), "the selection on row 4: \(text(screen))")
        XCTAssertTrue(lines.joined().contains("4/"), "the status bar says row 4: \(text(screen))")
        t.sendBytes("q")
        quits(t, "after keys typed ahead")
    }

    /// `/the`, Enter and `j` typed before the app has taken the terminal: the terminal's
    /// normal mode turned that Enter into a line feed, which must still read as Enter (keep
    /// the filter), not as a pasted line break that types ` j` into the filter.
    func testEnterTypedBeforeTheAppTakesTheTerminalStillKeepsTheFilter() throws {
        let env = ["TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let pty = try PseudoTerminal(command: [BuiltProducts.discover, "--source", "snapshot"], environment: env)
        defer { pty.stop() }
        pty.type("/the\rj")
        XCTAssertTrue(pty.waitFor("2/"), "the selection moved to row 2")
        pty.settle()
        let screen = String(decoding: pty.output, as: UTF8.self)
        XCTAssertFalse(screen.contains("the j"), "the j after Enter is a move, not text of the filter")
        pty.type("q")
        XCTAssertEqual(pty.waitForExit(timeout: 5), 0)
        XCTAssertTrue(pty.termiosRestored())
    }

    // MARK: C26: an escape sequence split by a slow link

    /// Opens Breaking Bad's details on a pseudo-terminal, writes ESC, waits `pause` seconds,
    /// writes `OB` (Down in application mode): did the details scroll, or go back to the list?
    /// (The list's rows, such as Game of Thrones, are drawn again only when it comes back.)
    private func splitDown(environment: [String: String], pause: Double) throws -> (scrolled: Bool, back: Bool) {
        var env = ["TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        for (k, v) in environment { env[k] = v }
        let pty = try PseudoTerminal(command: [BuiltProducts.discover, "--source", "snapshot", "--list", "all"], environment: env)
        defer { pty.stop() }
        XCTAssertTrue(pty.waitFor("Game of Thrones"))
        pty.settle()
        pty.type("\r")
        XCTAssertTrue(pty.waitFor("Summary"))
        pty.settle()
        let before = pty.byteCount
        pty.type("\u{1B}")
        usleep(useconds_t(pause * 1_000_000))
        pty.type("OB")
        pty.settle(quiet: 0.3)
        let answer = String(decoding: pty.output.dropFirst(before), as: UTF8.self)
        let back = answer.contains("Game of Thrones")
        pty.type("\u{1B}q")
        XCTAssertEqual(pty.waitForExit(timeout: 5), 0)
        XCTAssertTrue(pty.termiosRestored())
        return (!back && !answer.isEmpty, back)
    }

    func testASplitArrowStaysAnArrowOverSSHAndEscapeStaysQuickLocally() throws {
        let ssh = try splitDown(environment: ["SSH_CONNECTION": "192.0.2.1 50000 192.0.2.2 22"], pause: 0.04)
        XCTAssertTrue(ssh.scrolled, "over SSH, ESC then OB 40 ms later is Down")
        let sshTTY = try splitDown(environment: ["SSH_TTY": "/dev/pts/9"], pause: 0.04)
        XCTAssertTrue(sshTTY.scrolled, "SSH_TTY alone is SSH too")
        let local = try splitDown(environment: [:], pause: 0.04)
        XCTAssertTrue(local.back, "locally, ESC alone for 40 ms is Esc: back to the list")
        let slow = try splitDown(environment: ["SSH_CONNECTION": "192.0.2.1 50000 192.0.2.2 22"], pause: 0.12)
        XCTAssertTrue(slow.back, "over SSH, 120 ms is longer than the wait: Esc")
        let escdelay = try splitDown(environment: ["SSH_CONNECTION": "192.0.2.1 50000 192.0.2.2 22", "ESCDELAY": "300"], pause: 0.12)
        XCTAssertTrue(escdelay.scrolled, "ESCDELAY=300 wins")
    }

    // MARK: C27: mouse reports nobody asked for

    func testStrayMouseReportsAreConsumedWholeAndNothingActs() throws {
        let t = try tmux()
        XCTAssertNotNil(t.waitFor("1/1404"))
        // An X10 wheel report whose bytes are a, q and *: nothing quits, nothing moves.
        t.sendBytes([0x1B, 0x5B, 0x4D, 0x61, 0x71, 0x2A])
        t.sendBytes("j")
        XCTAssertNotNil(t.waitFor("2/1404"), "still running, j moved by one")
        XCTAssertNil(t.exitStatus(timeout: 0.3))
        t.sendBytes("/")
        XCTAssertNotNil(t.waitFor("type to filter"))
        for _ in 0..<3 { t.sendBytes("\u{1B}[<65;40;10M") }
        t.sendBytes("x")
        let filter = try XCTUnwrap(t.waitFor("/x"), "only the typed x is in the filter: \(text(t.screen()))")
        XCTAssertFalse(text(filter).contains("65;40"), "no report typed")
        XCTAssertTrue(filter.contains { $0.hasPrefix("/x▏ ") }, text(filter))
        t.sendBytes("\u{1B}")
        XCTAssertNotNil(t.waitUntil { !$0.joined().contains("type to filter") })
        t.sendBytes("q")
        quits(t, "stray mouse reports")

        let places = try tmux(["places", "--source", "snapshot"], width: 90)
        XCTAssertNotNil(places.waitFor("offline snapshot"))
        let before = places.screen()
        places.sendBytes("\u{1B}[<0;20;8M")
        places.sendBytes("\u{1B}[<0;20;8m")
        // Keys after the click, to know it was read: the help opens and closes; the screen is
        // then as before (a click that selected something would have changed it for good).
        places.sendBytes("?")
        XCTAssertNotNil(places.waitFor(" Keys "), "the help after the click")
        places.sendBytes("\u{1B}")
        XCTAssertNotNil(places.waitUntil { $0 == before }, "a click without --mouse changes nothing: \(text(places.screen()))")
        places.sendBytes("q")
        quits(places, "places")
    }

    // MARK: C28: paste

    func testAPasteLandsInTheFilterAsTextAndNothingInItActs() throws {
        let t = try tmux()
        XCTAssertNotNil(t.waitFor("1/1404"))
        t.sendBytes("/")
        XCTAssertNotNil(t.waitFor("type to filter"))
        // Two lines in one write, as a terminal without bracketed paste sends them.
        t.sendBytes("the office\nFriends")
        let first = try XCTUnwrap(t.waitFor("/the office Friends"), "one line in the filter: \(text(t.screen()))")
        XCTAssertTrue(first[0].contains("[Shows]"), "F did not open Favourites")
        t.sendTogether("C-u")
        XCTAssertNotNil(t.waitUntil { $0.contains { $0.hasPrefix("/▏") } })
        // A bracketed paste, as tmux's paste-buffer -p delivers it.
        t.paste("Breaking Bad\nq")
        let second = try XCTUnwrap(t.waitFor("/Breaking Bad q"), "the paste is text: \(text(t.screen()))")
        XCTAssertFalse(text(second).contains("200~"), "no markers shown")
        // A line ending in a line break: only bracketed paste keeps it from being Enter.
        t.sendTogether("C-u")
        t.paste("Fargo\n")
        XCTAssertNotNil(t.waitUntil { $0.contains { $0.hasPrefix("/Fargo ▏") } }, "still typing, the break a space: \(text(t.screen()))")
        // Raw markers in one write, too.
        t.sendTogether("C-u")
        t.sendBytes("\u{1B}[200~Fargo\u{1B}[201~")
        XCTAssertNotNil(t.waitFor("/Fargo"))
        XCTAssertNil(t.exitStatus(timeout: 0.2), "nothing in a paste quits")
        // With no field focused, a paste is ignored.
        t.sendBytes("\r")
        XCTAssertNotNil(t.waitUntil { !$0.joined().contains("type to filter") })
        t.sendBytes("\u{1B}[200~q\u{1B}[201~")
        t.sendBytes("j")
        XCTAssertNil(t.exitStatus(timeout: 0.3), "a paste on the list is ignored")
        t.sendBytes("\u{1B}")
        t.sendBytes("q")
        quits(t, "after pastes")
    }

    /// Bracketed paste is on while the app owns the screen and off on exit; mouse modes only
    /// with --mouse.
    func testBracketedPasteIsOnWhileRunningAndMouseModesOnlyWithMouse() throws {
        let env = ["TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        for mouse in [false, true] {
            let pty = try PseudoTerminal(command: [BuiltProducts.discover, "--source", "snapshot", "--list", "all"] + (mouse ? ["--mouse"] : []), environment: env)
            defer { pty.stop() }
            XCTAssertTrue(pty.waitFor("offline snapshot"))
            pty.type("q")
            XCTAssertEqual(pty.waitForExit(), 0)
            XCTAssertTrue(pty.termiosRestored())
            // The exit comes before the reader has every byte: wait for the last one written
            // (leaving the alternate screen), not for the exit.
            XCTAssertTrue(pty.waitFor("\u{1B}[?1049l"), "the alternate screen left")
            let output = String(decoding: pty.output, as: UTF8.self)
            let on = output.range(of: "\u{1B}[?2004h"), off = output.range(of: "\u{1B}[?2004l", options: .backwards)
            let firstFrame = output.range(of: "offline snapshot"), leave = output.range(of: "\u{1B}[?1049l", options: .backwards)
            XCTAssertNotNil(on, "bracketed paste turned on")
            XCTAssertNotNil(off, "and off again")
            if let on, let off, let firstFrame, let leave {
                XCTAssertLessThan(on.lowerBound, firstFrame.lowerBound, "on before the first frame is drawn")
                XCTAssertLessThan(firstFrame.lowerBound, off.lowerBound)
                XCTAssertLessThan(off.lowerBound, leave.lowerBound, "off before the screen is left")
            }
            for mode in ["1000", "1002", "1003", "1006", "1015"] {
                let turnedOn = output.contains("\u{1B}[?\(mode)h")
                XCTAssertEqual(turnedOn, mouse && (mode == "1000" || mode == "1006"), "mode \(mode) with mouse \(mouse)")
            }
            if mouse {
                XCTAssertTrue(output.contains("\u{1B}[?1000l"), "mouse mode off on exit")
            }
        }
    }

    // MARK: The mouse, with --mouse

    func testWithMouseTheWheelMovesThreeRowsAClickSelectsAndADoubleClickOpens() throws {
        let t = try tmux(["--source", "snapshot", "--list", "all", "--mouse"])
        XCTAssertNotNil(t.waitFor("1/1404"))
        XCTAssertTrue(t.mouseModes() == (true, true), "the pane is in mouse mode, SGR form, while the app runs")
        t.sendBytes("\u{1B}[<65;30;10M")
        XCTAssertNotNil(t.waitFor("4/1404"), "the wheel moved the selection by 3: \(t.screen().last ?? "")")
        t.sendBytes("\u{1B}[<64;30;10M")
        XCTAssertNotNil(t.waitFor("1/1404"), "and back up by 3")
        // Row 5 of the list is screen row 7 (1-based): the header, the column titles, rows 1–4.
        t.sendBytes("\u{1B}[<0;10;7M\u{1B}[<0;10;7m")
        let selected = try XCTUnwrap(t.waitFor("5/1404"), "the click selected row 5")
        XCTAssertTrue(selected[6].contains("Fargo"), selected[6])
        // A double click: two clicks in one write, as a terminal sends them within its interval.
        t.sendBytes(String(repeating: "\u{1B}[<0;10;7M\u{1B}[<0;10;7m", count: 2))
        let opened = try XCTUnwrap(t.waitFor("Summary"), "the double click opened it")
        XCTAssertTrue(opened[0].contains("› Fargo"), opened[0])
        // The wheel once the cast and seasons are in (the page is its full length).
        XCTAssertNotNil(t.waitUntil { !$0.joined().contains("Loading cast and seasons") }, text(t.screen()))
        t.sendBytes("\u{1B}[<65;30;10M")
        XCTAssertNotNil(t.waitFor("25/"), "the wheel scrolls the details by 3 lines: \(t.screen().last ?? "")")
        // A click on a tab switches to it.
        t.sendBytes("\u{1B}")
        XCTAssertNotNil(t.waitFor("5/1404"))
        let tabs = t.screen()[0]
        let column = try XCTUnwrap(tabs.range(of: "Places")).lowerBound.utf16Offset(in: tabs) + 2
        t.sendBytes("\u{1B}[<0;\(column);1M\u{1B}[<0;\(column);1m")
        XCTAssertNotNil(t.waitFor(#"\[Places\]"#), "the Places tab: \(t.screen()[0])")
        t.sendBytes("q")
        quits(t, "mouse")
        XCTAssertTrue(t.mouseModes() == (false, false), "mouse mode off after the app")

        let plain = try tmux()
        XCTAssertNotNil(plain.waitFor("1/1404"))
        XCTAssertTrue(plain.mouseModes() == (false, false), "no mouse mode without --mouse")
        plain.sendBytes("q")
        quits(plain, "without mouse")
    }
}
