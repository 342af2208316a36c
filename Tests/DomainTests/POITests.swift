import Domain
import XCTest

final class POITests: XCTestCase {
    private func poi(_ id: String, name: String?, distance: Double?) throws -> POI {
        POI(id: id, name: name, coordinate: try Coordinate(latitude: 0, longitude: 0), distanceMeters: distance, source: .live(provider: ProviderName("test", credit: "test data")))
    }

    func testNearbyOrderPutsNearerFirstAndUnknownDistancesLast() throws {
        // Given
        let far = try poi("a", name: "Far", distance: 900)
        let near = try poi("b", name: "Near", distance: 100)
        let unknown = try poi("c", name: "Unknown", distance: nil)

        // When
        let sorted = [unknown, far, near].sorted(by: POI.isNearer)

        // Then
        XCTAssertEqual(sorted.map(\.id), ["b", "a", "c"])
    }

    func testNearbyOrderBreaksTiesByNameWithUnnamedPOIsLast() throws {
        // Given
        let unnamed = try poi("z", name: nil, distance: 95)
        let beta = try poi("y", name: "beta", distance: 95)
        let alpha = try poi("x", name: "Alpha", distance: 95)

        // When
        let sorted = [unnamed, beta, alpha].sorted(by: POI.isNearer)

        // Then
        XCTAssertEqual(sorted.map(\.id), ["x", "y", "z"])
    }

    func testWithDistanceChangesOnlyTheDistance() throws {
        // Given
        let sut = try poi("a", name: "Cafe", distance: nil)

        // When
        let moved = sut.withDistance(42)

        // Then
        XCTAssertEqual(moved.distanceMeters, 42)
        XCTAssertEqual(moved.withDistance(nil), sut)
    }

    func testEveryCategoryHasItsOwnDisplayName() {
        let names = POICategory.allCases.map(\.displayName)
        XCTAssertFalse(names.contains(where: \.isEmpty))
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertEqual(POICategory.cafe.displayName, "Café")
        XCTAssertEqual(POICategory.atm.displayName, "ATM")
        XCTAssertEqual(POICategory.fastFood.displayName, "Fast food")
    }
}
