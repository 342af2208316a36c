import Foundation
import TestSupport
import XCTest

/// The places map's streets in the built binary in a real terminal: offline over the recorded
/// areas, and live through a loopback Overpass answering with recorded street geometry.
final class StreetsEndToEndTests: XCTestCase {
    private func start(_ arguments: [String], width: Int, height: Int) throws -> TmuxTerminal {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        return try TmuxTerminal(command: [BuiltProducts.discover] + arguments, width: width, height: height)
    }

    /// The braille cells of the screen from a column on, by row (blank braille U+2800 aside).
    private func brailleCells(_ screen: [String], from column: Int) -> [[Int]] {
        screen.map { line in
            Array(line).enumerated().compactMap { index, character in
                guard index >= column, let scalar = character.unicodeScalars.first, (0x2801...0x28FF).contains(scalar.value) else { return nil }
                return index
            }
        }
    }

    /// True when braille lines cross the pane: on most of its rows, in both halves of it.
    private func streetsCross(_ screen: [String], from column: Int, width: Int) -> Bool {
        let cells = brailleCells(screen, from: column)
        let rowsWithLines = cells.filter { $0.count >= 3 }.count
        let all = cells.flatMap { $0 }
        let middle = column + (width - column) / 2
        return rowsWithLines >= screen.count / 2 && all.contains { $0 < middle } && all.contains { $0 >= middle } && all.count >= 300
    }

    func testOfflineHelsinkiShowsStreetLinesAcrossTheMapAndThePlacesOnThemAt120x40AndAfterMAt80x24() throws {
        for arguments in [["--city", "Helsinki"], ["--near", "60.1699,24.9384"]] {
            // Given the wide terminal
            let term = try start(["--offline", "places"] + arguments, width: 120, height: 40)
            let screen = try XCTUnwrap(
                term.waitUntil { rows in
                    (rows.last?.contains("offline snapshot") ?? false) && self.streetsCross(rows, from: 72, width: 120)
                }, "streets across the map pane: \(term.screen().joined(separator: "\n"))")
            // Then the places are listed and marked on the streets, the selected one too
            let map = screen.map { String(Array($0).dropFirst(72)) }.joined()
            XCTAssertTrue(map.contains("•"), map)
            XCTAssertTrue(map.contains("●"), "the selected place")
            XCTAssertTrue(screen.contains { $0.contains("• place") }, "the legend says what a place is")
            XCTAssertTrue(screen.contains { $0.contains("├") }, "the scale bar")

            // When zoomed in, out and panned, keys back to back and one by one
            let before = term.screen()
            term.send("z")
            let zoomed = try XCTUnwrap(term.waitFor("zoom \\+1"), "zoomed")
            XCTAssertNotEqual(zoomed, before)
            term.send("Z")
            XCTAssertNotNil(term.waitUntil { $0.first.map { !$0.contains("zoom") } ?? false && $0.joined().contains("Map · north ↑") })
            let unpanned = brailleCells(term.screen(), from: 72)
            term.sendTogether("D", "D")
            let panned = try XCTUnwrap(
                term.waitUntil { self.brailleCells($0, from: 72) != unpanned && self.streetsCross($0, from: 72, width: 120) },
                "the map pans and keeps its streets")
            XCTAssertFalse(panned.joined().contains("could not"), panned.joined(separator: "\n"))
            term.send("q")
            XCTAssertEqual(term.exitStatus(), 0)
        }

        // At 80×24, m shows the map instead of the list, with the same streets
        let narrow = try start(["--offline", "places", "--city", "Helsinki"], width: 80, height: 24)
        XCTAssertNotNil(narrow.waitFor("offline snapshot"), narrow.screen().joined(separator: "\n"))
        narrow.send("m")
        XCTAssertNotNil(narrow.waitUntil { self.streetsCross($0, from: 0, width: 80) }, narrow.screen().joined(separator: "\n"))
        narrow.send("q")
        XCTAssertEqual(narrow.exitStatus(), 0)
    }

    func testLiveStreetsArriveAfterThePlacesOnceAndPanningAsksNothing() throws {
        // Given a loopback Overpass: the places (none recorded there), then the recorded
        // Piedmont street network (ways with node ids)
        let server = LoopbackHTTPServer()
        defer { server.stop() }
        server.route(
            "/interpreter", .json(try Fixtures.data("osm/overpass_empty_result.json")),
            .json(try Fixtures.data("osm/overpass_piedmont_ca_drive_network_2017-10.json")))
        var base = try server.start().absoluteString
        while base.hasSuffix("/") { base.removeLast() }

        // When
        let term = try start(["places", "--source", "osm", "--overpass-base", base, "--near", "37.8245,-122.2312"], width: 120, height: 40)

        // Then the streets are drawn once the places have answered, from one street request
        XCTAssertNotNil(term.waitUntil { self.streetsCross($0, from: 72, width: 120) }, term.screen().joined(separator: "\n"))
        let requests = server.requests
        XCTAssertEqual(requests.count, 2)
        XCTAssertTrue(requests.first?.queryItems["data"]?.contains("out center;") ?? false, "the places first")
        XCTAssertTrue(requests.last?.queryItems["data"]?.contains("out geom;") ?? false, "then the streets")

        // When zoomed and panned every way
        let drawn = term.screen()
        term.sendTogether("z", "W", "A")
        term.send("S")
        term.send("D")
        XCTAssertNotNil(term.waitUntil { $0 != drawn && $0.joined().contains("zoom +1") })
        term.send("Z")
        XCTAssertNotNil(term.waitUntil { !$0.joined().contains("zoom +1") })

        // Then nothing more was asked
        XCTAssertEqual(server.requests.count, 2)
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testAFailedStreetRequestLeavesThePlacesAndTheRingWithOneMessage() throws {
        // Given a loopback Overpass: the Istanbul places, then a runtime error for the streets
        let server = LoopbackHTTPServer()
        defer { server.stop() }
        server.route(
            "/interpreter", .json(try Fixtures.snapshotData("overpass_istanbul_restaurants_cafes.json")),
            .json(try Fixtures.data("osm/overpass_remark_runtime_error.json")))
        var base = try server.start().absoluteString
        while base.hasSuffix("/") { base.removeLast() }

        // When
        let term = try start(["places", "--source", "osm", "--overpass-base", base, "--near", "41.0172,28.9699"], width: 120, height: 40)

        // Then the places are listed, the map keeps its ring, and the status bar says it once
        let screen = try XCTUnwrap(term.waitFor("Streets could not be loaded"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(screen.contains { $0.contains("Overpass live") || $0.contains("places") })
        XCTAssertTrue(screen.contains { $0.contains("⠂") || $0.contains("+") })
        XCTAssertGreaterThan(brailleCells(screen, from: 72).flatMap { $0 }.count, 20, "the ring")
        XCTAssertEqual(screen.joined(separator: "\n").components(separatedBy: "Streets could not be loaded").count, 2, "one message")
        XCTAssertEqual(server.requests.count, 2)
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }
}
