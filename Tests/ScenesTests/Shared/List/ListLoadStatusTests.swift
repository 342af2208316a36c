import Domain
import XCTest

@testable import Scenes

/// The one rule of whether a list's next page may be asked for, for the shows and the places.
final class ListLoadStatusTests: XCTestCase {
    private let limited = SourceError.rateLimited(provider: .tvmaze, retryAfterSeconds: 8)
    private let down = SourceError.httpStatus(provider: .tvmaze, status: 503, message: "service unavailable")

    func testMoreIsAskedOnlyWhenMoreExistsNothingLoadsAndNoFailureWaits() {
        XCTAssertTrue(ListLoadStatus(isLoading: false, isLoadingMore: false, hasMore: true, error: nil, retryInSeconds: nil).canLoadMore)
        XCTAssertFalse(ListLoadStatus(isLoading: false, isLoadingMore: false, hasMore: false, error: nil, retryInSeconds: nil).canLoadMore)
        XCTAssertFalse(ListLoadStatus(isLoading: true, isLoadingMore: false, hasMore: true, error: nil, retryInSeconds: nil).canLoadMore)
        XCTAssertFalse(ListLoadStatus(isLoading: false, isLoadingMore: true, hasMore: true, error: nil, retryInSeconds: nil).canLoadMore)
        XCTAssertFalse(ListLoadStatus(isLoading: false, isLoadingMore: false, hasMore: true, error: down, retryInSeconds: nil).canLoadMore)
        XCTAssertFalse(ListLoadStatus(isLoading: false, isLoadingMore: false, hasMore: true, error: limited, retryInSeconds: 8).canLoadMore)
        // A failed refresh of a page whose copy is shown lets the kept pages be paged through, but not during a countdown.
        XCTAssertTrue(ListLoadStatus(isLoading: false, isLoadingMore: false, hasMore: true, error: down, retryInSeconds: nil, errorKeptCopy: true).canLoadMore)
        XCTAssertFalse(ListLoadStatus(isLoading: false, isLoadingMore: false, hasMore: true, error: limited, retryInSeconds: 3, errorKeptCopy: true).canLoadMore)
    }

    func testThePlacesResponseSaysItsStatusAndACountdownStopsPaging() throws {
        let places = NearbyPOIs.LoadPOIs.Response(
            places: [], totalCount: 0, query: "", center: try Coordinate(latitude: 48.85, longitude: 2.35), city: nil, defaultAreaName: nil,
            snapshotAreaNames: [], radiusMeters: 1_000, category: nil, source: nil, fallbackReasons: [], isLoading: false, isLoadingMore: false,
            hasMore: true, error: limited, retryInSeconds: 4)
        XCTAssertEqual(places.loadStatus, ListLoadStatus(isLoading: false, isLoadingMore: false, hasMore: true, error: limited, retryInSeconds: 4))
        XCTAssertFalse(places.loadStatus.canLoadMore)
    }
}
