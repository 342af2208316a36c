import Domain
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// A chain of sources that ends on the snapshot names every source it gave up, a rejected key
/// first (case C32), for the TV shows as for the places.
final class FallbackReasonsTests: XCTestCase {
    @MainActor
    func testARejectedTMDBKeyAndAnUnreachableTVmazeAreBothNamedOverTheSnapshot() async throws {
        // Given TMDB refusing the key and TVmaze where nothing listens
        let tmdb = LoopbackHTTPServer()
        defer { tmdb.stop() }
        tmdb.route("/3/tv/popular", .json(try Fixtures.data("tmdb/error_401_invalid_api_key.json"), status: 401))
        let settings = try AppOptions.parse(
            [],
            environment: [
                "TMDB_API_KEY": "rejected-key-0043", "DISCOVER_TMDB_URL": try tmdb.start().absoluteString,
                "DISCOVER_TVMAZE_URL": "http://127.0.0.1:9"
            ])
        let sut = try TVComposition.shows(options: settings, snapshot: SnapshotShowsWorker(loader: { try ShowCatalog.embedded() }))

        // When the first page is asked
        let page = try await sut.worker.popularShows(page: 0)
        let reasons = await sut.fallbackReasons()

        // Then the snapshot answers and both reasons are kept, the refusal first
        XCTAssertFalse(page.source.isFromNetwork)
        XCTAssertEqual(reasons.count, 2, "\(reasons)")
        guard case .httpStatus(.tmdb, 401, _)? = reasons.first else { return XCTFail("\(reasons)") }
        guard case .unreachable(.tvmaze, _)? = reasons.last else { return XCTFail("\(reasons)") }
        XCTAssertEqual(ShowFormatting.reasons(reasons), "TMDB key rejected · TVmaze unreachable")
    }

    func testRefusalsComeFirstAndTheRestKeepTheirOrder() {
        let overpass = SourceError.unreachable(provider: .overpass, reason: "no answer within 15 s")
        let limited = SourceError.rateLimited(provider: .tvmaze, retryAfterSeconds: 10)
        let forbidden = SourceError.httpStatus(provider: .nominatim, status: 403, message: "forbidden")
        XCTAssertEqual(ShowFormatting.refusalsFirst([overpass, limited, forbidden]), [forbidden, overpass, limited])
        XCTAssertEqual(ShowFormatting.reasons([forbidden, overpass, limited]), "Nominatim refused · Overpass unreachable · TVmaze rate limited")
        XCTAssertEqual(ShowFormatting.reasons([]), "")
    }
}
