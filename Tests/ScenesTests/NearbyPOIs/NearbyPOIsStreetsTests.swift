import Domain
import Foundation
import Terminal
import TestSupport
import XCTest

@testable import Scenes

/// The streets under the map: asked after the places, once per centre and radius, never for a
/// pan; a failure leaves the places and the ring with one message; the drawing's raster.
@MainActor
final class NearbyPOIsStreetsTests: XCTestCase {
    private func road(_ kind: StreetClass = .primary, name: String? = "Main Street") throws -> StreetWay {
        StreetWay(kind: kind, name: name, points: [try TestPOIs.east(-400), try TestPOIs.east(400)])
    }

    private func makeSUT(streets: StreetsWorkerStub, effects: RunningEffects) throws -> (NearbyPOIsInteractor, POIsWorkerStub, NearbyPOIsPresentationLogicSpy) {
        let worker = POIsWorkerStub(pages: [try TestPOIs.row(3)])
        let sut = NearbyPOIsInteractor(
            start: try TestPOIs.start(), worker: worker, offlineCities: CitySearchStub(cities: []),
            clock: ImmediateClock(), placeClock: FoundationPOIClock(viewer: "UTC"), effects: effects, streetsWorker: streets)
        let spy = NearbyPOIsPresentationLogicSpy()
        sut.presenter = spy
        return (sut, worker, spy)
    }

    func testTheStreetsAreAskedAfterThePlacesAreShownAndPresented() async throws {
        // Given
        let streets = StreetsWorkerStub(ways: [try road()])
        let effects = RunningEffects()
        let (sut, _, spy) = try makeSUT(streets: streets, effects: effects)

        // When the scene loads
        sut.loadPOIs(request: .init())
        XCTAssertTrue(spy.streetsResponses.isEmpty, "nothing before the places")
        await effects.finished()

        // Then the places came first, then one street request for the centre and radius
        XCTAssertEqual(spy.placesResponses.last?.places.count, 3)
        let asked = await streets.asked
        XCTAssertEqual(asked, [.init(center: try TestPOIs.center(), radiusMeters: 2_000)])
        XCTAssertEqual(spy.streetsResponses.count, 1)
        XCTAssertEqual(spy.streetsResponses.first?.map?.ways.count, 1)
        XCTAssertNil(spy.streetsResponses.first?.error)
    }

    func testOneStreetRequestPerCentreAndRadiusChangeAndNoneWhileWhatIsLoadedCoversTheSearch() async throws {
        let streets = StreetsWorkerStub(ways: [try road()])
        let effects = RunningEffects()
        let (sut, _, _) = try makeSUT(streets: streets, effects: effects)
        sut.loadPOIs(request: .init())
        await effects.finished()

        // A wider radius asks again, once
        sut.changeRadius(request: .init(wider: true))
        await effects.finished()
        var asked = await streets.asked
        XCTAssertEqual(asked.map(\.radiusMeters), [2_000, 3_000])

        // A narrower one is inside what is loaded: no request
        sut.changeRadius(request: .init(wider: false))
        await effects.finished()
        asked = await streets.asked
        XCTAssertEqual(asked.count, 2)

        // The next page and a second load ask nothing either
        sut.loadPOIs(request: .init())
        await effects.finished()
        asked = await streets.asked
        XCTAssertEqual(asked.count, 2)
    }

    func testAFailedStreetRequestKeepsThePlacesAndSaysSoOnce() async throws {
        // Given streets that fail
        let streets = StreetsWorkerStub(ways: [], failure: .unreachable(provider: .overpass, reason: "timed out"))
        let effects = RunningEffects()
        let (sut, _, spy) = try makeSUT(streets: streets, effects: effects)

        // When
        sut.loadPOIs(request: .init())
        await effects.finished()

        // Then the places stay, one failure is presented, and it is not asked again by itself
        XCTAssertEqual(spy.placesResponses.last?.places.count, 3)
        XCTAssertEqual(spy.streetsResponses.count, 1)
        XCTAssertNotNil(spy.streetsResponses.first?.error)
        XCTAssertNil(spy.streetsResponses.first?.map)
        let model = NearbyPOIsPresenter.viewModel(for: try XCTUnwrap(spy.streetsResponses.first))
        XCTAssertTrue(model.lines.isEmpty)
        XCTAssertTrue(model.message?.hasPrefix("Streets could not be loaded") ?? false, model.message ?? "")
        let asked = await streets.asked
        XCTAssertEqual(asked.count, 1)
    }

    func testPanningAndZoomingTheMapAskNothing() async throws {
        // Given a scene with places and streets shown
        let streets = StreetsWorkerStub(ways: [try road()])
        let effects = RunningEffects()
        let (sut, worker, spy) = try makeSUT(streets: streets, effects: effects)
        let presenter = NearbyPOIsPresenter(now: { 0 })
        let view = NearbyPOIsViewController()
        view.interactor = sut
        sut.presenter = presenter
        presenter.viewController = view
        sut.loadPOIs(request: .init())
        await effects.finished()
        _ = spy
        let searches = await worker.searches.count

        // When the map pans in every direction and zooms, keys back to back
        for key in ["W", "A", "S", "D", "D", "z", "Z"] { _ = view.handle(key: .character(Character(key))) }
        await effects.finished()

        // Then nothing more was asked
        let asked = await streets.asked
        XCTAssertEqual(asked.count, 1)
        let after = await worker.searches.count
        XCTAssertEqual(after, searches)
        XCTAssertGreaterThan(view.map.pan.east, 0)
        XCTAssertEqual(view.map.pan.north, 0, accuracy: 1e-9)
    }

    // MARK: The raster

    func testALevelRoadSetsDotsAlongItsRowAndMainRoadsAreBolderThanPaths() {
        func dots(_ kind: StreetClass) -> Int {
            var raster = StreetRaster(columns: 20, rows: 5, braille: true)
            raster.line(from: (x: 0, y: 10), to: (x: 39, y: 10), kind: kind)
            return raster.dots.map { $0.nonzeroBitCount }.reduce(0, +)
        }
        XCTAssertEqual(dots(.residential), 40, "one dot a dot column")
        XCTAssertEqual(dots(.primary), 80, "two dots thick")
        XCTAssertEqual(dots(.footway), 20, "dotted")
        XCTAssertLessThan(dots(.railway), 40, "dashed")
        XCTAssertGreaterThan(dots(.railway), 20)
    }

    func testALineOffTheGridIsClippedAndOneAcrossItDrawsOnlyInside() {
        var raster = StreetRaster(columns: 10, rows: 3, braille: true)
        raster.line(from: (x: -100, y: -100), to: (x: -50, y: -1), kind: .primary)
        XCTAssertTrue(raster.isEmpty)
        raster.line(from: (x: -1_000, y: 5), to: (x: 1_000, y: 5), kind: .residential)
        XCTAssertEqual(raster.top.filter { $0 >= 0 }.count, 10, "every cell of row 1")
    }

    func testASCIIDrawsLineMarksByDirection() {
        var raster = StreetRaster(columns: 10, rows: 10, braille: false)
        raster.line(from: (x: 0, y: 1), to: (x: 9, y: 1), kind: .residential)
        raster.line(from: (x: 5, y: 3), to: (x: 5, y: 9), kind: .residential)
        let marks = Set(raster.marks.filter { $0 != 0 }.map { Character(UnicodeScalar($0)) })
        XCTAssertEqual(marks, ["-", "|"])
    }

    func testAParkIsFilledLightly() {
        var raster = StreetRaster(columns: 10, rows: 5, braille: true)
        raster.fill([(x: 0, y: 0), (x: 20, y: 0), (x: 20, y: 20), (x: 0, y: 20), (x: 0, y: 0)], kind: .park)
        let set = raster.dots.map { $0.nonzeroBitCount }.reduce(0, +)
        XCTAssertGreaterThan(set, 0)
        XCTAssertLessThan(set, 20 * 20 / 4, "a light fill, not solid")
    }
}
