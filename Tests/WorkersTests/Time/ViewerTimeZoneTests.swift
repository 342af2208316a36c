import Domain
import Foundation
import Workers
import XCTest

/// Instants converted to the viewer's wall time through the system's tz database, with `TZ`
/// set as a viewer would set it (restored after each test).
final class ViewerTimeZoneTests: XCTestCase {
    private var savedTZ: String?

    override func setUp() {
        super.setUp()
        savedTZ = ProcessInfo.processInfo.environment["TZ"]
    }

    override func tearDown() {
        if let savedTZ { setenv("TZ", savedTZ, 1) } else { unsetenv("TZ") }
        tzset()
        super.tearDown()
    }

    private func wall(_ iso: String, in zone: String) throws -> LocalWallTime {
        setenv("TZ", zone, 1)
        let instant = try XCTUnwrap(ISO8601DateFormatter().date(from: iso))
        return try XCTUnwrap(ViewerTimeZone().wallTime(at: instant))
    }

    private func describe(_ t: LocalWallTime) -> String {
        "\(t.weekdayAbbreviation) \(t.date) \(t.time) \(t.zoneAbbreviation) \(t.utcOffsetSeconds)"
    }

    func testWinterAndSummerTimeInParis() throws {
        XCTAssertEqual(describe(try wall("2025-12-04T20:00:00Z", in: "Europe/Paris")), "Thu 2025-12-04 21:00 CET 3600")
        XCTAssertEqual(describe(try wall("2025-07-03T19:00:00Z", in: "Europe/Paris")), "Thu 2025-07-03 21:00 CEST 7200")
    }

    func testAnAmericanEveningIsTheNextDayInUTCButTheSameDayInLosAngeles() throws {
        // Baelor: 21:00 Eastern on Sunday 12 June 2011, airstamp 01:00 UTC on the Monday.
        XCTAssertEqual(describe(try wall("2011-06-13T01:00:00Z", in: "America/Los_Angeles")), "Sun 2011-06-12 18:00 PDT -25200")
        XCTAssertEqual(describe(try wall("2011-06-13T01:00:00Z", in: "America/New_York")), "Sun 2011-06-12 21:00 EDT -14400")
        XCTAssertEqual(describe(try wall("2020-12-01T09:00:00Z", in: "America/Los_Angeles")), "Tue 2020-12-01 01:00 PST -28800")
    }

    func testHalfAndQuarterHourZones() throws {
        XCTAssertEqual(describe(try wall("2020-12-01T09:00:00Z", in: "Asia/Kolkata")), "Tue 2020-12-01 14:30 IST 19800")
        XCTAssertEqual(describe(try wall("2020-12-01T09:00:00Z", in: "Asia/Kathmandu")), "Tue 2020-12-01 14:45 +0545 20700")
        XCTAssertEqual(describe(try wall("2020-12-01T09:00:00Z", in: "Australia/Adelaide")), "Tue 2020-12-01 19:30 ACDT 37800")
    }

    func testTheHourAroundAChangeOfClocks() throws {
        // Europe/London went from GMT to BST at 01:00 UTC on 30 March 2025.
        XCTAssertEqual(describe(try wall("2025-03-30T00:59:00Z", in: "Europe/London")), "Sun 2025-03-30 00:59 GMT 0")
        XCTAssertEqual(describe(try wall("2025-03-30T01:00:00Z", in: "Europe/London")), "Sun 2025-03-30 02:00 BST 3600")
    }

    func testAPOSIXRuleAndUTC() throws {
        XCTAssertEqual(describe(try wall("2025-12-04T20:00:00Z", in: "EST5EDT,M3.2.0,M11.1.0")), "Thu 2025-12-04 15:00 EST -18000")
        XCTAssertEqual(describe(try wall("2025-12-04T20:00:00Z", in: "UTC")), "Thu 2025-12-04 20:00 UTC 0")
    }

    func testTheSettingNamesTZWhenSet() {
        setenv("TZ", "America/Los_Angeles", 1)
        XCTAssertEqual(ViewerTimeZone().setting, "America/Los_Angeles")
    }

    func testAZoneThatIsNotOneIsSaidAndTheTimeIsUTC() throws {
        for value in ["Nowhere/Bogus", "garbage123", "../../etc/passwd", ":Mars/Olympus", "/etc/passwd", "EST99"] {
            let time = try wall("2025-12-04T20:00:00Z", in: value)
            XCTAssertEqual(describe(time), "Thu 2025-12-04 20:00 UTC 0", value)
            XCTAssertNotNil(ViewerTimeZone().problem, value)
        }
        for value in ["Europe/Paris", ":Europe/Paris", "UTC", "EST5EDT,M3.2.0,M11.1.0", "CET-1CEST,M3.5.0,M10.5.0/3", "<+0545>-5:45", "/usr/share/zoneinfo/Asia/Tokyo"] {
            setenv("TZ", value, 1)
            XCTAssertNil(ViewerTimeZone().problem, value)
        }
        unsetenv("TZ")
        XCTAssertNil(ViewerTimeZone().problem, "unset: /etc/localtime")
        XCTAssertEqual(describe(try wall("2020-12-01T09:00:00Z", in: "<+0545>-5:45")), "Tue 2020-12-01 14:45 +0545 20700")
    }

    func testAChangedTZIsCheckedAgainEvenBackToBackAndTheSameOneKeepsItsAnswer() throws {
        for _ in 0..<3 {
            XCTAssertEqual(describe(try wall("2025-12-04T20:00:00Z", in: "Europe/Paris")), "Thu 2025-12-04 21:00 CET 3600")
            XCTAssertEqual(describe(try wall("2025-07-03T19:00:00Z", in: "Europe/Paris")), "Thu 2025-07-03 21:00 CEST 7200")
            XCTAssertEqual(describe(try wall("2025-12-04T20:00:00Z", in: "Nowhere/Bogus")), "Thu 2025-12-04 20:00 UTC 0")
            XCTAssertNotNil(ViewerTimeZone().problem)
            XCTAssertEqual(describe(try wall("2025-12-04T20:00:00Z", in: "Nowhere/Bogus")), "Thu 2025-12-04 20:00 UTC 0")
            XCTAssertEqual(describe(try wall("2020-12-01T09:00:00Z", in: "Asia/Kathmandu")), "Tue 2020-12-01 14:45 +0545 20700")
        }
    }
}
