import Foundation
import TestSupport
import XCTest

/// "Where to watch" with a TMDB key over a loopback TMDB and `country = GB`: Breaking Bad's
/// groups as the recorded GB entry gives them, with JustWatch's attribution on screen and in
/// `--json`; without a key, the show's own network and how to turn full data on.
final class WatchProvidersEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var run: PipedRun?

    override func setUpWithError() throws {
        run = try PipedRun(prefix: "discover-watch")
    }

    override func tearDown() {
        server.stop()
        run?.remove()
        super.tearDown()
    }

    private func routes() throws -> (URL, Data) {
        let providers = try Fixtures.data("people/tv_1396_breaking-bad_watch_providers.json")
        server.route("/3/tv/1396/watch/providers", .json(providers))
        server.route("/3/tv/1396/recommendations", .json(#"{"page":1,"results":[],"total_pages":0,"total_results":0}"#))
        server.route("/3/tv/1396/similar", .json(try Fixtures.data("people/tv_1396_breaking-bad_similar.json")))
        server.route("/3/tv/1396", .json(try Fixtures.data("tmdb/tv_1396_breaking_bad_details.json")))
        server.route("/3/tv/popular", .json(try Fixtures.data("tmdb/tv_popular_page1.json")))
        server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2024-01-01.json")))
        server.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        return (try server.start(), providers)
    }

    /// The config file with `country = GB`.
    private func writeConfig(_ run: PipedRun) throws {
        try FileManager.default.createDirectory(atPath: run.root + "/config/discover-tui", withIntermediateDirectories: true)
        try "country = GB\n".write(toFile: run.root + "/config/discover-tui/config", atomically: true, encoding: .utf8)
    }

    func testBreakingBadInGBGroupsAsRecordedWithJustWatchInTheJSON() throws {
        let run = try XCTUnwrap(run)
        try writeConfig(run)
        let (base, providers) = try routes()
        let result = try run.run(
            ["show", "1396", "--source", "tmdb", "--tmdb-base", base.absoluteString, "--json"],
            environment: ["TMDB_API_KEY": "tmdb-TEST-KEY-watch"])
        XCTAssertEqual(result.status, 0, result.err)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let watch = try XCTUnwrap(object["watch"] as? [String: Any], result.out)
        XCTAssertEqual(watch["country"] as? String, "GB")
        XCTAssertEqual(watch["attribution"] as? String, "data from JustWatch")
        XCTAssertEqual(watch["link"] as? String, "https://www.themoviedb.org/tv/1396-breaking-bad/watch?locale=GB")
        for (key, offer) in [("stream", "flatrate"), ("free", "free"), ("ads", "ads"), ("rent", "rent"), ("buy", "buy")] {
            XCTAssertEqual(watch[key] as? [String], try WatchProviderFixture.recorded(providers, country: "GB", offer: offer), key)
        }
        XCTAssertTrue(server.requests.contains { $0.path == "/3/tv/1396/watch/providers" })
    }

    func testOnScreenTheGBGroupsAndTheAttributionAreBesideTheList() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let run = try XCTUnwrap(run)
        try writeConfig(run)
        let (base, providers) = try routes()
        let env = [
            "HOME": run.root + "/home", "XDG_CONFIG_HOME": run.root + "/config", "XDG_CACHE_HOME": run.root + "/cache",
            "XDG_DATA_HOME": run.root + "/data", "LC_ALL": "C.UTF-8", "TZ": "Europe/Paris", "TMDB_API_KEY": "tmdb-TEST-KEY-watch"
        ]
        let term = try TmuxTerminal(
            command: [
                BuiltProducts.discover, "show", "1396", "--source", "tmdb", "--tmdb-base", base.absoluteString,
                "--api-base", base.absoluteString
            ], width: 100, height: 30, environment: env)
        XCTAssertNotNil(term.waitFor("Official site"), term.screen().joined(separator: "\n"))
        term.send("End")
        let screen = try XCTUnwrap(term.waitFor("Where to watch \\(GB\\)"), term.screen().joined(separator: "\n"))
        let stream = try WatchProviderFixture.recorded(providers, country: "GB", offer: "flatrate").joined(separator: ", ")
        let buy = try WatchProviderFixture.recorded(providers, country: "GB", offer: "buy").joined(separator: ", ")
        XCTAssertTrue(screen.contains { $0.contains("Stream: " + stream) }, screen.joined(separator: "\n"))
        XCTAssertTrue(screen.contains { $0.contains("Buy: " + buy) }, screen.joined(separator: "\n"))
        XCTAssertFalse(screen.contains { $0.contains("Rent:") }, "GB lists no rental")
        XCTAssertTrue(screen.contains { $0.contains("data from JustWatch") }, screen.joined(separator: "\n"))
        term.send("q")
        XCTAssertNotNil(term.waitUntil { $0.first?.contains("›") == false }, term.screen().joined(separator: "\n"))
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testWithoutAKeyTheSectionNamesTheNetworkAndHowToTurnFullDataOn() throws {
        let run = try XCTUnwrap(run)
        let result = try run.run(["show", "169", "--source", "snapshot"])
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n").map(String.init)
        let heading = try XCTUnwrap(lines.firstIndex(of: "Where to watch"), result.out)
        XCTAssertEqual(lines[heading + 1], "  On AMC (United States)")
        XCTAssertTrue(lines[heading + 2].contains("set a TMDB key"), lines[heading + 2])
    }
}
