import Domain
import Foundation
import TestSupport
import XCTest

@testable import Scenes

/// Opening hours read in the place's own zone: the city's first, else its country's.
final class PlaceHoursReaderTests: XCTestCase {
    /// Monday 1 December 2025, 10:00 UTC (13:00 in Istanbul, 05:00 in New York).
    private let monday10UTC = Date(timeIntervalSince1970: 1_764_583_200)

    private func cafe(hours: String, meters: Double = 100) throws -> NearbyPOIs.LoadPOIs.Response.NearbyPOI {
        NearbyPlacesList.place(TestPOIs.poi("a", "A", at: try TestPOIs.north(meters), hours: hours), from: try TestPOIs.center())
    }

    func testAPlaceInIstanbulIsReadOnIstanbulsClock() throws {
        // Given
        var sut = PlaceHoursReader(placeClock: FoundationPOIClock(viewer: "UTC"))

        // When
        let place = sut.withHours(try cafe(hours: "Mo-Su 08:00-12:00"), at: monday10UTC, cityZone: nil)

        // Then
        XCTAssertEqual(place.hours?.timeZone, "Europe/Istanbul")
        XCTAssertEqual(place.hours?.isViewersZone, false)
        XCTAssertFalse(PlaceHoursReader.isOpen(place), "13:00 in Istanbul, closed since 12:00")
    }

    func testTheCitysZoneComesFirst() throws {
        // Given
        var sut = PlaceHoursReader(placeClock: FoundationPOIClock(viewer: "UTC"))

        // When
        let place = sut.withHours(try cafe(hours: "Mo-Su 04:00-06:00"), at: monday10UTC, cityZone: "America/New_York")

        // Then
        XCTAssertEqual(place.hours?.timeZone, "America/New_York")
        XCTAssertTrue(PlaceHoursReader.isOpen(place), "05:00 in New York")
    }

    func testOpenOnArrivalAddsTheWalk() throws {
        // Given: open until 13:03 in Istanbul; the walk of 500 m takes several minutes
        var sut = PlaceHoursReader(placeClock: FoundationPOIClock(viewer: "UTC"))
        let place = try cafe(hours: "Mo-Su 08:00-13:03", meters: 500)

        // When
        let now = PlaceHoursReader.isOpen(sut.withHours(place, at: monday10UTC, cityZone: nil))
        let onArrival = sut.isOpenOnArrival(place, leaving: monday10UTC, cityZone: nil)

        // Then
        XCTAssertTrue(now)
        XCTAssertFalse(onArrival)
    }
}
