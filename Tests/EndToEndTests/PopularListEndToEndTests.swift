import Foundation
import TestSupport
import XCTest

/// The built `discover-tui` binary in a real terminal (a tmux pane), driven as a person would.
final class PopularListEndToEndTests: XCTestCase {
    private func start(_ arguments: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:], unsetting: [String] = []) throws -> TmuxTerminal {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        return try TmuxTerminal(command: [BuiltProducts.discover] + arguments, width: width, height: height, environment: environment, unsetting: unsetting)
    }

    func testListOpenThirdShowGoBackAndQuitRestoresTheTerminal() throws {
        let term = try start(["--source", "snapshot", "--list", "all"])
        // The list shows real names.
        let screen = try XCTUnwrap(term.waitFor("offline snapshot 2026-07-13"), "the list appears")
        let rows = screen.filter { $0.range(of: #"^.\s+\d+ \S"#, options: .regularExpression) != nil }
        XCTAssertGreaterThanOrEqual(rows.count, 18)
        XCTAssertTrue(screen.contains { $0.contains("Breaking Bad") })
        let third = try XCTUnwrap(rows.dropFirst(2).first)
        let thirdName = String(third.dropFirst(5).prefix(20)).trimmingCharacters(in: .whitespaces)
        // Down, Down, Enter opens the third show's details with a clean summary.
        term.send("Down", "Down", "Enter")
        let detail = try XCTUnwrap(term.waitFor("Summary"), "the details appear")
        XCTAssertTrue(detail[0].contains("› " + thirdName), "header names \(thirdName): \(detail[0])")
        let text = detail.joined(separator: "\n")
        XCTAssertFalse(text.contains("<p>"))
        XCTAssertFalse(text.contains("&amp;"))
        // Esc returns with the third row selected.
        term.send("Escape")
        let back = try XCTUnwrap(term.waitFor(#"3/\d{4,}\b"#))
        let selected = back.filter { $0.hasPrefix("▌") }
        XCTAssertEqual(selected.count, 1)
        XCTAssertTrue(selected.first?.contains(thirdName) ?? false, "selected row: \(selected)")
        XCTAssertNil(back.last?.range(of: #"3/\d+\+"#, options: .regularExpression), "every show of the snapshot is local: no paging mark")
        // q exits 0 with the terminal restored.
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
        XCTAssertTrue(term.terminalRestored(), "stty -g is the same after the run: \(term.terminalSettings())")
        XCTAssertTrue(term.normalScreenWithCursor())
    }

    func testOfflineTheShowWhoseNameHoldsTheQueryIsFirstWhereverItComesFrom() throws {
        // Offline, the recorded week's list holds Throne of Seal, The Trust: A Game of Greed and
        // Breaking News; All shows holds Game of Thrones and Breaking Bad.
        for (query, first) in [("thrones", "Game of Thrones"), ("game of", "Game of Thrones"), ("breaking", "Breaking Bad")] {
            let term = try start(["--source", "snapshot", "--no-cache"], width: 100, height: 24)
            XCTAssertNotNil(term.waitFor("week of"), "the list appears")
            term.type("/" + query)
            let screen = try XCTUnwrap(term.waitFor(#"\+ \d+ found"#, timeout: 15), "the All-shows rows arrive for \(query)")
            let selected = screen.filter { $0.hasPrefix("▌") }
            XCTAssertEqual(selected.count, 1)
            XCTAssertTrue(selected.first?.contains("+ " + first) ?? false, "\(query): the first row is \(first), marked +: \(screen.joined(separator: "\n"))")
            term.send("Escape", "q")
            XCTAssertEqual(term.exitStatus(), 0)
        }
    }

    func testOfflineLettersInOrderAloneAreSaidToBeCloseMatches() throws {
        let term = try start(["--source", "snapshot", "--no-cache"], width: 100, height: 24)
        XCTAssertNotNil(term.waitFor("week of"))
        term.type("/taxi")
        let screen = try XCTUnwrap(term.waitFor("close matches", timeout: 15), "the count says close matches")
        XCTAssertTrue(screen.contains { $0.contains("none found · ") }, screen.joined(separator: "\n"))
        XCTAssertFalse(screen.contains { $0.contains("shows found") })
        term.send("Escape", "q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testASortShowsTheTopOfTheNewOrderAndAnOfflineListIsWholeFromTheStart() throws {
        let term = try start(["--source", "snapshot", "--no-cache"], width: 100, height: 24)
        let first = try XCTUnwrap(term.waitFor("week of"))
        XCTAssertTrue(first[0].contains("[Shows]"), first[0])
        // Far down the list, s orders it by rating and shows its top, the header unchanged but for the order
        for _ in 0..<3 { term.send("PageDown") }
        term.send("s")
        let sorted = try XCTUnwrap(term.waitFor("by rating"))
        XCTAssertTrue(sorted[0].contains("Discover"), "the header keeps the app's name: \(sorted[0])")
        XCTAssertTrue(sorted[2].hasPrefix("▌"), "the first row is selected and shown: \(sorted.joined(separator: "\n"))")
        XCTAssertTrue(sorted.last?.contains(" 1/") ?? false, sorted.last ?? "")
        // All shows offline: every show is local, so no paging mark, and newest first is the same after End
        term.send("v")
        let all = try XCTUnwrap(
            term.waitUntil(timeout: 10) { $0[0].contains("All shows") && ($0.last?.range(of: #" 1/\d{4,} "#, options: .regularExpression) != nil) },
            term.screen().joined(separator: "\n"))
        XCTAssertNil(all.last?.range(of: #"1/\d+\+"#, options: .regularExpression), all.last ?? "")
        term.send("s")
        // The header is drawn before the rows: wait for the rows themselves to be newest first.
        let newest = try XCTUnwrap(
            term.waitUntil { $0[0].contains("newest first") && Self.yearsFallDown($0[2..<23]) },
            term.screen().joined(separator: "\n"))
        let top = Array(newest[2..<8])
        term.send("End")
        XCTAssertNotNil(term.waitUntil(timeout: 5) { !$0[2].hasPrefix("▌") && $0.contains { $0.hasPrefix("▌") } })
        term.send("Home")
        let again = try XCTUnwrap(term.waitUntil(timeout: 5) { $0[2].hasPrefix("▌") })
        XCTAssertEqual(Array(again[2..<8]), top, "the order did not change after End")
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    /// Whether the first year on each row never rises from one row to the next (rows without a
    /// year are skipped): the rows of a list sorted newest first.
    private static func yearsFallDown(_ rows: ArraySlice<String>) -> Bool {
        let years = rows.compactMap { row in row.range(of: #"\b(19|20)\d\d\b"#, options: .regularExpression).flatMap { Int(row[$0]) } }
        return years.count >= 5 && zip(years, years.dropFirst()).allSatisfy { $0 >= $1 }
    }

    func testHostileDataNeverClearsTheScreenOrBreaksARow() throws {
        let term = try start(["--snapshot", RepositoryFiles.url("Tests/TestSupport/Fixtures/cases/tvmaze_hostile_shows.json").path], width: 60, height: 20)
        // At 60 columns the source gives way (cut at its end, the position whole) to `? help  q quit`.
        let screen = try XCTUnwrap(term.waitFor(#"snapshot file tvmaze_h.* 1/12 .*\? help  q quit"#))
        XCTAssertEqual(screen.count, 20)
        XCTAssertTrue(screen[0].contains("[Shows]"), "the header was not cleared away")
        XCTAssertTrue(screen.contains { $0.contains("A␛[2J␛[HB") })
        XCTAssertTrue(screen.contains { $0.contains("X␛[1A␍Spoofed") })
        XCTAssertTrue(screen.contains { $0.contains("Shoptxt.exe") })
        for _ in 0..<12 { term.send("Down") }
        term.send("Up")
        let after = try XCTUnwrap(term.waitFor("11/12"))
        XCTAssertTrue(after[0].contains("[Shows]"))
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
        XCTAssertTrue(term.terminalRestored())
    }

    func testSignalsRestoreTheTerminalAndExitWith128PlusTheSignal() throws {
        for (signal, status) in [(SIGTERM, 143), (SIGHUP, 129)] {
            let term = try start(["--source", "snapshot"])
            XCTAssertNotNil(term.waitFor("offline snapshot"))
            let pid = try XCTUnwrap(term.programPID())
            kill(pid, signal)
            XCTAssertEqual(term.exitStatus(), Int32(status))
            XCTAssertTrue(term.terminalRestored(), "restored after signal \(signal)")
            XCTAssertTrue(term.normalScreenWithCursor())
        }
        let term = try start(["--source", "snapshot"])
        XCTAssertNotNil(term.waitFor("offline snapshot"))
        term.send("C-c")
        XCTAssertEqual(term.exitStatus(), 130)
        XCTAssertTrue(term.terminalRestored())
    }

    func testTerminalsWithoutCursorAddressingGetAClearMessage() throws {
        let dumb = try start(["--source", "snapshot"], environment: ["TERM": "dumb"])
        XCTAssertEqual(dumb.exitStatus(), 2)
        XCTAssertNotNil(dumb.waitFor("TERM is 'dumb'"))
        XCTAssertTrue(dumb.terminalRestored())
        let unset = try start(["--source", "snapshot"], unsetting: ["TERM"])
        XCTAssertEqual(unset.exitStatus(), 2)
        XCTAssertNotNil(unset.waitFor("TERM is not set"))
        let unknown = try start(["--source", "snapshot"], environment: ["TERM": "xterm-kitty-nonexistent"])
        XCTAssertNotNil(unknown.waitFor("using xterm-256color"), "falls back with a one-line notice")
        unknown.send("q")
        XCTAssertEqual(unknown.exitStatus(), 0)
        XCTAssertTrue(unknown.terminalRestored())
    }
}
