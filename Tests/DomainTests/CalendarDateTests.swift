import XCTest

@testable import Domain

/// `CalendarDate(iso:)` reads exactly `YYYY-MM-DD` and nothing near it.
final class CalendarDateTests: XCTestCase {
    func testAnISODateIsReadFieldByField() throws {
        let date = try XCTUnwrap(CalendarDate(iso: "2013-06-24"))
        XCTAssertEqual([date.year, date.month, date.day], [2013, 6, 24])
        XCTAssertEqual(CalendarDate(iso: "0001-01-01")?.year, 1)
        XCTAssertEqual(CalendarDate(iso: "2024-02-29")?.day, 29, "a leap day")
        XCTAssertEqual(CalendarDate(iso: "1999-12-31")?.description, "1999-12-31")
    }

    func testAnythingButTenBytesOfDigitsAndDashesIsNoDate() {
        for text in [
            "", "2013", "2013-06", "2013-06-2", "2013-06-245", "2013-6-24", "2013/06/24", "+013-06-24",
            "2013-06-24T00:00", " 2013-06-24", "2013-0x-24", "２０１３-06-24", "2013--6-24", "-2013-06-24"
        ] {
            XCTAssertNil(CalendarDate(iso: text), text)
        }
    }

    func testADayThatIsNotInTheCalendarIsNoDate() {
        XCTAssertNil(CalendarDate(iso: "2021-02-29"))
        XCTAssertNil(CalendarDate(iso: "2021-13-01"))
        XCTAssertNil(CalendarDate(iso: "2021-00-10"))
        XCTAssertNil(CalendarDate(iso: "2021-04-31"))
    }
}
