import Domain
import XCTest

final class POITimeZoneTests: XCTestCase {
    private func zone(_ latitude: Double, _ longitude: Double) throws -> String? {
        POITimeZone.region(for: try Coordinate(latitude: latitude, longitude: longitude))?.zone
    }

    func testTheSnapshotAreasAndTheirNeighboursAcrossTheChannel() throws {
        XCTAssertEqual(try zone(48.8566, 2.3522), "Europe/Paris") // Paris
        XCTAssertEqual(try zone(41.0082, 28.9784), "Europe/Istanbul") // Istanbul
        XCTAssertEqual(try zone(54.4609, -3.0886), "Europe/London") // Lake District
        XCTAssertEqual(try zone(50.8225, -0.1372), "Europe/London") // Brighton, in both boxes' latitudes
        XCTAssertEqual(try zone(51.1279, 1.3134), "Europe/London") // Dover
        XCTAssertEqual(try zone(50.9513, 1.8587), "Europe/Paris") // Calais
        XCTAssertEqual(try zone(43.2965, 5.3698), "Europe/Paris") // Marseille
        XCTAssertEqual(try zone(48.3904, -4.4861), "Europe/Paris") // Brest
        XCTAssertEqual(try zone(39.9334, 32.8597), "Europe/Istanbul") // Ankara
    }

    func testPOIsOutsideTheBoxesHaveNoZone() throws {
        XCTAssertNil(try zone(40.7128, -74.0060)) // New York
        XCTAssertNil(try zone(-33.8688, 151.2093)) // Sydney
        XCTAssertNil(try zone(52.5200, 13.4050)) // Berlin
    }
}
