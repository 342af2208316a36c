import Foundation
import TestSupport
import XCTest

/// The walk by the streets in the built binary in a real terminal, over both recorded areas:
/// the selected place's walk drawn on the map in its own style and named in the legend, its
/// summary under the map, the list's Walk column by the streets, and `w` for the steps.
final class WalkThereEndToEndTests: XCTestCase {
    private func start(_ arguments: [String], width: Int, height: Int) throws -> TmuxTerminal {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        return try TmuxTerminal(command: [BuiltProducts.discover, "--offline", "places"] + arguments, width: width, height: height)
    }

    /// The braille cells drawn in the style of the legend's walk mark `⣿` (the walk's own style),
    /// above the legend (the list holds no braille).
    private func walkCells(_ term: TmuxTerminal) -> Int {
        let styled = term.styledScreen()
        guard let mark = styled.cells.first(where: { $0.character == "⣿" && styled.rows[$0.row].contains("⣿ walk") }) else { return 0 }
        return styled.cells.filter { cell in
            cell.row < mark.row && cell.style == mark.style
                && cell.character.unicodeScalars.first.map { (0x2801...0x28FF).contains($0.value) } == true
        }.count
    }

    /// True when a list row's Walk column holds a time by the streets (no `~`): `  4 min  `.
    private func hasStreetTimes(_ rows: [String]) -> Bool {
        rows.contains { $0.range(of: #"[^~\d]\d+ min +\d+ m"#, options: .regularExpression) != nil }
    }

    func testTheWalkIsDrawnNamedAndSummedUpAt200x50InBothAreas() throws {
        for arguments in [["--city", "Helsinki"], ["--near", "48.8795,2.3560"]] {
            let term = try start(arguments, width: 200, height: 50)
            let screen = try XCTUnwrap(
                term.waitUntil { $0.joined().contains("by the streets") && $0.joined().contains("⣿ walk") && self.hasStreetTimes($0) },
                "\(arguments): \(term.screen().joined(separator: "\n"))")
            XCTAssertNotNil(screen.first { $0.range(of: #"\d+ m by the streets · ~\d+ min"#, options: .regularExpression) != nil }, screen.joined(separator: "\n"))
            XCTAssertGreaterThanOrEqual(walkCells(term), 2, "the walk is drawn in its own style: \(arguments)")

            // Another place, keys back to back: its own walk
            let before = screen.first { $0.contains("by the streets") }
            term.sendTogether("j", "j", "j")
            XCTAssertNotNil(term.waitUntil { rows in rows.first { $0.contains("by the streets") } != before }, "\(arguments)")
            term.send("q")
            XCTAssertEqual(term.exitStatus(), 0)
        }
    }

    func testDetailsOpenedAsSoonAsThePlacesShowGetTheWalkWhenTheStreetsArrive() throws {
        let term = try start(["--near", "48.8795,2.3560"], width: 100, height: 30)
        // w the moment the places are counted, before the streets have (most likely) arrived
        XCTAssertNotNil(term.waitUntil { $0.contains { $0.range(of: #"\d+\+? places"#, options: .regularExpression) != nil } }, term.screen().joined(separator: "\n"))
        term.send("w")
        let details = try XCTUnwrap(term.waitFor("Turn by turn"), "the page is updated with the walk: \(term.screen().joined(separator: "\n"))")
        XCTAssertNotNil(details.first { $0.range(of: #"Walk +\d+ m by the streets · ~\d+ min"#, options: .regularExpression) != nil }, details.joined(separator: "\n"))
        XCTAssertFalse(details.joined().contains("no streets loaded reach it"), details.joined(separator: "\n"))
        term.send("q", "q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testAt80x24TheMapShowsTheWalkAndWListsItsSteps() throws {
        for arguments in [["--near", "48.8795,2.3560"], ["--city", "Helsinki"]] {
            let term = try start(arguments, width: 80, height: 24)
            XCTAssertNotNil(term.waitUntil { self.hasStreetTimes($0) }, "the Walk column by the streets: \(term.screen().joined(separator: "\n"))")
            term.send("m")
            let map = try XCTUnwrap(
                term.waitUntil { $0.joined().contains("by the streets") && $0.joined().contains("⣿ walk") }, term.screen().joined(separator: "\n"))
            XCTAssertNotNil(map.first { $0.contains("Map · north ↑") })
            XCTAssertGreaterThanOrEqual(walkCells(term), 2, "the walk is drawn in its own style: \(arguments)")

            // Back to the list, then w with a pause: the steps in the place's details
            term.send("m")
            XCTAssertNotNil(term.waitUntil { self.hasStreetTimes($0) })
            term.send("w")
            let details = try XCTUnwrap(term.waitFor("Turn by turn"), term.screen().joined(separator: "\n"))
            XCTAssertNotNil(details.first { $0.range(of: #"Walk +\d+ m by the streets · ~\d+ min"#, options: .regularExpression) != nil }, details.joined(separator: "\n"))
            term.send("Escape")
            XCTAssertNotNil(term.waitUntil { self.hasStreetTimes($0) })
            // j and w in one write: the next place's steps
            term.sendTogether("j", "w")
            XCTAssertNotNil(term.waitFor("Turn by turn"), term.screen().joined(separator: "\n"))
            term.send("q", "q")
            XCTAssertEqual(term.exitStatus(), 0)
        }
    }
}
