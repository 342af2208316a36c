import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// `--theme auto` without `COLORFGBG` (xterm, st, kitty) on a pseudo-terminal that the test
/// plays the terminal of: it answers the OSC 11 query with white or black, answers DA1 first,
/// answers through tmux's passthrough, or never answers, and the colours the app writes are
/// compared with those of `--theme light` and `--theme dark`.
final class ThemeAutoEndToEndTests: XCTestCase {
    private let query = "\u{1B}]11;?\u{07}"
    private let passedThrough = "\u{1B}Ptmux;\u{1B}\u{1B}]11;?\u{07}\u{1B}\\"
    private let white = "\u{1B}]11;rgb:ffff/ffff/ffff"
    private let black = "\u{1B}]11;rgb:0000/0000/0000"
    private let deviceAttributes = "\u{1B}[?62;22c"

    private func start(_ arguments: [String], environment: [String: String] = [:]) throws -> PseudoTerminal {
        var env = ["TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        for (k, v) in environment { env[k] = v }
        return try PseudoTerminal(command: [BuiltProducts.discover, "--source", "snapshot"] + arguments, width: 100, height: 24, environment: env)
    }

    /// Waits until what was written after the first `offset` bytes contains `text`.
    private func waitFor(_ text: String, in pty: PseudoTerminal, after offset: Int, timeout: Double = 10) -> Bool {
        let needle = Data(text.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if pty.output.dropFirst(offset).range(of: needle) != nil { return true }
            usleep(20_000)
        } while Date() < deadline
        return false
    }

    /// The distinct SGR sequences (`ESC [ … m`: attributes and colours) of the first frame.
    private func firstFrameStyles(_ pty: PseudoTerminal, file: StaticString = #filePath, line: UInt = #line) -> Set<String> {
        XCTAssertTrue(pty.waitFor("offline snapshot"), "first frame", file: file, line: line)
        pty.settle()
        let text = String(decoding: pty.output, as: UTF8.self)
        let sgr = /\u{1B}\[[0-9;]*m/
        return Set(text.matches(of: sgr).map { String($0.output) })
    }

    /// The first frame's styles of a run that the test does not answer, then quits it.
    private func styles(_ arguments: [String]) throws -> Set<String> {
        let pty = try start(arguments)
        defer { pty.stop() }
        let styles = firstFrameStyles(pty)
        pty.type("q")
        XCTAssertEqual(pty.waitForExit(), 0)
        return styles
    }

    /// The first frame's styles of `auto`, given `answer` once the query has come.
    private func autoStyles(answering answer: String, after asked: String? = nil, environment: [String: String] = [:]) throws -> (Set<String>, String) {
        let pty = try start([], environment: environment)
        defer { pty.stop() }
        XCTAssertTrue(pty.waitFor(asked ?? query), "the query was written")
        pty.type(answer)
        let styles = firstFrameStyles(pty)
        pty.type("q")
        XCTAssertEqual(pty.waitForExit(), 0)
        XCTAssertTrue(pty.termiosRestored())
        return (styles, String(decoding: pty.output, as: UTF8.self))
    }

    func testAWhiteBackgroundDrawsExactlyTheLightThemesColours() throws {
        let light = try styles(["--theme", "light"])
        let dark = try styles(["--theme", "dark"])
        XCTAssertNotEqual(light, dark, "the themes write different colours")
        // As xterm answers: OSC 11 (ended as the query was, BEL), then DA1.
        let (auto, output) = try autoStyles(answering: white + "\u{07}" + deviceAttributes)
        XCTAssertEqual(auto, light)
        XCTAssertTrue(output.contains(query + "\u{1B}[c"), "OSC 11, then DA1")
        // Ended with ST, with no DA1 answer after it.
        XCTAssertEqual(try autoStyles(answering: white + "\u{1B}\\").0, light)
    }

    func testABlackBackgroundDrawsExactlyTheDarkThemesColours() throws {
        let dark = try styles(["--theme", "dark"])
        XCTAssertEqual(try autoStyles(answering: black + "\u{1B}\\" + deviceAttributes).0, dark)
    }

    func testADA1AnswerFirstEndsTheWaitAndAnOSC11AnswerAfterItIsSwallowed() throws {
        // A terminal that ignores OSC 11 answers DA1 at once: the app stops waiting and draws
        // dark; a white answer after it (in the same read) changes nothing and shows nowhere.
        let dark = try styles(["--theme", "dark"])
        let (auto, output) = try autoStyles(answering: deviceAttributes + white + "\u{07}")
        XCTAssertEqual(auto, dark)
        XCTAssertFalse(output.contains("rgb"), "no answer on screen")
    }

    func testInsideTmuxTheQueryGoesThroughThePassthroughAndItsAnswerCounts() throws {
        let light = try styles(["--theme", "light"])
        let tmux = ["TMUX": "/tmp/tmux-0/default,1,0"]
        let (auto, output) = try autoStyles(answering: white + "\u{1B}\\", after: passedThrough, environment: tmux)
        XCTAssertEqual(auto, light)
        XCTAssertTrue(output.contains(query + passedThrough), "asked plainly (tmux 3.4 answers) and passed through")
        XCTAssertFalse(output.contains("\u{1B}[c"), "no DA1 inside tmux: tmux would answer it itself")
    }

    /// Spawn to first frame, in seconds, the least of `runs`.
    private func firstFrameTime(_ arguments: [String], runs: Int = 3) throws -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let started = Date()
            let pty = try start(arguments)
            XCTAssertTrue(pty.waitFor("offline snapshot"))
            best = min(best, Date().timeIntervalSince(started))
            pty.type("q")
            XCTAssertEqual(pty.waitForExit(), 0)
            pty.stop()
        }
        return best
    }

    func testATerminalThatNeverAnswersDelaysTheFirstFrameByAtMost100Ms() throws {
        // Turn about, so that a busy moment weighs on both alike.
        var dark = Double.infinity, auto = Double.infinity
        for _ in 0..<2 {
            dark = min(dark, try firstFrameTime(["--theme", "dark"], runs: 2))
            auto = min(auto, try firstFrameTime([], runs: 2))
        }
        // 100 ms of waiting, and a generous margin for a busy machine (a wait of a second or
        // more, or one for each key, would still fail).
        XCTAssertLessThan(auto, dark + 0.1 + 0.4, "auto \(auto) s against dark \(dark) s")
    }

    func testALateAnswerNeverReachesTheScreenOrTheFilter() throws {
        for split in [false, true] {
            let pty = try start([])
            defer { pty.stop() }
            XCTAssertTrue(pty.waitFor(query))
            XCTAssertTrue(pty.waitFor("offline snapshot"), "the first frame, without an answer")
            pty.settle()
            pty.type("/")
            XCTAssertTrue(pty.waitFor("type to filter"))
            pty.settle()
            let before = pty.byteCount
            // The answer comes now, long after the wait, whole or cut in two by a slow link
            // (the rest well past the escape delay).
            if split {
                pty.type("\u{1B}]11;rgb:ff")
                usleep(200_000)
                pty.type("ff/ffff/ffff\u{07}" + deviceAttributes)
            } else {
                pty.type(white + "\u{07}" + deviceAttributes)
            }
            pty.type("Game of Thrones")
            XCTAssertTrue(waitFor("Thrones", in: pty, after: before), "split \(split): the filter takes the keys typed after it")
            pty.settle()
            let afterAnswer = String(decoding: pty.output.dropFirst(before), as: UTF8.self)
            for piece in ["rgb", "ffff", "62;22", "?62"] {
                XCTAssertFalse(afterAnswer.contains(piece), "split \(split): '\(piece)' on screen: \(afterAnswer.debugDescription)")
            }
            // The filter holds exactly what was typed: Game of Thrones is the one match, and two
            // Enters (keep the filter, open the show) open its details.
            let beforeEnter = pty.byteCount
            pty.type("\r\r")
            XCTAssertTrue(waitFor("Official site", in: pty, after: beforeEnter), "split \(split): a show's details opened")
            pty.settle()
            let details = String(decoding: pty.output.dropFirst(beforeEnter), as: UTF8.self)
            XCTAssertTrue(details.contains("Game of Thrones"), "split \(split): the filter matched Game of Thrones")
            pty.type("\u{1B}\u{1B}q")
            XCTAssertEqual(pty.waitForExit(timeout: 5), 0)
            XCTAssertTrue(pty.termiosRestored())
        }
    }
}
