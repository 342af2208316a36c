import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// "More like this": TMDB's recommendations then similar shows over a loopback server replaying
/// the recorded answers, and the score worked out over the embedded catalogue.
final class SimilarWorkersTests: XCTestCase {
    private let server = LoopbackHTTPServer()

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    /// The recorded results' names, in order, but the show's own entry (TMDB lists Breaking
    /// Bad among the shows similar to Breaking Bad; a show is not listed as like itself).
    private func names(_ data: Data, except id: Int) throws -> [String] {
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap(object["results"] as? [[String: Any]]).filter { $0["id"] as? Int != id }.compactMap { $0["name"] as? String }
    }

    private func worker() throws -> TMDBSimilarWorker {
        TMDBSimilarWorker(credential: .apiKey("tmdb-TEST-KEY-22"), baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))
    }

    func testTMDBRecommendationsComeInTMDBsOrder() async throws {
        let data = try Fixtures.data("people/tv_96677_lupin_recommendations.json")
        server.route("/3/tv/96677/recommendations", .json(data))
        let similar = try await worker().similarShows(to: TVShow(id: 96677, name: "Lupin"))
        XCTAssertEqual(similar.basis, .recommendations)
        XCTAssertEqual(similar.entries.map(\.show.name), try names(data, except: 96677))
        XCTAssertEqual(similar.entries.count, 21)
        XCTAssertTrue(similar.entries.allSatisfy { $0.reason == nil })
        XCTAssertFalse(server.requests.contains { $0.path.hasSuffix("/similar") })
    }

    func testWithoutRecommendationsTMDBsSimilarShowsComeInTheirOrder() async throws {
        let data = try Fixtures.data("people/tv_1396_breaking-bad_similar.json")
        server.route("/3/tv/1396/recommendations", .json(#"{"page":1,"results":[],"total_pages":0,"total_results":0}"#))
        server.route("/3/tv/1396/similar", .json(data))
        let similar = try await worker().similarShows(to: TVShow(id: 1396, name: "Breaking Bad"))
        XCTAssertEqual(similar.basis, .similar)
        XCTAssertEqual(similar.entries.map(\.show.name), try names(data, except: 1396))
        XCTAssertEqual(similar.entries.count, 19, "the recorded 20 but Breaking Bad itself")
        XCTAssertEqual(similar.source, .live(provider: .tmdb))
    }

    func testOfflineBreakingBadListsShowsEachWithItsReason() async throws {
        let worker = CatalogueSimilarWorker(catalog: { try ShowCatalog.embedded() })
        let similar = try await worker.similarShows(to: TVShow(id: 169, name: ""))
        XCTAssertEqual(similar.basis, .localScore)
        XCTAssertFalse(similar.entries.isEmpty)
        XCTAssertFalse(similar.entries.contains { $0.show.id == 169 })
        for entry in similar.entries {
            let reason = try XCTUnwrap(entry.reason)
            XCTAssertFalse(reason.isEmpty, entry.show.name)
        }
        let saul = try XCTUnwrap(similar.entries.first { $0.show.name == "Better Call Saul" })
        XCTAssertTrue(saul.reason?.hasSuffix("AMC") == true, saul.reason ?? "")
        // Dean Norris is in both recorded casts (TMDB's of Breaking Bad, TVmaze's of Under the Dome).
        XCTAssertEqual(similar.entries.first { $0.show.id == 1 }?.reason?.hasSuffix("1 shared cast"), true)
    }
}
