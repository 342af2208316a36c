import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// The providers' own searches over their whole catalogues, over a loopback server answering
/// with recorded searches, and kept in the response cache.
final class ShowSearchTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var root = ""

    override func setUp() {
        super.setUp()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-search-\(UUID().uuidString)").path
    }

    override func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    func testTVmazeSearchAsksSearchShowsWithTheQueryEncodedAndKeepsTheProvidersOrder() async throws {
        server.route("/search/shows", .json(try Fixtures.data("tvmaze/search_shows_brooklyn.json")))
        let worker = TVmazeShowsWorker(baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))
        let hits = try await worker.searchShows(query: "taxi & brooklyn/é")
        XCTAssertEqual(hits?.map(\.name).first, "Brooklyn Nine-Nine")
        XCTAssertEqual(hits?.count, 9)
        XCTAssertTrue(hits?.contains { $0.name == "Taxi Brooklyn" } ?? false)
        XCTAssertEqual(server.requests.first?.queryItems["q"], "taxi & brooklyn/é")
    }

    func testTMDBSearchAsksSearchTVAndMapsTheHitsWithoutARank() async throws {
        server.route("/3/search/tv", .json(try Fixtures.data("tmdb/search_tv_game-of-thrones.json")))
        let worker = TMDBShowsWorker(credential: .apiKey("k"), baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))
        let hits = try await worker.searchShows(query: "game of thrones")
        XCTAssertEqual(
            hits?.map(\.name),
            [
                "Game of Thrones", "Game of Thrones: The Iron Anniversary", "House of the Dragon",
                "A Knight of the Seven Kingdoms: The Hedge Knight"
            ])
        XCTAssertNil(hits?.first?.popularityRank)
        XCTAssertEqual(server.requests.first?.queryItems["query"], "game of thrones")
    }

    func testACachedSearchAnswersWhenTheProviderCannot() async throws {
        server.route("/search/shows", .json(try Fixtures.data("tvmaze/search_shows_brooklyn.json")), .json("{}", status: 500))
        let base = try server.start()
        let cache = try ResponseCache(directory: root)
        let worker = CachingShowsWorker(provider: .tvmaze, cache: cache, http: CurlHTTPClient(timeout: 5)) {
            TVmazeShowsWorker(baseURL: base, http: $0)
        }
        let fresh = try await worker.searchShows(query: "brooklyn")
        let kept = try await worker.searchShows(query: "brooklyn")
        XCTAssertEqual(kept?.map(\.id), fresh?.map(\.id))
        XCTAssertEqual(server.requests.count, 2, "asked again, answered from the cache when it failed")
        do {
            _ = try await worker.searchShows(query: "never asked")
            XCTFail("nothing kept for another query")
        } catch is SourceError {}
    }

    func testASnapshotHasNoSearchOfItsOwn() async throws {
        let hits = try await SnapshotShowsWorker(loader: { try ShowCatalog.embedded() }).searchShows(query: "friends")
        XCTAssertNil(hits)
    }
}
