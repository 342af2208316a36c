import Domain
import Foundation
import Terminal
import TestSupport
import XCTest

@testable import Scenes

/// Walks by the streets in the places scene: the Walk column by the streets where they reach
/// (the straight-line estimate, marked `~`, elsewhere), the walk's line and summary for the
/// map, open when you arrive, and the steps in the details.
@MainActor
final class NearbyPOIsStreetWalkTests: XCTestCase {
    /// Monday 1 December 2025, 13:00 in Istanbul (10:00 UTC).
    private static let monday1pmIstanbul: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_764_583_200) }

    /// An L of streets from the centre: Divan Yolu 400 m north, then Alemdar 400 m east.
    private func streets() throws -> [StreetWay] {
        [
            StreetWay(
                kind: .residential, name: "Divan Yolu", points: [try TestPOIs.center(), try TestPOIs.north(200), try TestPOIs.north(400)], nodeIDs: [1, 2, 3],
                tags: ["highway": "residential"]),
            StreetWay(
                kind: .residential, name: "Alemdar", points: [try TestPOIs.north(400), try TestPOIs.east(400, of: try TestPOIs.north(400))], nodeIDs: [3, 4],
                tags: ["highway": "residential"])
        ]
    }

    private func load(_ places: [POI]) async throws -> (NearbyPOIsInteractor, NearbyPOIsPresentationLogicSpy) {
        let effects = RunningEffects()
        var start = try TestPOIs.start()
        start.walkingPace = WalkingPace(kilometresPerHour: 4.8)
        let sut = NearbyPOIsInteractor(
            start: start, worker: POIsWorkerStub(pages: [places]), offlineCities: CitySearchStub(cities: []),
            clock: ImmediateClock(), now: Self.monday1pmIstanbul, placeClock: FoundationPOIClock(viewer: "UTC"), effects: effects,
            streetsWorker: StreetsWorkerStub(ways: try streets()))
        let spy = NearbyPOIsPresentationLogicSpy()
        sut.presenter = spy
        sut.loadPOIs(request: .init())
        await effects.finished()
        return (sut, spy)
    }

    func testTheWalkColumnTurnsFromTheStraightLineToTheStreetsOnceTheyAreLoaded() async throws {
        // Given a place round the corner (566 m as the crow flies, 800 m by the streets) and
        // one far from any street
        let corner = try TestPOIs.east(400, of: try TestPOIs.north(400))
        let places = [
            TestPOIs.poi("corner", "Corner Café", at: corner, distance: corner.distanceMeters(to: try TestPOIs.center()), hours: "Mo 13:05-18:00"),
            TestPOIs.poi("away", "Far Café", at: try TestPOIs.east(-1_500), distance: 1_500)
        ]

        // When the places, then the streets, are loaded
        let (_, spy) = try await load(places)

        // Then the first list was by the straight line, the last by the streets where they reach
        let first = try XCTUnwrap(spy.placesResponses.first)
        XCTAssertTrue(first.places.allSatisfy { $0.walk == nil })
        let last = try XCTUnwrap(spy.placesResponses.last)
        let model = NearbyPOIsPresenter.viewModel(for: last, units: .metric, now: 0)
        let row = try XCTUnwrap(model.rows.first { $0.id == "corner" })
        XCTAssertEqual(row.walk, "10 min", "800 m at 4.8 km/h, by the streets: no ~")
        XCTAssertEqual(row.routeSummary, "800 m by the streets · ~10 min")
        XCTAssertEqual(row.arrival, "Open when you arrive", "it opens at 13:05, reached at 13:10")
        let line = try XCTUnwrap(row.route)
        XCTAssertEqual(Double(line.north.max() ?? 0), 400, accuracy: 1)
        XCTAssertEqual(Double(line.east.last ?? 0), 400, accuracy: 1)
        let imperial = NearbyPOIsPresenter.viewModel(for: last, units: .imperial, now: 0)
        XCTAssertEqual(imperial.rows.first { $0.id == "corner" }?.routeSummary, "0.5 mi by the streets · ~10 min")
        let far = try XCTUnwrap(model.rows.first { $0.id == "away" })
        XCTAssertTrue(far.walk.hasPrefix("~"), "outside the streets: the straight-line estimate, marked")
        XCTAssertNil(far.route)
        XCTAssertNil(far.routeSummary)
    }

    func testTheDetailsSayTheWalkAndItsStepsOrThatItIsAStraightLineEstimate() async throws {
        let corner = try TestPOIs.east(400, of: try TestPOIs.north(400))
        let places = [
            TestPOIs.poi("corner", "Corner Café", at: corner, distance: 566),
            TestPOIs.poi("away", "Far Café", at: try TestPOIs.east(-1_500), distance: 1_500)
        ]
        let (sut, spy) = try await load(places)

        sut.showPOIDetails(request: .init(id: "corner"))
        var details = NearbyPOIsPresenter.viewModel(for: try XCTUnwrap(spy.detailResponses.last), units: .metric, now: 0)
        XCTAssertEqual(details.facts.first { $0.label == "Walk" }?.value, "800 m by the streets · ~10 min")
        XCTAssertEqual(details.facts.first { $0.label == "Turn by turn" }?.value, "Divan Yolu 400 m, then right onto Alemdar 400 m")

        sut.showPOIDetails(request: .init(id: "away"))
        details = NearbyPOIsPresenter.viewModel(for: try XCTUnwrap(spy.detailResponses.last), units: .metric, now: 0)
        XCTAssertEqual(details.facts.first { $0.label == "Walk" }?.value, "~23 min (straight-line estimate: no streets loaded reach it)")
        XCTAssertNil(details.facts.first { $0.label == "Turn by turn" })
    }

    func testDetailsOpenedBeforeTheStreetsSayTheyAreLoadingThenShowTheWalkWhenTheyArrive() async throws {
        // Given the streets held back while the places load
        let corner = try TestPOIs.east(400, of: try TestPOIs.north(400))
        let effects = RunningEffects(), gate = Gate()
        var start = try TestPOIs.start()
        start.walkingPace = WalkingPace(kilometresPerHour: 4.8)
        let sut = NearbyPOIsInteractor(
            start: start, worker: POIsWorkerStub(pages: [[TestPOIs.poi("corner", "Corner Café", at: corner, distance: 566)]]),
            offlineCities: CitySearchStub(cities: []), clock: ImmediateClock(), now: Self.monday1pmIstanbul,
            placeClock: FoundationPOIClock(viewer: "UTC"), effects: effects, streetsWorker: StreetsWorkerStub(ways: try streets(), gate: gate))
        let spy = NearbyPOIsPresentationLogicSpy()
        sut.presenter = spy
        sut.loadPOIs(request: .init())
        await gate.arrival()

        // When the place is opened before they arrive
        sut.showPOIDetails(request: .init(id: "corner"))
        let before = NearbyPOIsPresenter.viewModel(for: try XCTUnwrap(spy.detailResponses.last), units: .imperial, now: 0)
        XCTAssertEqual(before.facts.first { $0.label == "Walk" }?.value, "~9 min (straight-line estimate: streets still loading)")
        XCTAssertFalse(before.isUpdate)

        // Then, once they arrive, the details are presented again, as an update, with the walk
        gate.open()
        await effects.finished()
        let after = NearbyPOIsPresenter.viewModel(for: try XCTUnwrap(spy.detailResponses.last), units: .imperial, now: 0)
        XCTAssertEqual(spy.detailResponses.count, 2)
        XCTAssertTrue(after.isUpdate)
        XCTAssertEqual(after.facts.first { $0.label == "Walk" }?.value, "0.5 mi by the streets · ~10 min")
        XCTAssertEqual(after.facts.first { $0.label == "Turn by turn" }?.value, "Divan Yolu 0.2 mi, then right onto Alemdar 0.2 mi", "the steps in the units too")
    }

    func testAnUpdateRedrawsOnlyTheSamePlacesOpenPage() throws {
        let view = NearbyPOIsViewController()
        let facts = [NearbyPOIs.ShowPOIDetails.ViewModel.Fact(label: "Walk", value: "~10 min")]
        view.displayPOIDetails(viewModel: .init(id: "b", title: "B", subtitle: "", facts: [], isUpdate: true))
        XCTAssertNil(view.detailViewModel, "an update never opens a page")
        view.displayPOIDetails(viewModel: .init(id: "a", title: "A", subtitle: "", facts: []))
        view.displayPOIDetails(viewModel: .init(id: "b", title: "B", subtitle: "", facts: facts, isUpdate: true))
        XCTAssertEqual(view.detailViewModel?.id, "a", "another place's update is dropped")
        view.displayPOIDetails(viewModel: .init(id: "a", title: "A", subtitle: "", facts: facts, isUpdate: true))
        XCTAssertEqual(view.detailViewModel?.facts, facts)
    }

    func testTheLegendNamesTheWalkOnlyWhenOneIsDrawn() {
        let measure: (String) -> Int = { $0.count }
        let with = MiniMap.legend(unicode: true, width: 80, measure: measure, onStreets: true, walk: true).flatMap { $0 }
        let without = MiniMap.legend(unicode: true, width: 80, measure: measure, onStreets: true).flatMap { $0 }
        XCTAssertEqual(with.last?.label, " walk")
        XCTAssertEqual(with.last?.mark, "⣿")
        XCTAssertFalse(without.contains { $0.label.contains("walk") })
        let ascii = MiniMap.legend(unicode: false, width: 30, measure: measure, onStreets: true, walk: true).flatMap { $0 }
        XCTAssertTrue(ascii.contains { $0.mark == "#" }, "ASCII: # marks the walk")
    }
}
