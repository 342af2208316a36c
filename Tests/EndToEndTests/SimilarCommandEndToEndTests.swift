import Foundation
import TestSupport
import XCTest

/// `discover-tui similar ID|NAME` to a pipe: offline the score worked out here, each line with
/// its reason; with a TMDB key over a loopback TMDB, the recorded similar shows in their order.
final class SimilarCommandEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var run: PipedRun?

    override func setUpWithError() throws {
        run = try PipedRun(prefix: "discover-similar-cli")
    }

    override func tearDown() {
        server.stop()
        run?.remove()
        super.tearDown()
    }

    func testOfflineSimilar169ListsShowsWithAReasonEach() throws {
        let run = try XCTUnwrap(run)
        let result = try run.run(["similar", "169", "--source", "snapshot"])
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.contains("like Breaking Bad: by genre, network and cast, worked out here") == true, result.out)
        let rows = lines.dropFirst()
        XCTAssertGreaterThan(rows.count, 3, result.out)
        for row in rows {
            XCTAssertNotNil(row.range(of: #"  (Drama|Crime|Thriller|AMC|\d+ shared cast)( · [^·]+)*$"#, options: .regularExpression), row)
        }
        let json = try run.run(["similar", "breaking bad", "--source", "snapshot", "--json"])
        XCTAssertEqual(json.status, 0, json.err)
        let objects = try json.out.split(separator: "\n").map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertEqual(objects.count, rows.count)
        XCTAssertTrue(objects.allSatisfy { ($0["reason"] as? String)?.isEmpty == false && $0["basis"] as? String == "by genre, network and cast, worked out here" })
    }

    func testWithATMDBKeyTheRecordedSimilarShowsComeInTheirOrder() throws {
        let run = try XCTUnwrap(run)
        let similar = try Fixtures.data("people/tv_1396_breaking-bad_similar.json")
        server.route("/3/tv/1396", .json(try Fixtures.data("tmdb/tv_1396_breaking_bad_details.json")))
        server.route("/3/tv/1396/recommendations", .json(#"{"page":1,"results":[],"total_pages":0,"total_results":0}"#))
        server.route("/3/tv/1396/similar", .json(similar))
        let base = try server.start()
        let result = try run.run(
            ["similar", "1396", "--source", "tmdb", "--tmdb-base", base.absoluteString, "--json"],
            environment: ["TMDB_API_KEY": "tmdb-TEST-KEY-similar"])
        XCTAssertEqual(result.status, 0, result.err)
        let names = try result.out.split(separator: "\n").map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["name"] as? String }
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: similar) as? [String: Any])
        // In the recorded order, but Breaking Bad's own entry: a show is not listed as like itself.
        let recorded = try XCTUnwrap(object["results"] as? [[String: Any]]).filter { $0["id"] as? Int != 1396 }.map { $0["name"] as? String }
        XCTAssertEqual(recorded.count, 19)
        XCTAssertEqual(names, recorded)
        let text = try run.run(["similar", "1396", "--source", "tmdb", "--tmdb-base", base.absoluteString], environment: ["TMDB_API_KEY": "tmdb-TEST-KEY-similar"])
        XCTAssertTrue(text.out.hasPrefix("# 19 shows like Breaking Bad: TMDB's similar shows, TMDB live."), text.out)
        XCTAssertTrue(text.out.contains("not endorsed or certified by TMDB"), text.out)
    }
}
