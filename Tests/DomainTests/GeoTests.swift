import Domain
import XCTest

final class GeoTests: XCTestCase {
    private func point(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
        try Coordinate(latitude: latitude, longitude: longitude)
    }

    func testTheDistanceFromParisToLondonIsAbout343Point56Kilometres() throws {
        // Given
        let paris = try point(48.8566, 2.3522)
        let london = try point(51.5074, -0.1278)

        // When
        let meters = Geo.distanceMeters(from: paris, to: london)

        // Then
        XCTAssertEqual(meters / 1000, 343.56, accuracy: 0.05)
    }

    func testTheDistanceIsTheSameInBothDirections() throws {
        // Given
        let istanbul = try point(41.01384, 28.94966)
        let kendal = try point(54.324569, -2.7476357)

        // When
        let there = istanbul.distanceMeters(to: kendal)
        let back = kendal.distanceMeters(to: istanbul)

        // Then
        XCTAssertEqual(there, back, accuracy: 1e-6)
    }

    func testTheDistanceFromAPointToItselfIsZero() throws {
        // Given
        let here = try point(-33.87, 151.21)

        // When
        let meters = Geo.distanceMeters(from: here, to: here)

        // Then
        XCTAssertEqual(meters, 0)
    }

    func testAntipodalPointsAreHalfAGreatCircleApart() throws {
        // Given
        let a = try point(0, 0)
        let b = try point(0, 180)

        // When
        let meters = Geo.distanceMeters(from: a, to: b)

        // Then
        XCTAssertEqual(meters, Double.pi * Geo.meanEarthRadiusMeters, accuracy: 0.001)
    }

    func testOneDegreeOfLatitudeIsAbout111Point2Kilometres() throws {
        // Given: one degree along a meridian is R·π/180 on the mean sphere.
        let a = try point(10, 20)
        let b = try point(11, 20)

        // When
        let meters = Geo.distanceMeters(from: a, to: b)

        // Then
        XCTAssertEqual(meters, Geo.meanEarthRadiusMeters * Double.pi / 180, accuracy: 0.001)
        XCTAssertEqual(meters, 111_195.08, accuracy: 0.01)
    }

    func testTheMeanEarthRadiusIsTheGRS80MeanRadiusR1() {
        XCTAssertEqual(Geo.meanEarthRadiusMeters, 6_371_008.8)
    }

    func testTheBearingToEachOfTheEightCompassPointsIsItsNominalAngle() throws {
        // Given: neighbours of the origin in each of the eight directions.
        let origin = try point(0, 0)
        let cases: [(Coordinate, Double, CompassPoint)] = [
            (try point(1, 0), 0, .north),
            (try point(1, 1), 45, .northEast),
            (try point(0, 1), 90, .east),
            (try point(-1, 1), 135, .southEast),
            (try point(-1, 0), 180, .south),
            (try point(-1, -1), 225, .southWest),
            (try point(0, -1), 270, .west),
            (try point(1, -1), 315, .northWest)
        ]

        for (target, expectedBearing, expectedPoint) in cases {
            // When
            let bearing = Geo.initialBearingDegrees(from: origin, to: target)
            let compass = Geo.compassPoint(from: origin, to: target)

            // Then
            XCTAssertEqual(bearing, expectedBearing, accuracy: 0.01, "to \(target)")
            XCTAssertEqual(compass, expectedPoint, "to \(target)")
        }
    }

    func testTheBearingFromParisToLondonIsNorthWest() throws {
        // Given
        let paris = try point(48.8566, 2.3522)
        let london = try point(51.5074, -0.1278)

        // When
        let bearing = paris.bearingDegrees(to: london)

        // Then
        XCTAssertEqual(bearing, 330.02, accuracy: 0.01)
        XCTAssertEqual(CompassPoint(bearingDegrees: bearing), .northWest)
    }

    func testTheBearingToTheSamePointIsZero() throws {
        let here = try point(51.5, -0.12)
        XCTAssertEqual(Geo.initialBearingDegrees(from: here, to: here), 0)
    }

    func testCompassSectorsAre45DegreesWideAndCentredOnEachPoint() {
        XCTAssertEqual(CompassPoint(bearingDegrees: 22.49), .north)
        XCTAssertEqual(CompassPoint(bearingDegrees: 22.5), .northEast)
        XCTAssertEqual(CompassPoint(bearingDegrees: 337.49), .northWest)
        XCTAssertEqual(CompassPoint(bearingDegrees: 337.5), .north)
        XCTAssertEqual(CompassPoint(bearingDegrees: 359.99), .north)
        XCTAssertEqual(CompassPoint(bearingDegrees: -45), .northWest)
        XCTAssertEqual(CompassPoint(bearingDegrees: 720 + 90), .east)
        XCTAssertEqual(CompassPoint(bearingDegrees: .nan), .north)
    }

    func testCompassPointsAbbreviateAsOnACompassRose() {
        XCTAssertEqual(CompassPoint.allCases.map(\.abbreviation), ["N", "NE", "E", "SE", "S", "SW", "W", "NW"])
        XCTAssertEqual(CompassPoint.allCases.map(\.bearingDegrees), [0, 45, 90, 135, 180, 225, 270, 315])
    }
}
