import Foundation
import TestSupport
import XCTest

/// The episode guide in a real terminal: offline on the snapshot (Game of Thrones: every
/// season, the worst episode, an episode opened and closed, back to the list), and live over
/// a loopback TVmaze answering with The Simpsons' recordings (35 seasons reached by moving
/// right, the best episode named, no row wider than 80 columns).
final class EpisodeGuideEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var root = ""

    override func setUpWithError() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        root = NSTemporaryDirectory() + "discover-episodes-\(UUID().uuidString.prefix(8))"
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

    /// The screen's rows that hold the chart's season heading (`S1 S2 …`).
    private func heading(_ screen: [String]) -> String? {
        screen.first { $0.range(of: #"^\s+(‹\s+)?S\d+\s+S\d+"#, options: .regularExpression) != nil }
    }

    func testOfflineGameOfThronesChartsEightSeasonsWithTheIronThroneWorstAndEscGoesBackToTheList() throws {
        let term = try TmuxTerminal(command: [BuiltProducts.discover, "--source", "snapshot"], width: 80, height: 24, environment: environment)
        XCTAssertNotNil(term.waitFor("offline snapshot"), term.screen().joined(separator: "\n"))
        // The popular list as it opens, filtered to Game of Thrones (found in the rest of the
        // snapshot, as the provider's search finds it online), opened.
        term.send("/")
        term.type("Game of Thrones")
        XCTAssertNotNil(term.waitFor(#"\+ 1 found"#), term.screen().joined(separator: "\n"))
        term.send("Enter", "Enter")
        XCTAssertNotNil(term.waitFor("Official site"), term.screen().joined(separator: "\n"))
        term.send("e")
        let chart = try XCTUnwrap(term.waitFor("Worst: S08E06 ‘The Iron Throne’ 5\\.[34]"), term.screen().joined(separator: "\n"))
        let seasons = try XCTUnwrap(heading(chart), chart.joined(separator: "\n"))
        XCTAssertEqual(seasons.split(separator: " ").map(String.init), (1...8).map { "S\($0)" })
        XCTAssertTrue(chart.contains { $0.hasPrefix("  E6  8.6  8.8  8.3  8.3  6.9  7.4  8.0  5.") }, chart.joined(separator: "\n"))
        // To S8E6 in one write, then Enter opens that episode.
        term.sendTogether("Right", "Right", "Right", "Right", "Right", "Right", "Right", "Down", "Down", "Down", "Down", "Down")
        XCTAssertNotNil(term.waitFor("S8 E6 · 8/8"), term.screen().joined(separator: "\n"))
        term.send("Enter")
        let page = try XCTUnwrap(term.waitFor("Game of Thrones · S08E06"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(page[1].contains("The Iron Throne"), page[1])
        XCTAssertTrue(page.contains { $0.contains("Aired") && $0.contains("May 2019") && $0.contains("CEST") }, page.joined(separator: "\n"))
        // Esc closes the episode (the chart again, on the same cell), Esc the guide, Esc the details.
        term.send("Escape")
        XCTAssertNotNil(term.waitFor("S8 E6 · 8/8"), term.screen().joined(separator: "\n"))
        term.send("Escape")
        XCTAssertNotNil(term.waitFor("Official site"), term.screen().joined(separator: "\n"))
        term.send("Escape")
        let list = try XCTUnwrap(
            term.waitUntil { screen in screen.contains { $0.hasPrefix("▌") && $0.contains("Game of Thrones") } },
            term.screen().joined(separator: "\n"))
        XCTAssertTrue(list[0].contains("Popular"), list[0])
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testOfflineGameOfThronesDetailsListEightSeasonsAndEnterTwiceOpensTheGuideAtThePickedOne() throws {
        let term = try TmuxTerminal(command: [BuiltProducts.discover, "--source", "snapshot"], width: 80, height: 24, environment: environment)
        XCTAssertNotNil(term.waitFor("offline snapshot"), term.screen().joined(separator: "\n"))
        term.send("/")
        term.type("Game of Thrones")
        XCTAssertNotNil(term.waitFor(#"\+ 1 found"#), term.screen().joined(separator: "\n"))
        term.send("Enter", "Enter")
        XCTAssertNotNil(term.waitFor("Official site"), term.screen().joined(separator: "\n"))
        // Down to the Seasons section: the recorded list's eight seasons, not "Not recorded".
        term.send("End")
        let details = try XCTUnwrap(term.waitFor("Season 8"), term.screen().joined(separator: "\n"))
        XCTAssertFalse(details.contains { $0.contains("Not recorded in this source") }, details.joined(separator: "\n"))
        XCTAssertTrue(details.contains { $0.contains("Season 7") && $0.contains("7 episodes") }, details.joined(separator: "\n"))
        // Enter picks season 1, three downs in one write move to season 4, Enter opens it.
        term.send("Enter")
        term.sendTogether("Down", "Down", "Down")
        term.send("Enter")
        let chart = try XCTUnwrap(term.waitFor("S4 E1 · 4/8"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(chart.contains { $0.contains("Game of Thrones") }, chart.joined(separator: "\n"))
        // q closes the guide, stops picking (the pick is kept), leaves the details, quits.
        term.send("q", "q", "q", "q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    /// `GET /shows/83` as TVmaze answers it: the show from the recorded first page of `/shows`.
    private func simpsons() throws -> Data {
        guard let page = try JSONSerialization.jsonObject(with: Fixtures.snapshotData("shows_page_0.json")) as? [[String: Any]],
            let show = page.first(where: { ($0["id"] as? Int) == 83 })
        else {
            throw FixtureError.missing("show 83 in shows_page_0.json")
        }
        return try JSONSerialization.data(withJSONObject: show)
    }

    func testLiveTheSimpsonsReachesAll35SeasonsWithTreehouseOfHorrorVBestAndNoRowWiderThan80() throws {
        server.route("/shows/83/episodes", .json(try Fixtures.snapshotData("episodes_83_the-simpsons.json")))
        server.route("/shows/83", .json(try simpsons()))
        server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2024-01-01.json")))
        server.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        let base = try server.start()
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "show", "83", "--source", "tvmaze", "--api-base", base.absoluteString],
            width: 80, height: 24, environment: environment)
        XCTAssertNotNil(term.waitFor("Official site"), term.screen().joined(separator: "\n"))
        XCTAssertNotNil(term.waitFor("TVmaze live"), term.screen().joined(separator: "\n"))
        term.send("e")
        // The chart can be drawn from a kept copy while the fresh one still loads: wait for
        // both the chart and the status bar's source, not for the first of them.
        let chart = try XCTUnwrap(
            term.waitUntil { rows in
                rows.contains { $0.contains("Best: S06E06 ‘Treehouse of Horror V’ 9.6") } && rows.last?.contains("TVmaze live") == true
            }, term.screen().joined(separator: "\n"))
        XCTAssertTrue(server.requests.contains { $0.path == "/shows/83/episodes" && $0.queryItems["specials"] == "1" })
        func seasons(_ screen: [String]) -> Set<String> {
            Set((heading(screen) ?? "").split(separator: " ").map { String($0.filter { $0 != "›" }) }.filter { $0.hasPrefix("S") })
        }
        var seen = seasons(chart)
        XCTAssertTrue(heading(chart)?.hasSuffix("S15›") == true, "more seasons to the right: \(heading(chart) ?? "")")
        // Right one key at a time to season 10, then five at a time in one write to season 35.
        var season = 1
        while season < 35 {
            if season < 10 {
                term.send("Right")
                season += 1
            } else {
                term.sendTogether("Right", "Right", "Right", "Right", "Right")
                season += 5
            }
            let screen = try XCTUnwrap(term.waitFor("S\(season) E1 · \(season)/35"), term.screen().joined(separator: "\n"))
            seen.formUnion(seasons(screen))
            for row in screen { XCTAssertLessThanOrEqual(row.count, 80, row) }
        }
        let last = term.screen()
        XCTAssertEqual(seen, Set((1...35).map { "S\($0)" }), "every season was on screen")
        XCTAssertTrue(heading(last)?.hasPrefix(" ‹") == true, heading(last) ?? "")
        XCTAssertTrue(last.contains { $0.hasPrefix("  E1 ") }, "the episode numbers stay at the left")
        for row in last { XCTAssertLessThanOrEqual(row.count, 80, row) }
        term.send("q", "q", "q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    // MARK: Specials

    /// `GET /shows/83/episodes?specials=1` in TVmaze's shape: the recorded list, and 30
    /// specials made from it as TVmaze gives them (`type` `significant_special`, no `number`,
    /// the season they aired in), named `Special 01` to `Special 30` in airing order.
    private func simpsonsWithSpecials() throws -> Data {
        guard let episodes = try JSONSerialization.jsonObject(with: Fixtures.snapshotData("episodes_83_the-simpsons.json")) as? [[String: Any]] else {
            throw FixtureError.missing("episodes_83_the-simpsons.json")
        }
        var firsts = episodes.filter { ($0["number"] as? Int) == 1 && (($0["season"] as? Int) ?? 99) <= 30 }
        firsts.sort { ($0["season"] as? Int ?? 0) < ($1["season"] as? Int ?? 0) }
        let specials = firsts.enumerated().map { k, episode -> [String: Any] in
            var special = episode
            special["id"] = 9_000_000 + k
            special["number"] = NSNull()
            special["type"] = "significant_special"
            special["name"] = String(format: "Special %02d", k + 1)
            return special
        }
        return try JSONSerialization.data(withJSONObject: episodes + specials)
    }

    /// TMDB's Breaking Bad with a season 0 of 21 specials: the details reduced to seasons 0 and
    /// 1, season 1 as TMDB answered it, season 0 made from it (`season_number` 0, numbered 1 to
    /// 21, named `Special 01` to `Special 21`).
    private func routeBreakingBadWithSeasonZero() throws {
        server.route("/3/tv/1396", .json(#"{"id":1396,"name":"Breaking Bad","first_air_date":"2008-01-20","seasons":[{"season_number":0,"episode_count":21},{"season_number":1,"episode_count":7}]}"#))
        let seasonOne = try Fixtures.data("tmdb/tv_1396_season_1_details.json")
        server.route("/3/tv/1396/season/1", .json(seasonOne))
        guard var season = try JSONSerialization.jsonObject(with: seasonOne) as? [String: Any],
            let episodes = season["episodes"] as? [[String: Any]]
        else { throw FixtureError.missing("tv_1396_season_1_details.json episodes") }
        season["season_number"] = 0
        season["name"] = "Specials"
        season["episodes"] = (0..<21).map { k -> [String: Any] in
            var special = episodes[k % episodes.count]
            special["id"] = 8_000_000 + k
            special["season_number"] = 0
            special["episode_number"] = k + 1
            special["name"] = String(format: "Special %02d", k + 1)
            return special
        }
        server.route("/3/tv/1396/season/0", .json(try JSONSerialization.data(withJSONObject: season)))
    }

    /// With the guide on screen: End goes to the specials' column, Left and Right cross between
    /// it and the last season, and every special is reached with Down (one key at a time, then
    /// three in one write), its row selected in the list under the chart, the note saying the
    /// count whole; Enter opens the last one.
    private func assertEverySpecialIsReachable(
        _ term: TmuxTerminal, count: Int, columns: Int, width: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let position = { (k: Int) in "Sp E\(k) · \(columns)/\(columns)" }
        term.send("End")
        XCTAssertNotNil(
            term.waitUntil { rows in
                rows.last?.contains(position(1)) == true && rows.contains { $0.contains("Sp: \(count) specials") }
                    && rows.contains { $0.contains("Specials · \(count) specials") }
            }, "End: the specials, the note whole, their list: \(term.screen().joined(separator: "\n"))", file: file, line: line)
        term.send("Left")
        XCTAssertNotNil(term.waitFor("S\(columns - 1) E1 · \(columns - 1)/\(columns)"), "Left from the specials", file: file, line: line)
        term.send("Right")
        XCTAssertNotNil(term.waitFor(position(1)), "Right past the last season", file: file, line: line)
        var k = 1
        while k < count {
            if k < 10 || count - k < 3 {
                term.send("Down")
                k += 1
            } else {
                term.sendTogether("Down", "Down", "Down")
                k += 3
            }
            let name = String(format: "Special %02d", k)
            let screen = try XCTUnwrap(
                term.waitUntil { rows in
                    rows.last?.contains(position(k)) == true && rows.contains { $0.contains("▌") && $0.contains(name) }
                }, "special \(k) selected: \(term.screen().joined(separator: "\n"))", file: file, line: line)
            for row in screen { XCTAssertLessThanOrEqual(row.count, width, row, file: file, line: line) }
        }
        term.send("Enter")
        // The title is drawn before the facts: wait for both.
        let title = String(format: "Special %02d", count)
        XCTAssertNotNil(
            term.waitUntil { rows in
                rows.contains { $0.trimmingCharacters(in: .whitespaces) == title } && rows.contains { $0.contains("Episode") && $0.contains("special") }
            }, "the last special's page: \(term.screen().joined(separator: "\n"))", file: file, line: line)
    }

    /// At 80x24 and at 200x60: the show's details, `e`, the chart, then every special reached
    /// (`assertEverySpecialIsReachable`), and a clean quit.
    private func assertEverySpecialIsReachableAtBothSizes(
        arguments: [String], environment: [String: String], details: String, chart: String,
        count: Int, columns: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for (width, height) in [(80, 24), (200, 60)] {
            let term = try TmuxTerminal(command: [BuiltProducts.discover] + arguments, width: width, height: height, environment: environment)
            XCTAssertNotNil(term.waitFor(details), term.screen().joined(separator: "\n"), file: file, line: line)
            term.send("e")
            XCTAssertNotNil(term.waitFor(chart), term.screen().joined(separator: "\n"), file: file, line: line)
            try assertEverySpecialIsReachable(term, count: count, columns: columns, width: width, file: file, line: line)
            term.send("q", "q", "q", "q")
            XCTAssertEqual(term.exitStatus(), 0, "\(width)x\(height)", file: file, line: line)
        }
    }

    func testLiveTVmazeSpecialsAreAColumnOfTheChartEveryOneReachableAt80x24And200x60() throws {
        server.route("/shows/83/episodes", .json(try simpsonsWithSpecials()))
        server.route("/shows/83", .json(try simpsons()))
        server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2024-01-01.json")))
        server.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        let base = try server.start()
        try assertEverySpecialIsReachableAtBothSizes(
            arguments: ["show", "83", "--source", "tvmaze", "--api-base", base.absoluteString],
            environment: environment, details: "Official site", chart: "Best: S06E06", count: 30, columns: 36)
    }

    func testTMDBSeasonZeroIsTheSpecialsColumnEveryOneReachableAt80x24And200x60() throws {
        try routeBreakingBadWithSeasonZero()
        let base = try server.start()
        let env = environment.merging(["TMDB_API_KEY": "e2e-tmdb-key", "DISCOVER_TMDB_URL": base.absoluteString]) { _, new in new }
        try assertEverySpecialIsReachableAtBothSizes(
            arguments: ["show", "1396", "--source", "tmdb"], environment: env,
            details: "Breaking Bad", chart: "Best: S01E", count: 21, columns: 2)
    }
}
