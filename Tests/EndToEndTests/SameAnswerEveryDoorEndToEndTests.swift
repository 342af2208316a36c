import Foundation
import TestSupport
import XCTest

/// The same question answered the same way from every door: the full screen, the command line
/// and a pipe, with `auto` and no TVmaze to reach (a loopback port nothing listens on), with
/// `--offline` (loopback stubs on every base URL that must see nothing), `--city` on the screen
/// as in a pipe, and the "About this data" page.
final class SameAnswerEveryDoorEndToEndTests: XCTestCase {
    private let stub = LoopbackHTTPServer()
    private var piped: PipedRun?
    private var root: String { piped?.root ?? NSTemporaryDirectory() }

    override func setUpWithError() throws {
        piped = try PipedRun(prefix: "discover-doors")
    }

    override func tearDown() {
        stub.stop()
        piped?.remove()
        super.tearDown()
    }

    /// A base URL on which nothing answers: a loopback port opened, then closed.
    private func unreachable() throws -> URL {
        let server = LoopbackHTTPServer()
        let url = try server.start()
        server.stop()
        return url
    }

    /// Every base URL pointed at the stub, with keys for TMDB and Geoapify so that each would be asked.
    private func everySourceAt(_ base: URL) -> [String: String] {
        [
            "DISCOVER_TVMAZE_URL": base.absoluteString, "DISCOVER_TMDB_URL": base.absoluteString, "DISCOVER_OVERPASS_URL": base.absoluteString,
            "DISCOVER_NOMINATIM_URL": base.absoluteString, "DISCOVER_GEOAPIFY_URL": base.absoluteString,
            "TMDB_API_KEY": "test-key", "GEOAPIFY_API_KEY": "test-key"
        ]
    }

    private func favourites(_ shows: [(String, String)]) throws {
        try FileManager.default.createDirectory(atPath: root + "/data/discover-tui", withIntermediateDirectories: true)
        let entries = shows.map { ["kind": "show", "provider": "TVmaze", "id": $0.0, "name": $0.1, "subtitle": "", "added": "2026-11-29T14:30:00Z"] }
        let data = try JSONSerialization.data(withJSONObject: ["version": 1, "favourites": entries])
        try data.write(to: URL(fileURLWithPath: root + "/data/discover-tui/favorites.json"))
    }

    /// Runs the binary with output to a pipe (`| cat`), favourites under the run's folder, in UTC.
    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> PipedRun.Result {
        let piped = try XCTUnwrap(piped)
        return try piped.run(arguments, environment: ["XDG_DATA_HOME": piped.root + "/data", "TZ": "UTC"].merging(environment) { $1 })
    }

    // MARK: One fallback, said once, from every pipe

    func testEachPipeModeSaysTheFallbackInOneLineOnStandardError() throws {
        let tvmaze = try unreachable().absoluteString
        try favourites([("315", "Archer")])
        // Upcoming's next episodes cannot come from the snapshot: nothing could be asked, status 3.
        let cases: [([String], String, Int32)] = [
            (["show", "169"], "Breaking Bad", 0),
            (["show", "82", "--episodes"], "S01E01", 0),
            (["tonight"], "Tonight", 0),
            (["upcoming"], "Upcoming", 3)
        ]
        for (arguments, shown, status) in cases {
            let result = try run(arguments, environment: ["DISCOVER_TVMAZE_URL": tvmaze])
            XCTAssertEqual(result.status, status, "\(arguments): \(result.err)")
            XCTAssertTrue(result.out.contains(shown), "\(arguments): \(result.out.prefix(300))")
            let lines = result.err.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "\(arguments): \(result.err)")
            XCTAssertTrue(lines.first?.hasPrefix("discover-tui: TVmaze is unreachable") == true, "\(arguments): \(result.err)")
        }
    }

    func testShowByIDPipedOfflineGivesTheSnapshotsCastAndSeasons() throws {
        let result = try run(["show", "82"], environment: ["DISCOVER_TVMAZE_URL": try unreachable().absoluteString])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("Peter Dinklage"), result.out)
        XCTAssertTrue(result.out.contains("Season 8") || result.out.contains("S8") || result.out.contains("8 seasons"), result.out)
        XCTAssertTrue(result.err.contains("showing the offline snapshot"), result.err)
    }

    func testUpcomingToAPipeNeverCutsAnEpisodesName() throws {
        // Given a TVmaze whose next episode has a long name
        let long = "An Episode Whose Name Is Much Longer Than Any Column Of The Table"
        let airs = ISO8601DateFormatter().string(from: Date().addingTimeInterval(2 * 86_400))
        let next: [String: Any] = ["id": 9, "name": long, "season": 1, "number": 4, "airdate": String(airs.prefix(10)), "airstamp": airs, "runtime": 30]
        stub.route("/shows/315", .json(try JSONSerialization.data(withJSONObject: ["id": 315, "name": "Archer", "_embedded": ["nextepisode": next]])))
        let base = try stub.start()
        try favourites([("315", "Archer")])

        let result = try run(["upcoming", "--source", "tvmaze", "--api-base", base.absoluteString])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains(long), result.out)
        XCTAssertFalse(result.out.contains("…"), result.out)
    }

    // MARK: The full screen, opened from the command line

    func testShow82OpenedDirectlyOfflineShowsTheSnapshotsCastAndSeasonsAndEItsChart() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let terminal = try TmuxTerminal(
            command: [BuiltProducts.discover, "show", "82"], width: 100, height: 40,
            environment: ["DISCOVER_TVMAZE_URL": try unreachable().absoluteString, "HOME": root + "/home"])
        let details = try XCTUnwrap(terminal.waitFor("Peter Dinklage", timeout: 15), terminal.screen().joined(separator: "\n"))
        XCTAssertTrue(details.contains { $0.contains("TVmaze is unreachable") && $0.contains("offline snapshot") }, details.joined(separator: "\n"))
        XCTAssertFalse(details.contains { $0.contains("Press r to retry") }, details.joined(separator: "\n"))
        terminal.send("e")
        let chart = try XCTUnwrap(terminal.waitFor("Blackwater", timeout: 10), terminal.screen().joined(separator: "\n"))
        XCTAssertTrue(chart.contains { $0.contains("S1") && $0.contains("S8") }, chart.joined(separator: "\n"))
        terminal.send("q")
        terminal.send("q")
        terminal.send("q")
    }

    // MARK: --offline: no request at all

    func testOfflineTabToPlacesShowsTheSnapshotsPlacesAndNoStubIsAsked() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let base = try stub.start()
        for spelling in [["--offline"], ["--source", "snapshot"]] {
            let terminal = try TmuxTerminal(
                command: [BuiltProducts.discover] + spelling, width: 100, height: 30,
                environment: everySourceAt(base).merging(["HOME": root + "/home"]) { $1 })
            XCTAssertNotNil(terminal.waitFor("offline snapshot", timeout: 15), terminal.screen().joined(separator: "\n"))
            terminal.send("Tab")
            let places = try XCTUnwrap(terminal.waitFor("Kız Kulesi", timeout: 10), terminal.screen().joined(separator: "\n"))
            XCTAssertTrue(places.contains { $0.contains("Istanbul (snapshot area)") && $0.contains("17 places") }, places.joined(separator: "\n"))
            XCTAssertFalse(places.joined().contains("unreachable"), places.joined(separator: "\n"))
            terminal.send("q")
            XCTAssertEqual(terminal.exitStatus(), 0)
        }
        XCTAssertEqual(stub.requests.map(\.path), [], "no request leaves the machine")
    }

    func testOfflinePipesAndCheckAskNoStub() throws {
        let base = try stub.start()
        let env = everySourceAt(base)
        XCTAssertEqual(try run(["--offline"], environment: env).status, 0)
        XCTAssertEqual(try run(["--offline", "places", "--city", "Paris"], environment: env).status, 0)
        XCTAssertEqual(try run(["--offline", "tonight"], environment: env).status, 0)
        let check = try run(["--offline", "--check"], environment: env)
        XCTAssertEqual(check.status, 0, check.out)
        XCTAssertTrue(check.out.contains("no source was asked"), check.out)
        XCTAssertTrue(check.out.contains("Discover still runs on its offline snapshot"), check.out)
        XCTAssertEqual(stub.requests.map(\.path), [])
        let conflict = try run(["--offline", "--source", "tvmaze"])
        XCTAssertEqual(conflict.status, 2, conflict.err)
    }

    func testCheckWithNoSourceAnsweringSaysTheAppStillRunsOnItsSnapshot() throws {
        let check = try run(
            ["--check"],
            environment: [
                "DISCOVER_TVMAZE_URL": try unreachable().absoluteString,
                "DISCOVER_OVERPASS_URL": try unreachable().absoluteString
            ])
        XCTAssertEqual(check.status, 1, check.out)
        XCTAssertTrue(check.out.contains(" do not answer: TVmaze, Overpass"), check.out)
        XCTAssertTrue(check.out.contains("; exit 1."), check.out)
        XCTAssertFalse(check.out.contains("One of them"), check.out)
        XCTAssertTrue(check.out.contains("Discover still runs on its offline snapshot"), check.out)
    }

    // MARK: --city: one rule, on the screen as in a pipe

    func testPlacesCityParisAndLyonOpenTheListWithNoPickerAndTheNextKeyActsOnIt() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let piped = try run(["--offline", "places", "--city", "Paris"])
        XCTAssertTrue(piped.out.contains("Near Paris, France"), piped.out)
        XCTAssertFalse(piped.out.contains("cities match"), piped.out)

        let paris = try TmuxTerminal(
            command: [BuiltProducts.discover, "--offline", "places", "--city", "Paris"], width: 100, height: 30,
            environment: ["HOME": root + "/home"])
        let list = try XCTUnwrap(paris.waitFor("Les Deux", timeout: 15), paris.screen().joined(separator: "\n"))
        XCTAssertFalse(list.joined().contains("choose one"), list.joined(separator: "\n"))
        paris.send("o")
        let filtered = try XCTUnwrap(paris.waitFor("Open now only", timeout: 5), paris.screen().joined(separator: "\n"))
        XCTAssertFalse(filtered.joined().contains("Pariso"), filtered.joined(separator: "\n"))
        paris.send("q")
        XCTAssertEqual(paris.exitStatus(), 0)

        let lyon = try TmuxTerminal(
            command: [BuiltProducts.discover, "--offline", "places", "--city", "Lyon"], width: 100, height: 30,
            environment: ["HOME": root + "/home"])
        let near = try XCTUnwrap(lyon.waitFor("Near Lyon", timeout: 15), lyon.screen().joined(separator: "\n"))
        XCTAssertFalse(near.joined().contains("choose one"), near.joined(separator: "\n"))
        lyon.send("+")
        XCTAssertNotNil(lyon.waitFor("within 5 km", timeout: 5), lyon.screen().joined(separator: "\n"))
        lyon.send("q")
        XCTAssertEqual(lyon.exitStatus(), 0)
    }

    // MARK: About this data

    func testAboutToAPipeListsEachRecordedPartWithItsSourceAndDate() throws {
        let result = try run(["--about"])
        XCTAssertEqual(result.status, 0, result.err)
        for part in ["Shows list", "Episode lists", "Casts", "Schedules", "Places", "Cities"] {
            XCTAssertTrue(result.out.contains("\n\(part)\n"), "\(part) missing: \(result.out)")
        }
        XCTAssertTrue(result.out.contains("Game of Thrones (TVmaze id 82): 73 episodes, recorded 2025-08-14"), result.out)
        XCTAssertTrue(result.out.contains("Breaking Bad (TVmaze id 169): 62 episodes, recorded 2021-04-25"), result.out)
        XCTAssertTrue(result.out.contains("week of 2024-01-22"), result.out)
        XCTAssertTrue(result.out.contains("Istanbul: 200 places") && result.out.contains("2025-12-04"), result.out)
        XCTAssertTrue(result.out.contains("34,006 GeoNames places"), result.out)
        // Shows are named, never by a recorded file's name; The Office's show came with its cast.
        XCTAssertTrue(result.out.contains("The Office (TVmaze id 526): 25 people"), result.out)
        XCTAssertFalse(result.out.contains("episodes_") || result.out.contains("cast_"), result.out)
        XCTAssertTrue(result.out.contains("Mirror of TVmaze's show index\n  none yet: discover-tui mirror"), result.out)
    }

    func testTheHelpListsTheAboutKeyAndItOpensThePage() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let terminal = try TmuxTerminal(command: [BuiltProducts.discover, "--offline"], width: 100, height: 40, environment: ["HOME": root + "/home"])
        XCTAssertNotNil(terminal.waitFor("offline snapshot", timeout: 15), terminal.screen().joined(separator: "\n"))
        terminal.send("?")
        XCTAssertNotNil(terminal.waitFor("About this data", timeout: 5), terminal.screen().joined(separator: "\n"))
        terminal.send("a")
        let page = try XCTUnwrap(terminal.waitFor("Episode lists", timeout: 5), terminal.screen().joined(separator: "\n"))
        XCTAssertTrue(page.contains { $0.contains("Game of Thrones (TVmaze id 82)") }, page.joined(separator: "\n"))
        terminal.send("Escape")
        terminal.send("q")
        XCTAssertEqual(terminal.exitStatus(), 0)
    }
}
