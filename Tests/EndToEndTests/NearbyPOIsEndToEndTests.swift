import Foundation
import TestSupport
import XCTest

/// The built `discover-tui` binary's Places section in a real terminal (a tmux pane), driven as a
/// person would.
final class NearbyPOIsEndToEndTests: XCTestCase {
    private func start(_ arguments: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws -> TmuxTerminal {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        return try TmuxTerminal(command: [BuiltProducts.discover] + arguments, width: width, height: height, environment: environment)
    }

    /// A list row: marker, name, category, distance (`95 m`, `1.2 km`) and an arrow.
    private static let rowPattern = #"^. .+ (\d+(\.\d)?) (m|km) [↑↗→↘↓↙←↖·]\s*$"#

    /// The list rows of a screen, with their distances in metres.
    private func rows(_ screen: [String]) -> [(line: String, metres: Double)] {
        screen.compactMap { line in
            guard line.range(of: Self.rowPattern, options: .regularExpression) != nil else { return nil }
            let words = line.split(separator: " ")
            guard words.count >= 3, let value = Double(words[words.count - 3]) else { return nil }
            return (line, words[words.count - 2] == "km" ? value * 1_000 : value)
        }
    }

    /// The name on a row (between the marker and the category column at 80 columns).
    private func name(_ row: String) -> String {
        // The name column ends at the first run of two spaces.
        (String(row.dropFirst(2)).components(separatedBy: "  ").first ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// The summary's count of places (`· 48 places`, or `· 40+ places` while more pages wait);
    /// it may go on with the clock the hours are read on, or the map beside it.
    private func placesCount(_ screen: [String]) -> (count: Int, more: Bool)? {
        for line in screen {
            guard let range = line.range(of: #"· \d+\+? places(\s|$)"#, options: .regularExpression) else { continue }
            let words = line[range].split(separator: " ")
            guard words.count >= 2, let count = Int(words[1].filter(\.isNumber)) else { continue }
            return (count, words[1].hasSuffix("+"))
        }
        return nil
    }

    /// Presses End until every page is loaded (the summary's count loses its `+`), waiting after
    /// each for the count to move on: a page more, or all of them.
    private func loadEveryPage(_ term: TmuxTerminal) -> Int? {
        var seen: Int?
        for _ in 0..<20 {
            term.send("End")
            guard let screen = term.waitUntil({ placesCount($0).map { !$0.more || $0.count != seen } ?? false }),
                let shown = placesCount(screen)
            else { return nil }
            if !shown.more { return shown.count }
            seen = shown.count
        }
        return nil
    }

    func testPOIsNearHagiaSophiaWidenOpenDetailsVisitShowsAndQuit() throws {
        let term = try start(["places", "--source", "snapshot", "--near", "41.0172,28.9699"])
        // At least 15 named places, each with a category, distances ascending.
        let screen = try XCTUnwrap(term.waitFor("© OpenStreetMap contributors"), "the list appears")
        XCTAssertTrue(screen[0].contains("[Places]"), screen[0])
        XCTAssertTrue(screen[1].contains("within 2 km"), screen[1])
        let listed = rows(screen)
        let named = listed.filter { !$0.line.contains("(no name)") && !$0.line.contains("Unnamed place") }
        XCTAssertGreaterThanOrEqual(named.count, 15, screen.joined(separator: "\n"))
        XCTAssertTrue(listed.allSatisfy { $0.line.contains("Restaurant") || $0.line.contains("Café") || $0.line.contains("Bakery") || $0.line.contains("Hotel") })
        XCTAssertEqual(listed.map(\.metres), listed.map(\.metres).sorted())
        // The centre and radius are in the summary; the bar keeps the whole credit and the hint to the help.
        XCTAssertTrue(screen.last?.hasSuffix("? help  q quit") ?? false, screen.last ?? "")
        // + widens the radius to 5 km, and more places appear.
        let within2km = try XCTUnwrap(loadEveryPage(term))
        term.send("Home", "+")
        // The search goes out after a short debounce; the status bar says so until it is back.
        XCTAssertNotNil(
            term.waitUntil { screen in
                screen.contains { $0.contains("within 5 km") } && !(screen.last?.contains("Looking for places") ?? true)
            })
        let within5km = try XCTUnwrap(loadEveryPage(term))
        XCTAssertGreaterThan(within5km, within2km)
        let farthest = rows(term.screen()).map(\.metres).max() ?? 0
        XCTAssertGreaterThan(farthest, 2_000)
        // Enter shows the third place's details.
        term.send("Home", "Down", "Down")
        let list = try XCTUnwrap(term.waitFor(#"3/\d+"#))
        let third = try XCTUnwrap(list.first { $0.hasPrefix("▌") })
        let thirdName = name(third)
        term.send("Enter")
        let detail = try XCTUnwrap(term.waitFor("Source id"), "the details appear")
        XCTAssertTrue(detail[0].contains("› " + thirdName), "header names \(thirdName): \(detail[0])")
        XCTAssertTrue(detail.contains { $0.contains("Coordinates") && $0.contains("41.") })
        XCTAssertTrue(detail.contains { $0.contains("osm:") })
        // Esc, then Shift-Tab goes to Shows and Tab comes back to the same selection.
        term.send("Escape")
        XCTAssertNotNil(term.waitFor(#"Name\s+Category"#))
        term.send("BTab")
        let shows = try XCTUnwrap(term.waitFor(#"\[Shows\]"#))
        XCTAssertTrue(shows[0].contains("Popular shows"), shows[0])
        term.send("Tab")
        let back = try XCTUnwrap(term.waitUntil { ($0.first?.contains("[Places]") ?? false) && ($0.last?.contains("│ 3/") ?? false) })
        let selected = back.filter { $0.hasPrefix("▌") }
        XCTAssertEqual(selected.count, 1)
        XCTAssertEqual(selected.first.map(name), thirdName)
        XCTAssertTrue(back.last?.contains("│ 3/") ?? false, back.last ?? "")
        // q exits 0 with the terminal restored.
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
        XCTAssertTrue(term.terminalRestored(), "stty -g is the same after the run: \(term.terminalSettings())")
        XCTAssertTrue(term.normalScreenWithCursor())
    }

    func testACityIsResolvedOfflineAndTheMapIsBesideTheListAt120Columns() throws {
        let term = try start(["places", "--source", "snapshot", "--city", "Istanbul"], width: 120, height: 40)
        // The summary is near the top; the status bar, drawn last, says the frame is complete.
        let screen = try XCTUnwrap(
            term.waitUntil { rows in
                rows.contains { $0.range(of: #"Near Istanbul, Turkey · within 2 km · \d+\+? places"#, options: .regularExpression) != nil }
                    && (rows.last?.contains("2 km") ?? false)
            }, "the list appears")
        XCTAssertTrue(screen[0].contains("Places near Istanbul"), screen[0])
        XCTAssertNotNil(screen.first { $0.contains("Near Istanbul, Turkey") }, screen.joined(separator: "\n"))
        let listed = rows(screen.map { String($0.prefix(72)) })
        XCTAssertGreaterThan(listed.count, 0)
        XCTAssertTrue(screen.contains { $0.contains("Map · north ↑") })
        XCTAssertTrue(screen.contains { $0.contains("├") && $0.contains("2 km") })
        XCTAssertTrue(screen.joined().unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "braille dots")
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testGeoapifyCafesComeInDistanceOrderAndTheKeyNeverShows() throws {
        // Given the recorded Paris cafés behind a loopback Geoapify
        let server = LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/v2/places", .json(try RepositoryFiles.data("Sources/CSnapshotData/data/places_paris_cafes_proximity.json")))
        let base = try server.start()
        let key = "TEST-KEY-51f0c2"
        // When
        let term = try start(
            ["places", "--source", "geoapify", "--geoapify-base", base.absoluteString, "--near", "48.8566,2.3522"],
            environment: ["GEOAPIFY_API_KEY": key])
        // Then
        let screen = try XCTUnwrap(term.waitFor("Powered by Geoapify"), "the list appears")
        let listed = rows(screen)
        XCTAssertGreaterThanOrEqual(listed.count, 5)
        XCTAssertEqual(listed.map(\.metres), listed.map(\.metres).sorted())
        XCTAssertFalse(screen.joined().contains(key))
        term.send("Enter")
        let detail = try XCTUnwrap(term.waitFor("Source id"))
        XCTAssertFalse(detail.joined().contains(key))
        XCTAssertTrue(server.requests.allSatisfy { $0.queryItems["apiKey"] == key })
        term.send("Escape", "q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testAGeoapifyRefusalIsReportedWithoutTheKey() throws {
        let server = LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/v2/places", .json(#"{"statusCode":401,"error":"Unauthorized","message":"Invalid apiKey"}"#, status: 401))
        let key = "TEST-KEY-refused-77"
        let term = try start(
            ["places", "--source", "geoapify", "--geoapify-base", try server.start().absoluteString, "--near", "48.8566,2.3522"],
            environment: ["GEOAPIFY_API_KEY": key])
        let screen = try XCTUnwrap(term.waitFor("HTTP 401"), "the refusal is reported")
        XCTAssertFalse(screen.joined().contains(key))
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testBadLocationsAndCategoriesExitWithStatus2AndOneLine() throws {
        for (arguments, message) in [
            (["places", "--near", "91,0"], "discover-tui: --near: latitude 91.0 is outside -90...90 degrees"),
            (["places", "--near", "abc"], "discover-tui: --near: cannot read \"abc\" as a location"),
            (["places", "--category", "spaceship"], "discover-tui: unknown category 'spaceship'"),
            (["places", "--city", "Nowhere-upon-Sea"], "discover-tui: no city called 'Nowhere-upon-Sea' in the offline list")
        ] {
            let result = try Subprocess.run(BuiltProducts.discover, arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.output.hasPrefix(message), "\(arguments): \(result.output)")
        }
    }

    func testTheHelpAndThePlainListingNeverPrintTheKey() throws {
        let key = "TEST-KEY-help-3a"
        let help = try Subprocess.run("/usr/bin/env", ["GEOAPIFY_API_KEY=\(key)", BuiltProducts.discover, "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.contains("GEOAPIFY_API_KEY"))
        XCTAssertFalse(help.output.contains(key))
        // Not a terminal: the places print as plain text, nearest first.
        let listing = try Subprocess.run("/usr/bin/env", ["LC_ALL=C.UTF-8", BuiltProducts.discover, "places", "--source", "snapshot", "--near", "41.0172,28.9699"])
        XCTAssertEqual(listing.status, 0)
        let lines = listing.output.split(separator: "\n")
        XCTAssertTrue(lines.first?.hasPrefix("# Near 41.0172,28.9699 · within 2 km") ?? false, listing.output)
        // Every page of the snapshot (no network cost): the 48 places it holds within 2 km.
        XCTAssertTrue(lines.first?.contains("· 48 places, offline snapshot") ?? false, listing.output)
        XCTAssertEqual(lines.count, 49, "a header and 48 places")
        XCTAssertFalse(listing.output.contains("Press"), "no key hints at a pipe")
        XCTAssertFalse(listing.output.contains("\u{1B}"))
    }
}
