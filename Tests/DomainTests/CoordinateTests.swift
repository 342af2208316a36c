import Domain
import XCTest

final class CoordinateTests: XCTestCase {
    func testParsingLatCommaLonGivesTheTwoNumbers() throws {
        // When
        let sut = try Coordinate(parsing: "48.8566,2.3522")

        // Then
        XCTAssertEqual(sut.latitude, 48.8566)
        XCTAssertEqual(sut.longitude, 2.3522)
    }

    func testParsingAllowsSpacesAndSignsAroundTheNumbers() throws {
        // When
        let sut = try Coordinate(parsing: "  -33.87 , +151.21 ")

        // Then
        XCTAssertEqual(sut.latitude, -33.87)
        XCTAssertEqual(sut.longitude, 151.21)
    }

    func testParsingALatitudeAbove90IsRejectedNamingTheLatitude() {
        // When
        XCTAssertThrowsError(try Coordinate(parsing: "91,0")) { error in
            // Then
            XCTAssertEqual(error as? CoordinateError, .latitudeOutOfRange(91))
            XCTAssertEqual(String(describing: error), "latitude 91.0 is outside -90...90 degrees")
        }
    }

    func testParsingALongitudeBeyond180IsRejectedNamingTheLongitude() {
        XCTAssertThrowsError(try Coordinate(parsing: "0,-180.5")) { error in
            XCTAssertEqual(error as? CoordinateError, .longitudeOutOfRange(-180.5))
            XCTAssertTrue(String(describing: error).contains("longitude -180.5 is outside -180...180"))
        }
    }

    func testParsingTextThatIsNotACoordinateIsRejectedWithTheExpectedForm() {
        // When
        XCTAssertThrowsError(try Coordinate(parsing: "abc")) { error in
            // Then
            XCTAssertEqual(error as? CoordinateError, .unreadable("abc"))
            let message = String(describing: error)
            XCTAssertTrue(message.contains("\"abc\""), message)
            XCTAssertTrue(message.contains("LAT,LON"), message)
            XCTAssertTrue(message.contains("48.8566,2.3522"), message)
        }
    }

    func testParsingRejectsMissingPartsExtraPartsAndNonDecimalNumbers() {
        for text in ["", ",", "48.8", "48.8,", ",2.3", "1,2,3", "nan,0", "inf,0", "0x1p3,0", "48,8 2,3", "4 8,2"] {
            XCTAssertThrowsError(try Coordinate(parsing: text), "\"\(text)\"") { error in
                guard case .unreadable = error as? CoordinateError else {
                    return XCTFail("\"\(text)\" gave \(error)")
                }
            }
        }
    }

    func testTheBoundariesThemselvesAreValid() throws {
        XCTAssertNoThrow(try Coordinate(latitude: 90, longitude: 180))
        XCTAssertNoThrow(try Coordinate(latitude: -90, longitude: -180))
    }

    func testNonFiniteValuesAreRejected() {
        XCTAssertThrowsError(try Coordinate(latitude: .infinity, longitude: 0)) { error in
            XCTAssertEqual(error as? CoordinateError, .notFinite)
        }
        XCTAssertThrowsError(try Coordinate(latitude: 0, longitude: .nan)) { error in
            XCTAssertEqual(error as? CoordinateError, .notFinite)
        }
        XCTAssertNil(Coordinate(validLatitude: 100, longitude: 0))
    }

    func testTheDescriptionParsesBackToTheSameCoordinate() throws {
        // Given
        let sut = try Coordinate(latitude: 41.0171629, longitude: -2.9624445)

        // When
        let again = try Coordinate(parsing: sut.description)

        // Then
        XCTAssertEqual(again, sut)
    }
}
