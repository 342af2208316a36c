import Foundation
import TestSupport
import XCTest

/// Bytes and CPU on a real pseudo-terminal: what a slow SSH link and an idle server see.
final class WireEconomyTests: XCTestCase {
    private func start(_ arguments: [String]) throws -> PseudoTerminal {
        let env = ["TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let pty = try PseudoTerminal(command: [BuiltProducts.discover] + arguments, width: 80, height: 24, environment: env)
        XCTAssertTrue(pty.waitFor("offline snapshot"), "first frame")
        pty.settle()
        return pty
    }

    func testAMoveRewritesOnlyTheTwoRowsMarkersAndNamesAndIdleWritesNothing() throws {
        let pty = try start(["--source", "snapshot"])
        defer { pty.stop() }
        // Within the screen (21 rows show at 80x24): only the two markers, the two names and
        // the position counter change, never the other columns (years, genres, ★ rating).
        var perMove: [Int] = []
        for _ in 0..<10 {
            let before = pty.output
            pty.type("\u{1B}[B")
            pty.settle(quiet: 0.15)
            let written = pty.output.dropFirst(before.count)
            perMove.append(written.count)
            XCTAssertFalse(String(decoding: written, as: UTF8.self).contains("★"), "a move rewrote a rating: \(String(decoding: written, as: UTF8.self).debugDescription)")
        }
        XCTAssertTrue(perMove.allSatisfy { $0 > 0 }, "each move draws: \(perMove)")
        XCTAssertLessThan(perMove.max() ?? 0, 160, "bytes per move within the screen: \(perMove)")
        // Past the last visible row the list scrolls by one row: the terminal scrolls the
        // rows (a scrolling region) and only the new row is written, not the whole list.
        for _ in 0..<15 {
            pty.type("\u{1B}[B")
            pty.settle(quiet: 0.15)
        }
        var perScroll: [Int] = []
        for _ in 0..<5 {
            let before = pty.byteCount
            pty.type("\u{1B}[B")
            pty.settle(quiet: 0.15)
            perScroll.append(pty.byteCount - before)
        }
        XCTAssertLessThan(perScroll.max() ?? 0, 270, "bytes per scrolling move: \(perScroll)")
        // Idle: no bytes and (almost) no CPU.
        let bytes = pty.byteCount
        let cpu = pty.cpuSeconds() ?? 0
        Thread.sleep(forTimeInterval: 3)
        XCTAssertEqual(pty.byteCount, bytes, "nothing written while idle")
        XCTAssertLessThan((pty.cpuSeconds() ?? 1) - cpu, 0.05, "idle CPU")
        pty.type("q")
        XCTAssertEqual(pty.waitForExit(), 0)
        XCTAssertTrue(pty.termiosRestored())
    }

    func testResizeRepaintsAtTheNewSizeAndClosingTheTerminalEndsTheProgram() throws {
        let pty = try start(["--source", "snapshot"])
        defer { pty.stop() }
        let before = pty.byteCount
        pty.resize(width: 120, height: 40)
        pty.settle()
        XCTAssertGreaterThan(pty.byteCount - before, 1000, "a full repaint after SIGWINCH")
        pty.resize(width: 10, height: 3)
        XCTAssertTrue(pty.waitFor("small"), "the too-small notice")
        pty.resize(width: 80, height: 24)
        pty.settle()
        pty.signal(SIGHUP)
        XCTAssertEqual(pty.waitForExit(timeout: 3), 129)
        XCTAssertTrue(pty.termiosRestored())
    }
}
