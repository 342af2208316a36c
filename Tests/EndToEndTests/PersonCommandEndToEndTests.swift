import Foundation
import TestSupport
import XCTest

/// `discover-tui person ID|NAME` to a pipe: offline from the recorded casts and castcredits,
/// and over a loopback TVmaze, kept in the cache and shown from it when TVmaze fails.
final class PersonCommandEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var run: PipedRun?

    override func setUpWithError() throws {
        run = try PipedRun(prefix: "discover-person-cli")
    }

    override func tearDown() {
        server.stop()
        run?.remove()
        super.tearDown()
    }

    func testOfflineThomasMiddleditchByIdAndByNameListsSiliconValley() throws {
        let run = try XCTUnwrap(run)
        let byID = try run.run(["person", "27753", "--source", "snapshot"])
        XCTAssertEqual(byID.status, 0, byID.err)
        let lines = byID.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "Thomas Middleditch")
        XCTAssertTrue(lines.contains { $0.hasPrefix("cast  Silicon Valley") && $0.contains("Richard Hendricks") && $0.contains("2014–2019") }, byID.out)
        XCTAssertTrue(byID.out.contains("from the shows recorded in this snapshot"), byID.out)
        XCTAssertTrue(byID.out.contains("Data from TVmaze.com"), byID.out)
        let byName = try run.run(["person", "thomas", "MIDDLEDITCH", "--source", "snapshot"])
        XCTAssertEqual(byName.out, byID.out)

        let json = try run.run(["person", "27753", "--source", "snapshot", "--json"])
        XCTAssertEqual(json.status, 0, json.err)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let credits = try XCTUnwrap(object["credits"] as? [[String: Any]])
        XCTAssertEqual(credits.compactMap { $0["showId"] as? Int }, [143, 1540])
        XCTAssertEqual(credits.first?["character"] as? String, "Richard Hendricks")
        XCTAssertEqual(credits.last?["recorded"] as? Bool, false)
        XCTAssertEqual(object["coverage"] as? String, "from the shows recorded in this snapshot")
    }

    func testAnUnknownPersonIsOneLineAndStatusOne() throws {
        let run = try XCTUnwrap(run)
        let result = try run.run(["person", "Nobody Recorded", "--source", "snapshot"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
        XCTAssertTrue(result.err.contains("no person named"), result.err)
        let empty = try run.run(["person", "--source", "snapshot"])
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.err.contains("discover-tui person needs a person's id or name"), empty.err)
    }

    func testLiveTVmazePersonIsKeptAndShownFromTheCacheWhenTVmazeFails() throws {
        let run = try XCTUnwrap(run)
        server.route("/people/1", .json(try Fixtures.snapshotData("people_1_mike-vogel.json")), ScriptedResponse(status: 503))
        server.route("/people/1/castcredits", .json(try Fixtures.snapshotData("people_1_castcredits_embed-show.json")), ScriptedResponse(status: 503))
        server.route("/people/1/crewcredits", .json(try Fixtures.data("people/people_crewcredits_embed-show.json")), ScriptedResponse(status: 503))
        let base = try server.start()
        let first = try run.run(["person", "1", "--source", "tvmaze", "--api-base", base.absoluteString])
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertTrue(first.out.contains("United States · born 1979-07-17 · Male"), first.out)
        XCTAssertEqual(first.out.split(separator: "\n").filter { $0.hasPrefix("cast  ") || $0.hasPrefix("crew  ") }.count, 12, first.out)
        XCTAssertTrue(first.out.contains("# TVmaze live."), first.out)
        let second = try run.run(["person", "1", "--source", "tvmaze", "--api-base", base.absoluteString])
        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertTrue(second.out.contains("# TVmaze · cached"), second.out)
        XCTAssertEqual(second.out.split(separator: "\n").filter { $0.hasPrefix("cast  ") || $0.hasPrefix("crew  ") }.count, 12, second.out)
    }
}
