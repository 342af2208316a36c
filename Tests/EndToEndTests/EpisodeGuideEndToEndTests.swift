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
        ["HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_HOME": root + "/data",
         "LC_ALL": "C.UTF-8", "TZ": "Europe/Paris"]
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
        let list = try XCTUnwrap(term.waitUntil { screen in screen.contains { $0.hasPrefix("▌") && $0.contains("Game of Thrones") } },
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
              let show = page.first(where: { ($0["id"] as? Int) == 83 }) else {
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
        let term = try TmuxTerminal(command: [BuiltProducts.discover, "show", "83", "--source", "tvmaze", "--api-base", base.absoluteString],
                                    width: 80, height: 24, environment: environment)
        XCTAssertNotNil(term.waitFor("Official site"), term.screen().joined(separator: "\n"))
        XCTAssertNotNil(term.waitFor("TVmaze live"), term.screen().joined(separator: "\n"))
        term.send("e")
        let chart = try XCTUnwrap(term.waitFor("Best: S06E06 ‘Treehouse of Horror V’ 9\\.6"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(chart.contains { $0.contains("TVmaze live") }, chart.joined(separator: "\n"))
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
}
