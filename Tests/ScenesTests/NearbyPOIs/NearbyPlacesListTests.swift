import Domain
import XCTest

@testable import Scenes

/// The places loaded, each once and nearest first, and the name filter over them.
final class NearbyPlacesListTests: XCTestCase {
    func testPagesMergeEachPlaceOnceNearestFirst() throws {
        // Given
        var sut = NearbyPlacesList()
        let center = try TestPOIs.center()
        let far = try TestPOIs.row(2, start: 3), near = try TestPOIs.row(2, start: 1)

        // When
        sut.merge(far, from: center, replacing: true)
        sut.merge(near + [far[0]], from: center, replacing: false)

        // Then
        XCTAssertEqual(sut.places.map(\.poi.id), ["osm:node/1", "osm:node/2", "osm:node/3", "osm:node/4"])
        XCTAssertEqual(sut.matching.count, 4)
    }

    func testTheFilterNarrowsAndWidensByName() throws {
        // Given
        var sut = NearbyPlacesList()
        let center = try TestPOIs.center()
        sut.merge(
            [
                TestPOIs.poi("a", "Sultan Café", at: try TestPOIs.north(100)),
                TestPOIs.poi("b", "Simit Sarayı", at: try TestPOIs.north(200)),
                TestPOIs.poi("c", nil, at: try TestPOIs.north(300))
            ], from: center, replacing: true)

        // When
        sut.filter(by: "s")
        let wide = sut.matching.map(\.poi.id)
        sut.filter(by: "sult")
        let narrow = sut.matching.map(\.poi.id)
        sut.filter(by: "")
        let all = sut.matching.map(\.poi.id)

        // Then
        XCTAssertEqual(wide, ["a", "b"], "an unnamed place matches only the empty query")
        XCTAssertEqual(narrow, ["a"])
        XCTAssertEqual(all, ["a", "b", "c"])
    }

    func testAPlaceWithoutADistanceIsMeasuredFromTheCentre() throws {
        // When
        let place = NearbyPlacesList.place(TestPOIs.poi("a", "A", at: try TestPOIs.east(250)), from: try TestPOIs.center())

        // Then
        XCTAssertEqual(place.distanceMeters, 250, accuracy: 0.5)
        XCTAssertEqual(place.bearingDegrees, 90, accuracy: 0.5)
        XCTAssertEqual(place.poi.distanceMeters ?? 0, place.distanceMeters, accuracy: 1e-9)
    }
}
