import Domain
import TestSupport
import XCTest

@testable import Scenes

/// A places Worker stub that answers each search from a script: a page or a failure, in turn
/// (the last repeats), recording the radius of every search.
actor ScriptedPOIsWorkerStub: POIsWorking {
    enum Answer: Sendable {
        case page([POI])
        case failure(SourceError)
    }
    private var script: [Answer]
    private(set) var radii: [Double] = []

    init(_ script: Answer...) {
        self.script = script
    }

    func nearbyPOIs(near center: Coordinate, radiusMeters: Double, category: POICategory?, page: Int) async throws -> PagedResult<POI> {
        radii.append(radiusMeters)
        let answer = script.first ?? .page([])
        if script.count > 1 { script.removeFirst() }
        switch answer {
        case .page(let items): return PagedResult(items: items, page: page, hasMore: false, source: .live(provider: .geoapify))
        case .failure(let error): throw error
        }
    }
}

/// The places scene's errors, rate-limit countdown and debounced searches.
@MainActor
final class NearbyPOIsRetryTests: XCTestCase {
    private func makeSUT(
        _ worker: ScriptedPOIsWorkerStub, debounce: Duration = .milliseconds(100),
        clock: any Clock<Duration> = ImmediateClock()
    )
        throws -> (NearbyPOIsInteractor, NearbyPOIsPresentationLogicSpy)
    {
        let sut = NearbyPOIsInteractor(
            start: try TestPOIs.start(), worker: worker, offlineCities: CitySearchStub(cities: []),
            debounce: debounce, clock: clock, placeClock: FoundationPOIClock(viewer: "UTC"))
        let spy = NearbyPOIsPresentationLogicSpy()
        sut.presenter = spy
        return (sut, spy)
    }

    func testQuickRadiusChangesSendOnlyTheLastSearch() async throws {
        // Given a loaded list
        let worker = ScriptedPOIsWorkerStub(.page(try TestPOIs.row(2)))
        let clock = ImmediateClock()
        let (sut, spy) = try makeSUT(worker, clock: clock)
        await sut.loadPOIs(request: .init()).value

        // When + is pressed three times in a row
        let searches = (0..<3).map { _ in sut.changeRadius(request: .init(wider: true)) }
        for search in searches { await search.value }

        // Then one search went out, with the last radius, after one pause
        XCTAssertEqual(spy.placesResponses.last?.isLoading, false)
        XCTAssertEqual(spy.placesResponses.last?.radiusMeters, 25_000)
        let radii = await worker.radii
        XCTAssertEqual(radii, [2_000, 25_000])
        XCTAssertEqual(clock.sleeps, [.milliseconds(100)], "the two earlier searches were cancelled before their pause ended")
    }

    func testARateLimitCountsDownKeepsThePOIsAndAsksAgainAtZero() async throws {
        // Given a loaded list, then a source that rate-limits for 3 s once
        let first = try TestPOIs.row(2)
        let second = try TestPOIs.row(3)
        let worker = ScriptedPOIsWorkerStub(.page(first), .failure(.rateLimited(provider: .geoapify, retryAfterSeconds: 3)), .page(second))
        let clock = ImmediateClock()
        let (sut, spy) = try makeSUT(worker, debounce: .zero, clock: clock)
        await sut.loadPOIs(request: .init()).value

        // When the radius changes and the source refuses
        await sut.changeRadius(request: .init(wider: true)).value

        // Then the countdown was shown over the kept places, then the search went again by itself
        let limited = spy.placesResponses.filter { $0.error != nil }
        XCTAssertEqual(limited.map(\.retryInSeconds), [3, 2, 1])
        XCTAssertEqual(clock.slept, .seconds(3))
        XCTAssertEqual(spy.placesResponses.last?.places.count, 3)
        XCTAssertTrue(limited.allSatisfy { $0.places.count == 2 }, "the places stay on screen")
        XCTAssertEqual(limited.first?.error, .rateLimited(provider: .geoapify, retryAfterSeconds: 3))
        XCTAssertNil(spy.placesResponses.last?.error)
        XCTAssertNil(spy.placesResponses.last?.retryInSeconds)
        let radii = await worker.radii
        XCTAssertEqual(radii, [2_000, 5_000, 5_000])
    }

    func testRetryingDuringACountdownAsksAtOnceAndStopsTheCountdown() async throws {
        // Given a rate limit of 30 s on the first search
        let worker = ScriptedPOIsWorkerStub(.failure(.rateLimited(provider: .geoapify, retryAfterSeconds: 30)), .page(try TestPOIs.row(2)))
        let clock = StoppedClock()
        let (sut, spy) = try makeSUT(worker, clock: clock)
        let waiting = sut.loadPOIs(request: .init())
        await clock.sleeps.reach(1)
        XCTAssertEqual(spy.placesResponses.last?.retryInSeconds, 30)

        // When r is pressed
        await sut.loadPOIs(request: .init(reload: true)).value
        await waiting.value
        XCTAssertEqual(spy.placesResponses.last?.places.count, 2)

        // Then
        XCTAssertNil(spy.placesResponses.last?.retryInSeconds)
        XCTAssertNil(spy.placesResponses.last?.error)
        let radii = await worker.radii
        XCTAssertEqual(radii.count, 2)
    }

    func testAFailedRadiusChangeKeepsThePOIsAndNamesTheSourceAndCause() async throws {
        // Given
        let worker = ScriptedPOIsWorkerStub(.page(try TestPOIs.row(2)), .failure(.unreachable(provider: .geoapify, reason: "no answer within 15 s")))
        let (sut, spy) = try makeSUT(worker, debounce: .zero)
        await sut.loadPOIs(request: .init()).value

        // When
        await sut.changeRadius(request: .init(wider: true)).value

        // Then
        let last = try XCTUnwrap(spy.placesResponses.last)
        XCTAssertEqual(last.places.count, 2)
        XCTAssertNil(last.retryInSeconds, "only a rate limit retries by itself")
        let viewModel = NearbyPOIsPresenter.viewModel(for: last, units: .metric, now: 0)
        XCTAssertEqual(viewModel.statusMessage, "Geoapify is unreachable (no answer within 15 s; r retries)")
        XCTAssertTrue(viewModel.statusIsError)
        XCTAssertEqual(viewModel.rows.count, 2)
    }

    // MARK: Presenter

    private func response(places: [NearbyPOIs.LoadPOIs.Response.NearbyPOI], error: SourceError?, retryIn: Int?) throws -> NearbyPOIs.LoadPOIs.Response {
        .init(
            places: places, totalCount: places.count, query: "", center: try TestPOIs.center(), city: nil, defaultAreaName: nil,
            snapshotAreaNames: [], radiusMeters: 2_000, category: nil, source: .live(provider: .geoapify),
            fallbackReasons: [], isLoading: false, isLoadingMore: false, hasMore: false, error: error, retryInSeconds: retryIn)
    }

    func testACountdownOverAnEmptyListSaysWhoAndWhenAndThatRRetriesNow() throws {
        // When
        let viewModel = NearbyPOIsPresenter.viewModel(
            for: try response(places: [], error: .rateLimited(provider: .geoapify, retryAfterSeconds: 12), retryIn: 7), units: .metric, now: 0)

        // Then
        XCTAssertEqual(viewModel.emptyMessage, "Geoapify is rate limiting: retrying in 7 s. Press r to retry now.")
    }

    func testALongCountdownIsSaidInMinutesAsInEveryScene() throws {
        // When 130 s are left
        let viewModel = NearbyPOIsPresenter.viewModel(
            for: try response(places: [], error: .rateLimited(provider: .geoapify, retryAfterSeconds: 130), retryIn: 130), units: .metric, now: 0)

        // Then the words are the shows list's
        XCTAssertEqual(viewModel.emptyMessage, ShowFormatting.retrying(provider: .geoapify, inSeconds: 130) + ". Press r to retry now.")
        XCTAssertEqual(viewModel.emptyMessage, "Geoapify is rate limiting: retrying in 3 min. Press r to retry now.")
    }

    func testACountdownOverKeptPOIsIsAnErrorInTheStatusBar() throws {
        // Given
        let center = try TestPOIs.center()
        let places = try TestPOIs.row(2).map { NearbyPlacesList.place($0, from: center) }

        // When
        let viewModel = NearbyPOIsPresenter.viewModel(
            for: try response(places: places, error: .rateLimited(provider: .geoapify, retryAfterSeconds: 12), retryIn: 12), units: .metric, now: 0)

        // Then
        XCTAssertEqual(viewModel.statusMessage, "Geoapify is rate limiting: retrying in 12 s (r retries now)")
        XCTAssertTrue(viewModel.statusIsError)
        XCTAssertEqual(viewModel.rows.count, 2)
    }
}
