import Domain
import XCTest

@testable import Scenes

/// Which streets are asked: once per centre and radius, never while the loaded ones cover the
/// search, and a stale answer dropped.
final class StreetsLoadStateTests: XCTestCase {
    private func map(radius: Double) throws -> StreetMap {
        StreetMap(center: try TestPOIs.center(), radiusMeters: radius, ways: [], source: .live(provider: .overpass))
    }

    func testACentreAndRadiusAreAskedOnceUntilForgotten() throws {
        // Given
        var sut = StreetsLoadState()
        let center = try TestPOIs.center()

        // When
        let first = sut.ask(center: center, radiusMeters: 1_000)
        let again = sut.ask(center: center, radiusMeters: 1_000)
        sut.forgetAsked()
        let afterReload = sut.ask(center: center, radiusMeters: 1_000)

        // Then
        XCTAssertTrue(first)
        XCTAssertFalse(again)
        XCTAssertTrue(afterReload)
    }

    func testLoadedStreetsThatCoverANarrowerSearchAreNotAskedAgain() throws {
        // Given
        var sut = StreetsLoadState()
        let center = try TestPOIs.center()
        _ = sut.ask(center: center, radiusMeters: 2_000)
        XCTAssertTrue(sut.receive(try map(radius: 2_000), center: center, radiusMeters: 2_000))

        // When
        let narrower = sut.ask(center: center, radiusMeters: 500)
        let wider = sut.ask(center: center, radiusMeters: 5_000)

        // Then
        XCTAssertFalse(narrower)
        XCTAssertTrue(wider)
    }

    func testAnAnswerForAnEarlierRequestIsDropped() throws {
        // Given
        var sut = StreetsLoadState()
        let center = try TestPOIs.center(), elsewhere = try TestPOIs.north(3_000)
        _ = sut.ask(center: center, radiusMeters: 1_000)
        _ = sut.ask(center: elsewhere, radiusMeters: 1_000)

        // When
        let kept = sut.receive(try map(radius: 1_000), center: center, radiusMeters: 1_000)

        // Then
        XCTAssertFalse(kept)
        XCTAssertNil(sut.map)
    }
}
