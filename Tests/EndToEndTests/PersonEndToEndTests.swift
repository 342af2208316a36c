import Foundation
import TestSupport
import XCTest

/// The Person page in a real terminal: offline, from Silicon Valley's cast to Thomas
/// Middleditch's shows and back to his cast line; over a loopback TVmaze answering with the
/// recorded people answers (every credit of the files listed); over a loopback TMDB with a key
/// (George Lucas's TV credits, cast and crew apart).
final class PersonEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var root = ""

    override func setUpWithError() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        root = NSTemporaryDirectory() + "discover-person-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    }

    override func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private var environment: [String: String] {
        [
            "HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_HOME": root + "/data",
            "LC_ALL": "C.UTF-8", "TZ": "Europe/Paris"
        ]
    }

    /// The text of the rows drawn selected (reverse video).
    private func selectedRows(_ term: TmuxTerminal) -> [String] {
        let screen = term.styledScreen()
        let rows = Set(screen.cells.filter { $0.style.reverse }.map(\.row))
        return rows.sorted().map { screen.rows[$0] }
    }

    /// Waits until a row drawn selected holds `text`.
    private func waitForSelected(_ term: TmuxTerminal, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if selectedRows(term).contains(where: { $0.contains(text) }) { return }
            _ = term.waitFor(".", timeout: 0.2)
        }
        XCTFail("no selected row with \(text)\n" + term.screen().joined(separator: "\n"), file: file, line: line)
    }

    func testOfflineSiliconValleyCastToThomasMiddleditchToHisShowsAndBackToHisCastLine() throws {
        for together in [false, true] {
            let term = try TmuxTerminal(
                command: [BuiltProducts.discover, "--source", "snapshot", "show", "Silicon Valley"], width: 100, height: 30,
                environment: environment)
            XCTAssertNotNil(term.waitFor("Thomas Middleditch as Richard Hendricks"), term.screen().joined(separator: "\n"))
            // `c` picks the first cast line; Thomas Middleditch is the third.
            if together { term.sendTogether("c", "Down", "Down") } else { term.send("c", "Down", "Down") }
            XCTAssertNotNil(term.waitFor("⏎ their shows"), term.screen().joined(separator: "\n"))
            waitForSelected(term, "Thomas Middleditch")
            term.send("Enter")
            let page = try XCTUnwrap(term.waitFor("from the shows recorded in this snapshot"), term.screen().joined(separator: "\n"))
            XCTAssertTrue(page.contains { $0.contains("Thomas Middleditch") }, page.joined(separator: "\n"))
            let silicon = try XCTUnwrap(page.first { $0.contains("Silicon Valley") && $0.contains("Richard Hendricks") }, page.joined(separator: "\n"))
            XCTAssertTrue(silicon.contains("2014–2019"), silicon)
            XCTAssertTrue(silicon.hasPrefix("▌"), "newest first: Silicon Valley is selected first\n" + page.joined(separator: "\n"))
            XCTAssertTrue(page.contains { $0.contains("show 1540 (not recorded here)") }, page.joined(separator: "\n"))
            term.send("Enter")
            XCTAssertNotNil(term.waitFor("Thomas Middleditch › Silicon Valley"), term.screen().joined(separator: "\n"))
            XCTAssertNotNil(term.waitFor("Official site"), term.screen().joined(separator: "\n"))
            if together {
                term.sendTogether("Escape", "Escape")
            } else {
                term.send("Escape")
                XCTAssertNotNil(term.waitFor("from the shows recorded in this snapshot"), term.screen().joined(separator: "\n"))
                term.send("Escape")
            }
            XCTAssertNotNil(term.waitFor("⏎ their shows  Esc stop"), term.screen().joined(separator: "\n"))
            XCTAssertNil(term.screen().first { $0.contains("from the shows recorded") })
            waitForSelected(term, "Thomas Middleditch as Richard Hendricks")
            term.send("q")
            XCTAssertNotNil(term.waitFor("Esc back  ↑↓ scroll"), term.screen().joined(separator: "\n"))
            term.send("q")
            XCTAssertNotNil(term.waitUntil { $0.first?.contains("›") == false }, term.screen().joined(separator: "\n"))
            term.send("q")
            XCTAssertEqual(term.exitStatus(), 0)
        }
    }

    func testOfflineMoreLikeThisEndsTheDetailsWithAReasonPerShowAndEnterOpensOne() throws {
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "--source", "snapshot", "show", "169"], width: 100, height: 30,
            environment: environment)
        XCTAssertNotNil(term.waitFor("Official site"), term.screen().joined(separator: "\n"))
        term.send("End")
        let page = try XCTUnwrap(term.waitFor("More like this \\(by genre, network and cast, worked out here\\)"), term.screen().joined(separator: "\n"))
        let heading = try XCTUnwrap(page.firstIndex { $0.contains("More like this") })
        let lines = page[(heading + 1)...].prefix { $0.hasPrefix("  ") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        XCTAssertGreaterThan(lines.count, 3, page.joined(separator: "\n"))
        for line in lines { XCTAssertNotNil(line.range(of: #"\) · \S"#, options: .regularExpression), line) }
        XCTAssertTrue(page.contains { $0.contains("Better Call Saul (2015–2022) · Drama · Crime · AMC") }, page.joined(separator: "\n"))
        // Enter picks season 1; past the five seasons the pick reaches the first show like it.
        term.send("Enter")
        term.sendTogether("Down", "Down", "Down", "Down", "Down")
        XCTAssertNotNil(term.waitFor("⏎ its details  Esc stop"), term.screen().joined(separator: "\n"))
        let first = try XCTUnwrap(lines.first).trimmingCharacters(in: .whitespaces)
        let name = String(first[..<(first.range(of: " (")?.lowerBound ?? first.endIndex)])
        waitForSelected(term, name)
        term.send("Enter")
        XCTAssertNotNil(term.waitFor("Breaking Bad › " + name), term.screen().joined(separator: "\n"))
        term.send("Escape")
        XCTAssertNotNil(term.waitFor("⏎ its details  Esc stop"), term.screen().joined(separator: "\n"))
        waitForSelected(term, name)
        term.send("q", "q")
        XCTAssertNotNil(term.waitUntil { $0.first?.contains("›") == false }, term.screen().joined(separator: "\n"))
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    /// From the person page back to the show, the list, and out.
    private func leave(_ term: TmuxTerminal, file: StaticString = #filePath, line: UInt = #line) {
        // Back on the cast line it came from, still picked; then the page; then the list.
        term.send("q")
        XCTAssertNotNil(term.waitFor("⏎ their shows  Esc stop"), term.screen().joined(separator: "\n"), file: file, line: line)
        term.send("q")
        XCTAssertNotNil(term.waitFor("Esc back  ↑↓ scroll"), term.screen().joined(separator: "\n"), file: file, line: line)
        term.send("q")
        XCTAssertNotNil(term.waitUntil { $0.first?.contains("›") == false }, term.screen().joined(separator: "\n"), file: file, line: line)
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0, file: file, line: line)
    }

    /// The names of the embedded shows of a recorded credits file, in order.
    private func embeddedShowNames(_ data: Data) throws -> [String] {
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return list.compactMap { (($0["_embedded"] as? [String: Any])?["show"] as? [String: Any])?["name"] as? String }
    }

    func testLiveTVmazePersonPageListsEveryCreditOfTheRecordedFiles() throws {
        let cast = try Fixtures.snapshotData("people_1_castcredits_embed-show.json")
        let crew = try Fixtures.data("people/people_crewcredits_embed-show.json")
        server.route("/shows/1", .json(try Fixtures.snapshotData("show_1_under-the-dome_embed-episodes-cast.json")))
        server.route("/people/1", .json(try Fixtures.snapshotData("people_1_mike-vogel.json")))
        server.route("/people/1/castcredits", query: ["embed": "show"], .json(cast))
        server.route("/people/1/crewcredits", query: ["embed": "show"], .json(crew))
        server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2024-01-01.json")))
        server.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        let base = try server.start()
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "show", "1", "--source", "tvmaze", "--api-base", base.absoluteString],
            width: 110, height: 30, environment: environment)
        XCTAssertNotNil(term.waitFor("Mike Vogel as Dale"), term.screen().joined(separator: "\n"))
        // Mike Vogel is the sixth of the recorded cast.
        term.send("c", "Down", "Down", "Down", "Down", "Down")
        waitForSelected(term, "Mike Vogel as Dale")
        term.send("Enter")
        let page = try XCTUnwrap(
            term.waitUntil { rows in rows.contains { $0.contains("United States · born 1979-07-17 · Male") } && rows.last?.contains("TVmaze live") == true },
            term.screen().joined(separator: "\n"))
        let text = page.joined(separator: "\n")
        for name in try embeddedShowNames(cast) {
            XCTAssertEqual(page.filter { $0.contains(" cast ") || $0.hasPrefix("▌cast") }.filter { $0.contains(name) }.count, 1, "\(name)\n" + text)
        }
        for name in try embeddedShowNames(crew) {
            XCTAssertTrue(page.contains { $0.contains("crew") && $0.contains(name) }, "\(name)\n" + text)
        }
        XCTAssertTrue(page.contains { $0.contains("12 shows (5 cast, 7 crew)") }, text)
        XCTAssertTrue(page.contains { $0.contains("Person of Interest") && $0.contains("Co-Executive Producer") }, text)
        leave(term)
    }

    func testLiveTMDBPersonPageKeepsGeorgeLucassCastAndCrewApart() throws {
        let credits = try Fixtures.data("people/person_1_george-lucas_tv_credits.json")
        let details = #"{"id":2224,"name":"The Daily Show with Trevor Noah","first_air_date":"1996-07-22","credits":{"cast":[{"id":1,"name":"George Lucas","character":"Self","order":0}]}}"#
        server.route("/3/tv/2224", .json(details))
        server.route("/3/person/1", .json(try Fixtures.data("people/person_1_george-lucas.json")))
        server.route("/3/person/1/tv_credits", .json(credits))
        server.route("/3/tv/popular", .json(try Fixtures.data("tmdb/tv_popular_page1.json")))
        server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2024-01-01.json")))
        server.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        let base = try server.start()
        var env = environment
        env["TMDB_API_KEY"] = "tmdb-TEST-KEY-person"
        let term = try TmuxTerminal(
            command: [
                BuiltProducts.discover, "show", "2224", "--source", "tmdb", "--tmdb-base", base.absoluteString,
                "--api-base", base.absoluteString
            ], width: 110, height: 60, environment: env)
        XCTAssertNotNil(term.waitFor("George Lucas as Self"), term.screen().joined(separator: "\n"))
        term.send("c", "Enter")
        let page = try XCTUnwrap(term.waitFor("44 shows \\(12 cast, 32 crew\\)"), term.screen().joined(separator: "\n"))
        let text = page.joined(separator: "\n")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: credits) as? [String: Any])
        let castNames = try XCTUnwrap(object["cast"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        let rows = page.filter { $0.range(of: #"^[▌ ](cast|crew) "#, options: .regularExpression) != nil }
        XCTAssertEqual(rows.count, 44, text)
        // Cast first, then crew: the two blocks apart.
        XCTAssertEqual(rows.prefix(12).filter { $0.dropFirst().hasPrefix("cast") }.count, 12, text)
        XCTAssertEqual(rows.suffix(32).filter { $0.dropFirst().hasPrefix("crew") }.count, 32, text)
        for name in Set(castNames) { XCTAssertTrue(rows.prefix(12).contains { $0.contains(name.prefix(30)) }, "\(name)\n" + text) }
        XCTAssertTrue(rows.suffix(32).contains { $0.contains("Star Wars: The Clone Wars") && $0.contains("Executive Producer") }, text)
        XCTAssertTrue(page.contains { $0.contains("born 1944-05-14") && $0.contains("Male") }, text)
        term.send("?")
        XCTAssertNotNil(term.waitFor("This product uses the TMDB API but is not"), term.screen().joined(separator: "\n"))
        term.send("?")
        XCTAssertNotNil(term.waitFor("⏎ open  s order"), term.screen().joined(separator: "\n"))
        leave(term)
    }
}
