import Foundation
import TestSupport
import XCTest

/// The built `discover-tui` binary's Places answers in real terminals: the snapshot's Open/Closed
/// column, the message for a category the snapshot lacks, and the clipboard's OSC 52.
final class POIsAnswersEndToEndTests: XCTestCase {
    private func start(_ arguments: [String], width: Int, height: Int) throws -> TmuxTerminal {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        return try TmuxTerminal(command: [BuiltProducts.discover] + arguments, width: width, height: height, environment: ["TZ": "UTC"])
    }

    /// The Now column's cell text of each list row (the 6 cells before the distance).
    private func nowColumn(_ screen: [String], listWidth: Int) -> [String] {
        screen.compactMap { line -> String? in
            let list = String(line.prefix(listWidth))
            guard list.range(of: #" (\d+(\.\d)?) (m|km) [↑↗→↘↓↙←↖·]\s*$"#, options: .regularExpression) != nil else { return nil }
            let words = list.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return words.first { $0.range(of: #"^(Open|Closed|Open 24/7|Closes .+|Opens .+|\?|—)$"#, options: .regularExpression) != nil }
        }
    }

    func testTheIstanbulAndParisSnapshotsShowAnOpenClosedColumnAndOFiltersIt() throws {
        // Istanbul at 25 km: its restaurants' and cafés' hours as Open or Closed.
        let term = try start(["places", "--source", "snapshot", "--radius", "25000"], width: 100, height: 50)
        // The frame is complete when the rows are drawn and the status bar, drawn last, is there.
        let screen = try XCTUnwrap(
            term.waitUntil { rows in
                rows.contains { $0.contains("Now") && $0.contains("Distance") } && self.nowColumn(rows, listWidth: 70).count > 10
                    && (rows.last?.hasSuffix("? help  q quit") ?? false) && rows.contains { $0.contains("within 25 km") }
            }, "the list appears")
        let header = try XCTUnwrap(screen.first { $0.contains("Distance") })
        XCTAssertNotNil(header.range(of: #"Category +Now +Walk +Distance Dir"#, options: .regularExpression), header)
        let column = nowColumn(screen, listWidth: 70)
        XCTAssertGreaterThan(column.count, 10, screen.joined(separator: "\n"))
        XCTAssertTrue(column.contains { $0.hasPrefix("Closes ") || $0.hasPrefix("Opens ") }, column.joined(separator: ","))
        // o keeps only the open ones (or says none is open).
        term.send("o")
        // The header changes before the rows below it are rewritten: wait for the rows too (at
        // night in Istanbul none is open, and the message replaces the rows).
        let filtered = try XCTUnwrap(
            term.waitUntil { rows in
                rows.contains { $0.contains("Open now only") } && (rows.last?.hasSuffix("? help  q quit") ?? false)
                    && (rows.joined().contains("is open now") && nowColumn(rows, listWidth: 70).isEmpty
                        || !nowColumn(rows, listWidth: 70).isEmpty && !nowColumn(rows, listWidth: 70).contains("—"))
            })
        let left = nowColumn(filtered, listWidth: 70)
        XCTAssertTrue(left.allSatisfy { $0.hasPrefix("Closes ") || $0.hasPrefix("Open") }, left.joined(separator: ","))
        if left.isEmpty { XCTAssertTrue(filtered.joined().contains("is open now"), filtered.joined(separator: "\n")) }
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)

        // Paris: Marlette's "Mo-Su 11:30-19:30" in Paris time.
        let paris = try start(["places", "--source", "snapshot", "--near", "48.8566,2.3522"], width: 200, height: 30)
        let parisScreen = try XCTUnwrap(
            paris.waitUntil { rows in
                rows.contains { $0.contains("Marlette") && $0.contains("95 m") } && rows.contains { $0.contains("hours in Europe/Paris time") }
            })
        let marlette = try XCTUnwrap(parisScreen.first { $0.contains("Marlette") })
        XCTAssertNotNil(marlette.range(of: #"Café\s+(Open · closes 19:30|Closed · opens ((Mo|Tu|We|Th|Fr|Sa|Su) )?11:30)\s+~1 min\s+95 m"#, options: .regularExpression), marlette)
        XCTAssertTrue(parisScreen.contains { $0.contains("hours in Europe/Paris time") }, parisScreen.joined(separator: "\n"))
        paris.send("q")
        XCTAssertEqual(paris.exitStatus(), 0)
    }

    func testPharmacyInIstanbulOnTheSnapshotNamesTheSnapshotsLackAndNeverOffersPlus() throws {
        let term = try start(["places", "--source", "snapshot", "--category", "pharmacy"], width: 100, height: 24)
        let screen = try XCTUnwrap(term.waitFor("records no pharmacy"), "the message appears")
        let text = screen.map { String($0.prefix(70)) }.joined(separator: " ")
        XCTAssertTrue(text.contains("The offline snapshot records no pharmacy places around Istanbul"), text)
        XCTAssertFalse(text.contains("Press +"), text)
        XCTAssertFalse(text.contains("widen"), text)
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testYInThePOIsDetailsWritesOneOSC52WithTheWholeIdAndNoOtherOSC() throws {
        let env = ["TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "UTC"]
        let pty = try PseudoTerminal(
            command: [BuiltProducts.discover, "places", "--source", "snapshot", "--near", "48.8566,2.3522"],
            width: 100, height: 30, environment: env)
        defer { pty.stop() }
        XCTAssertTrue(pty.waitFor("Marlette"), "first frame")
        pty.settle()
        pty.type("\r")
        XCTAssertTrue(pty.waitFor("Source id"))
        pty.settle()
        pty.type("y")
        let id = "51c1ea234b41d2024059e96d6f58bf6d4840f00103f90179756a14020000009203084d61726c65747465"
        let expected = "\u{1B}]52;c;" + Data(id.utf8).base64EncodedString() + "\u{1B}\\"
        XCTAssertTrue(pty.waitFor(expected), "the whole id, base64, in one OSC 52")
        XCTAssertTrue(pty.waitFor("sent to the clipboard"))
        // The only OSC written is that one, besides the background query at start (`--theme
        // auto`, OSC 11 with `?`, which changes nothing on the terminal).
        let output = pty.output
        var oscs = 0
        var start = output.startIndex
        let query = Data("11;?".utf8)
        while let range = output.range(of: Data("\u{1B}]".utf8), in: start..<output.endIndex) {
            let next = output[range.upperBound...].prefix(query.count)
            if Data(next) != query { oscs += 1 }
            start = range.upperBound
        }
        XCTAssertEqual(oscs, 1)
        pty.type("q")
        pty.type("q")
        XCTAssertEqual(pty.waitForExit(), 0)
    }
}
