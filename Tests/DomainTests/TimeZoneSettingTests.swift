import Domain
import XCTest

/// The rules a `TZ` value is judged by, without the system: which values are POSIX rules,
/// which names may be looked up, and how a value that is neither is said.
final class TimeZoneSettingTests: XCTestCase {
    /// The zone files of a pretend tz database.
    private let zones: Set<String> = ["Europe/Paris", "UTC", "/usr/share/zoneinfo/Asia/Tokyo"]

    private func problem(_ value: String?) -> String? {
        TimeZoneSetting(value).problem(isZoneFile: { zones.contains($0) })
    }

    func testPOSIXRulesAreTold() {
        for rule in ["EST5EDT,M3.2.0,M11.1.0", "CET-1CEST,M3.5.0,M10.5.0/3", "<+0545>-5:45", "JST-9", "UTC0"] {
            XCTAssertTrue(TimeZoneSetting.isPOSIXRule(rule), rule)
        }
        for text in ["EST99", "garbage123", "Nowhere/Bogus", "AB5", "EST5EDT,", ""] {
            XCTAssertFalse(TimeZoneSetting.isPOSIXRule(text), text)
        }
    }

    func testAZoneNameOrARuleIsUsableAndAnythingElseIsSaid() {
        for value in ["Europe/Paris", ":Europe/Paris", "UTC", "EST5EDT,M3.2.0,M11.1.0", "/usr/share/zoneinfo/Asia/Tokyo", "", nil] {
            XCTAssertNil(problem(value), value ?? "unset")
        }
        XCTAssertEqual(problem(":Mars/Olympus"), "TZ=:Mars/Olympus names no zone of the tz database; times are in UTC")
        XCTAssertEqual(problem("Nowhere/Bogus"), "TZ=Nowhere/Bogus is neither a zone of the tz database nor a POSIX TZ rule; times are in UTC")
    }

    func testANameThatLeavesTheDatabaseIsNotLookedUp() {
        XCTAssertFalse(TimeZoneSetting.isSafeZoneName("../../etc/passwd"))
        XCTAssertFalse(TimeZoneSetting.isSafeZoneName(""))
        XCTAssertTrue(TimeZoneSetting.isSafeZoneName("America/Los_Angeles"))
    }
}
