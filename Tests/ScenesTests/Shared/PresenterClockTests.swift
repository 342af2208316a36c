import Domain
import XCTest

@testable import Scenes

/// The Presenters read the clock they are given: a cached copy's age is counted from it, so
/// the same response says the same thing whenever the test runs.
@MainActor
final class PresenterClockTests: XCTestCase {
    /// 2025-12-04T12:00:00Z, in Unix seconds.
    private let noon: Int64 = 1_764_849_600

    func testTheShowsListSaysACachedPagesAgeByTheGivenClock() async {
        var clock = noon
        let sut = PopularListPresenter(now: { clock })
        let spy = PopularListDisplayLogicSpy()
        sut.viewController = spy
        let response = PopularList.LoadShows.Response(
            shows: [], totalCount: 0, query: "", source: .cache(provider: .tvmaze, savedAt: noon - 3 * 3_600),
            fallbackReasons: [], isLoading: false, isLoadingMore: false, hasMore: false, error: nil)
        sut.presentShows(response: response)
        clock = noon + 2 * 86_400
        sut.presentShows(response: response)
        XCTAssertEqual(spy.viewModels.map(\.sourceLabel), ["TVmaze · cached 3 h ago", "TVmaze · cached 2 d ago"])
    }

    func testTheShowDetailsSayACachedCopysAgeByTheGivenClock() async {
        let sut = ShowDetailPresenter(now: { self.noon }, airClock: .utc(at: self.noon))
        let spy = ShowDetailDisplayLogicSpy()
        sut.viewController = spy
        let show = TVShow(id: 82, name: "Game of Thrones")
        let details = TVShowDetails(show: show, cast: nil, seasons: nil, source: .cache(provider: .tvmaze, savedAt: noon - 5 * 60))
        sut.presentDetails(response: .init(show: show, details: details, isLoading: false, error: nil))
        XCTAssertEqual(spy.viewModels.last?.sourceLabel, "TVmaze · cached 5 min ago")
    }

    func testThePOIsListAndDetailsSayACachedAnswersAgeByTheGivenClock() async throws {
        let center = try TestPOIs.center()
        let source = DataSource.cache(provider: .overpass, savedAt: noon - 90 * 60)
        let poi = POI(id: "osm:node/1", name: "Kahve", categories: [.cafe], coordinate: try TestPOIs.north(100), source: source)
        let place = NearbyPlacesList.place(poi, from: center)
        let response = NearbyPOIs.LoadPOIs.Response(
            places: [place], totalCount: 1, query: "", center: center, city: nil, defaultAreaName: nil, snapshotAreaNames: [],
            radiusMeters: 2_000, category: nil, source: source, fallbackReasons: [], isLoading: false, isLoadingMore: false,
            hasMore: false, error: nil)
        let sut = NearbyPOIsPresenter(units: .metric, now: { self.noon })
        let spy = NearbyPOIsDisplayLogicSpy()
        sut.viewController = spy

        sut.presentPOIs(response: response)
        sut.presentPOIDetails(response: .init(place: place))

        XCTAssertEqual(spy.placesViewModels.last?.sourceLabel, "Overpass · cached 1 h ago")
        XCTAssertEqual(spy.placesViewModels.last?.sourceShortLabel, "Overpass · cached 1 h ago")
        XCTAssertEqual(spy.detailViewModels.last?.facts.first { $0.label == "Source" }?.value, "Overpass · cached 1 h ago")
        // The plain-text listing passes its own clock the same way.
        XCTAssertEqual(
            NearbyPOIsPresenter.viewModel(for: response, units: .metric, now: noon + 86_400 * 3, keyHints: false).sourceLabel,
            "Overpass · cached 3 d ago")
    }
}

extension AirClock {
    /// A fixed clock at an instant (Unix seconds) with the viewer in UTC and no zones by name.
    static func utc(at seconds: Int64) -> AirClock {
        .fixed(at: Date(timeIntervalSince1970: TimeInterval(seconds)), viewer: .utc, zones: [:])
    }
}
