import Domain
import Foundation
import TestSupport
import XCTest

@testable import Scenes

/// The walking estimate on each row and "open when you get there" (`O`).
@MainActor
final class NearbyPOIsWalkTests: XCTestCase {
    /// Monday 1 December 2025, 13:00 in Istanbul (10:00 UTC).
    private static let monday1pmIstanbul: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_764_583_200) }

    func testTheWalkIsTheStraightLineTimesOnePointThreeAtFiveKilometresAnHour() async {
        XCTAssertEqual(WalkingEstimate.minutes(straightLineMeters: 1_000), 1_000 * 1.3 / (5_000.0 / 60), accuracy: 1e-9)
        XCTAssertEqual(WalkingEstimate.minutes(straightLineMeters: 1_000), 15.6, accuracy: 1e-9)
        XCTAssertEqual(WalkingEstimate.minutes(straightLineMeters: -5), 0)
        XCTAssertEqual(WalkingEstimate.minutes(straightLineMeters: .nan), 0)
        XCTAssertEqual(PlaceDistances.walk(minutes: 15.6), "~16 min")
        XCTAssertEqual(PlaceDistances.walk(minutes: 0.2), "~1 min")
        XCTAssertEqual(PlaceDistances.walk(minutes: 59.4), "~59 min")
        XCTAssertEqual(PlaceDistances.walk(minutes: 90), "~1.5 h")
    }

    func testEachRowCarriesItsWalkInTheDistancesOrder() async throws {
        let places = try [300.0, 100, 2_000].enumerated().map { index, metres in
            NearbyPlacesList.place(TestPOIs.poi("p\(index)", "P\(index)", at: try TestPOIs.north(metres), distance: metres), from: try TestPOIs.center())
        }
        let rows = places.sorted { $0.distanceMeters < $1.distanceMeters }.map { PlacesListFormatter.row(for: $0, units: .metric) }
        XCTAssertEqual(rows.map(\.walk), ["~2 min", "~5 min", "~31 min"])
        XCTAssertEqual(rows.map(\.walkMinutes), rows.map(\.walkMinutes).sorted(), "sorting by walk is sorting by distance")
    }

    func testOpenWhenYouGetThereCountsTheWalk() async throws {
        // Given, at 13:00 in Istanbul, two places 1 km away (a walk of about 16 minutes): one
        // that opens at 13:10, one that closes at 13:05
        let opening = TestPOIs.poi("opening", "Opening Soon", at: try TestPOIs.north(1_000), distance: 1_000, hours: "Mo 13:10-18:00")
        let closing = TestPOIs.poi("closing", "Closing Soon", at: try TestPOIs.east(1_000), distance: 1_000, hours: "Mo 08:00-13:05")
        let worker = POIsWorkerStub(pages: [[opening, closing]])
        let effects = RunningEffects()
        let sut = NearbyPOIsInteractor(
            start: try TestPOIs.start(), worker: worker, offlineCities: CitySearchStub(cities: []),
            clock: ImmediateClock(), now: Self.monday1pmIstanbul, placeClock: FoundationPOIClock(viewer: "UTC"),
            effects: effects)
        let spy = NearbyPOIsPresentationLogicSpy()
        sut.presenter = spy
        sut.loadPOIs(request: .init())
        await effects.finished()
        XCTAssertEqual(spy.placesResponses.last?.places.count, 2)

        // When o: only the one open now
        sut.toggleOpenNow(request: .init())
        XCTAssertEqual(spy.placesResponses.last?.places.map(\.poi.id), ["closing"])

        // When O: only the one open on arrival, and the summary says so
        sut.toggleOpenNow(request: .init(onArrival: true))
        let arrival = try XCTUnwrap(spy.placesResponses.last)
        XCTAssertEqual(arrival.places.map(\.poi.id), ["opening"])
        XCTAssertTrue(arrival.openOnArrival)
        let model = NearbyPOIsPresenter.viewModel(for: arrival, units: .metric, now: 0)
        XCTAssertTrue(model.summary.hasPrefix("Open when you get there"), model.summary)
        XCTAssertTrue(model.countLabel.hasSuffix("open when you get there"), model.countLabel)

        // When O again: every place
        sut.toggleOpenNow(request: .init(onArrival: true))
        XCTAssertEqual(spy.placesResponses.last?.places.count, 2)
        XCTAssertEqual(spy.placesResponses.last?.openNowOnly, false)
    }
}
