import Foundation
import TestSupport
import XCTest

/// `--services` in the built binary over the offline snapshot, in a real terminal (tmux): `n`
/// offers "On my services" first, and choosing it leaves only the shows whose network is one.
final class ServicesEndToEndTests: XCTestCase {
    func testOnMyServicesNarrowsTheSnapshotListToNetflixShows() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let term = try TmuxTerminal(command: [BuiltProducts.discover, "--source", "snapshot", "--services", "netflix"], width: 100, height: 30)
        XCTAssertNotNil(term.waitUntil { $0.contains { $0.contains("> Netflix") } }, "a Netflix show is marked: \(term.screen().joined(separator: "\n"))")
        term.send("n")
        let picker = try XCTUnwrap(term.waitFor("On my services \\([0-9]+\\)"), "the picker offers it: \(term.screen().joined(separator: "\n"))")
        let offered = picker.compactMap { line in line.range(of: "On my services \\([0-9]+", options: .regularExpression).map { Int(line[$0].dropFirst(16)) } }.first ?? nil
        term.send("Down", "Enter")
        let screen = try XCTUnwrap(
            term.waitUntil { $0.first?.contains("· On my services") ?? false && !$0.contains { $0.contains("On my services (") } },
            "the header says the narrowing: \(term.screen().joined(separator: "\n"))")
        // The rows: lines that start with a rank (the selected one after its bar).
        let rows = screen.dropFirst().filter { $0.trimmingCharacters(in: CharacterSet(charactersIn: " ▌")).first?.isNumber ?? false }
        XCTAssertFalse(rows.isEmpty, screen.joined(separator: "\n"))
        XCTAssertEqual(rows.count, try XCTUnwrap(offered), "as many rows as the picker counted: \(screen.joined(separator: "\n"))")
        for row in rows { XCTAssertTrue(row.hasSuffix("> Netflix") || row.contains("> Netflix "), "every row is Netflix's: \(row)") }
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }
}
