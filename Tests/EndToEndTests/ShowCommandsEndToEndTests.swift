import Foundation
import TestSupport
import XCTest

/// `discover-tui search QUERY` and `discover-tui show ID|NAME` through the built binary: piped (text and
/// JSON, exit statuses) against a loopback TVmaze and the snapshot, and in a real terminal.
final class ShowCommandsEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var piped: PipedRun?

    override func setUpWithError() throws {
        piped = try PipedRun(prefix: "discover-commands")
    }

    override func tearDown() {
        server.stop()
        piped?.remove()
        super.tearDown()
    }

    private func recordedTVmaze() throws -> URL {
        server.route("/search/shows", .json(try Fixtures.data("tvmaze/search_shows_brooklyn.json")))
        server.route("/singlesearch/shows", query: ["q": "silicon valley"], .json(try Fixtures.data("tvmaze/singlesearch_silicon_valley_embed_episodes.json")))
        server.route("/singlesearch/shows", .json(#"{"name":"Not Found","message":"","code":0,"status":404}"#, status: 404))
        server.route("/shows/143", .json(try TVmazeRecordings.siliconValleyDetails()))
        server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2024-01-01.json")))
        server.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        return try server.start()
    }

    /// Runs the binary with output to a pipe (`| cat`), a fresh home and nothing else set.
    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> PipedRun.Result {
        try XCTUnwrap(piped).run(arguments, environment: environment)
    }

    func testSearchPipedPrintsTheProvidersHits() throws {
        let base = try recordedTVmaze()
        let result = try run(["search", "taxi", "--source", "tvmaze", "--api-base", base.absoluteString])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("Taxi Brooklyn"), result.out)
        // Ranked as the list ranks: the one name that holds the query first, then the hits
        // TVmaze matched otherwise, as close matches
        XCTAssertTrue(result.out.hasPrefix("# 1 show found for “taxi”, then 8 close matches, TVmaze live."), result.out)
        XCTAssertTrue(result.out.split(separator: "\n").dropFirst().first?.contains("Taxi Brooklyn") ?? false, result.out)
        XCTAssertEqual(server.requests.filter { $0.path == "/search/shows" }.map { $0.queryItems["q"] }, ["taxi"])
        let json = try run(["search", "taxi", "--source", "tvmaze", "--api-base", base.absoluteString, "--json"])
        let lines = json.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 9)
        for line in lines {
            XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        }
    }

    func testSearchOnTheSnapshotRanksItsShowsAndAFailingSourceIsExit1() throws {
        let offline = try run(["search", "sg1", "--source", "snapshot"])
        XCTAssertEqual(offline.status, 0, offline.err)
        XCTAssertTrue(offline.out.split(separator: "\n").dropFirst().first?.contains("Stargate SG-1") ?? false, offline.out)
        // No name of the snapshot holds "taxi": its letters in order are said to be close matches, not finds
        let taxi = try run(["search", "taxi", "--source", "snapshot"])
        XCTAssertEqual(taxi.status, 0, taxi.err)
        XCTAssertTrue(taxi.out.hasPrefix("# No show's name holds “taxi”: 5 close matches (its letters in order), offline snapshot"), taxi.out)
        server.route("/search/shows", .json("{}", status: 404))
        let base = try server.start()
        let failed = try run(["search", "taxi", "--source", "tvmaze", "--api-base", base.absoluteString])
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.err.split(separator: "\n").count, 1, failed.err)
        XCTAssertTrue(failed.err.hasPrefix("discover-tui: TVmaze"), failed.err)
    }

    func testShowPipedPrintsOneJSONObjectOrTextAndUnknownIsOneLineAndExit1() throws {
        let json = try run(["show", "169", "--source", "snapshot", "--json"])
        XCTAssertEqual(json.status, 0, json.err)
        XCTAssertEqual(json.out.split(separator: "\n").count, 1)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["name"] as? String, "Breaking Bad")
        XCTAssertEqual(object["id"] as? Int, 169)
        XCTAssertEqual(object["network"] as? String, "AMC")
        XCTAssertEqual(object["premiered"] as? String, "2008-01-20")
        let text = try run(["show", "Breaking Bad", "--source", "snapshot"])
        XCTAssertEqual(text.status, 0)
        XCTAssertTrue(text.out.hasPrefix("Breaking Bad\n2008–2019"), text.out)
        let unknown = try run(["show", "99999999", "--source", "snapshot"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.err, "discover-tui: the offline snapshot 2026-07-13 has no show with id 99999999\n")
        XCTAssertEqual(unknown.out, "")
        XCTAssertEqual(try run(["show", "--source", "snapshot"]).status, 2, "no id or name: a usage error")
        XCTAssertEqual(try run(["search"]).status, 2)
    }

    func testShowByNameAsksTVmazesSingleSearchAndAnUnknownNameIsExit1() throws {
        let base = try recordedTVmaze()
        let found = try run(["show", "silicon valley", "--source", "tvmaze", "--api-base", base.absoluteString])
        XCTAssertEqual(found.status, 0, found.err)
        XCTAssertTrue(found.out.hasPrefix("Silicon Valley\n"), found.out)
        XCTAssertTrue(found.out.contains("Zach Woods"), found.out)
        let unknown = try run(["show", "no such show", "--source", "tvmaze", "--api-base", base.absoluteString])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.err, "discover-tui: TVmaze knows no show named \"no such show\"\n")
    }

    func testInATerminalSearchOpensTheListWithTheQueryAndShowOpensTheDetailsOverTheList() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let base = try recordedTVmaze()
        let search = try TmuxTerminal(
            command: [BuiltProducts.discover, "search", "taxi", "--source", "tvmaze", "--api-base", base.absoluteString],
            width: 120, height: 30)
        let listed = try XCTUnwrap(search.waitFor("Taxi Brooklyn", timeout: 5), search.screen().joined(separator: "\n"))
        XCTAssertTrue(listed.joined().contains("/taxi") || listed.joined().contains("taxi"), listed.joined(separator: "\n"))
        search.send("q")
        XCTAssertEqual(search.exitStatus(), 0)

        let show = try TmuxTerminal(command: [BuiltProducts.discover, "show", "169", "--source", "snapshot"], width: 100, height: 30)
        let details = try XCTUnwrap(show.waitFor("Official site", timeout: 5), show.screen().joined(separator: "\n"))
        XCTAssertTrue(details[0].contains("Breaking Bad"), details[0])
        show.send("Escape")
        XCTAssertNotNil(show.waitUntil(timeout: 5) { $0.contains { $0.range(of: #"^.\s+1 \S"#, options: .regularExpression) != nil } }, "Esc goes to the list")
        show.send("q")
        XCTAssertEqual(show.exitStatus(), 0)
    }
}
