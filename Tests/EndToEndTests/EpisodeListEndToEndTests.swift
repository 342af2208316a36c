import Foundation
import TestSupport
import XCTest

/// `discover-tui show ID --episodes` through the built binary with output to a pipe: the snapshot's
/// recorded lists offline, and a loopback TVmaze answering with The Simpsons' recordings.
final class EpisodeListEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var piped: PipedRun?

    override func setUpWithError() throws {
        piped = try PipedRun(prefix: "discover-episodes")
    }

    override func tearDown() {
        server.stop()
        piped?.remove()
        super.tearDown()
    }

    /// Runs the binary with output to a pipe (`| cat`), a fresh home and nothing else set but
    /// the viewer's zone: dates are the viewer's, HBO's own zone here.
    private func run(_ arguments: [String]) throws -> PipedRun.Result {
        try XCTUnwrap(piped).run(arguments, environment: ["TZ": "America/New_York"])
    }

    /// A line's columns: fields are separated by two spaces or more.
    private func columns(_ line: Substring) -> [String] {
        line.replacingOccurrences(of: "  +", with: "\t", options: .regularExpression).split(separator: "\t").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func testOfflineGameOfThronesListsEveryEpisodeWithItsRating() throws {
        let result = try run(["show", "82", "--episodes", "--source", "snapshot"])
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 1 + 73)
        XCTAssertTrue(lines[0].hasPrefix("# Game of Thrones: 73 episodes in 8 seasons, offline snapshot 2025-08-14."), String(lines[0]))
        XCTAssertTrue(lines[0].contains("Data from TVmaze.com"))
        XCTAssertEqual(columns(lines[9]), ["S01E09", "Baelor", "2011-06-12", "60 min", "8.9"])
        // In UTC the same episode is on the 13th (21:00 EDT is 01:00 UTC), as the guide says
        let utc = try XCTUnwrap(piped).run(["show", "82", "--episodes", "--source", "snapshot"], environment: ["TZ": "UTC"])
        XCTAssertTrue(utc.out.contains("Baelor") && utc.out.split(separator: "\n").contains { $0.hasPrefix("S01E09") && $0.contains("2011-06-13") }, utc.out)
        XCTAssertEqual(columns(lines[73]), ["S08E06", "The Iron Throne", "2019-05-19", "80 min", "5.3"])
        XCTAssertEqual(Set(lines.dropFirst().map { $0.count }).count, 1, "aligned columns")
        XCTAssertTrue(result.err.isEmpty, result.err)
    }

    func testJSONLinesCarryEachEpisode() throws {
        let result = try run(["show", "82", "--episodes", "--source", "snapshot", "--json"])
        XCTAssertEqual(result.status, 0, result.err)
        let objects = try result.out.split(separator: "\n").map { try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertEqual(objects.count, 73)
        let last = try XCTUnwrap(objects.last)
        XCTAssertEqual(last["code"] as? String, "S08E06")
        XCTAssertEqual(last["rating"] as? Double, 5.3)
        XCTAssertEqual(last["airstamp"] as? String, "2019-05-20T01:00:00Z")
        XCTAssertEqual(last["runtimeMinutes"] as? Int, 80)
        XCTAssertEqual(last["special"] as? Bool, false)
        XCTAssertEqual(last["show"] as? Int, 82)
    }

    func testLiveTVmazeListsTheSimpsonsAllSeasons() throws {
        let page = try XCTUnwrap(try JSONSerialization.jsonObject(with: Fixtures.snapshotData("shows_page_0.json")) as? [[String: Any]])
        let simpsons = try XCTUnwrap(page.first { $0["id"] as? Int == 83 })
        server.route("/shows/83/episodes", .json(try Fixtures.snapshotData("episodes_83_the-simpsons.json")))
        server.route("/shows/83", .json(try JSONSerialization.data(withJSONObject: simpsons)))
        let base = try server.start()

        let result = try run(["show", "83", "--episodes", "--source", "tvmaze", "--api-base", base.absoluteString])
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n")
        XCTAssertTrue(lines[0].hasPrefix("# The Simpsons: 751 episodes in 35 seasons, TVmaze live."), String(lines[0]))
        XCTAssertEqual(lines.count, 1 + 751)
        let best = try XCTUnwrap(lines.first { $0.hasPrefix("S06E06 ") })
        XCTAssertEqual(columns(best), ["S06E06", "Treehouse of Horror V", "1994-10-30", "30 min", "9.6"])
        XCTAssertEqual(columns(try XCTUnwrap(lines.last)).last, "—", "the unaired episode has no rating")
        XCTAssertEqual(server.requests.filter { $0.path == "/shows/83/episodes" }.map(\.queryItems), [["specials": "1"]])
    }

    func testAShowWithoutARecordedListOrAFailingSourceIsOneLineAndExit1() throws {
        let offline = try run(["show", "44778", "--episodes", "--source", "snapshot"])
        XCTAssertEqual(offline.status, 1)
        XCTAssertTrue(offline.out.isEmpty, offline.out)
        XCTAssertEqual(offline.err.split(separator: "\n").count, 1, offline.err)
        XCTAssertTrue(offline.err.contains("has no episode list for House of the Dragon"), offline.err)

        let page = try XCTUnwrap(try JSONSerialization.jsonObject(with: Fixtures.snapshotData("shows_page_0.json")) as? [[String: Any]])
        server.route("/shows/83", .json(try JSONSerialization.data(withJSONObject: try XCTUnwrap(page.first { $0["id"] as? Int == 83 }))))
        server.route("/shows/83/episodes", .json("{}", status: 500))
        let base = try server.start()
        let failed = try run(["show", "83", "--episodes", "--source", "tvmaze", "--api-base", base.absoluteString, "--no-cache"])
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.err.split(separator: "\n").count, 1, failed.err)
        XCTAssertTrue(failed.err.hasPrefix("discover-tui: TVmaze"), failed.err)
    }

    func testEpisodesWithoutAShowIsAUsageError() throws {
        let result = try run(["--episodes", "--source", "snapshot"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("--episodes lists one show's episodes"), result.err)
    }
}
