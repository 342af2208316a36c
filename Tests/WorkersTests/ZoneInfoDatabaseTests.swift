import Domain
import Foundation
import Workers
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Zone rules read from the system's tz database, checked against the C library's own
/// `localtime_r` for the same zone, and at known instants across DST changes and half-hour offsets.
final class ZoneInfoDatabaseTests: XCTestCase {
    private let database = ZoneInfoDatabase(environment: [:])

    private func rules(_ name: String) throws -> TimeZoneRules {
        try XCTUnwrap(database.rules(named: name), "\(name) in /usr/share/zoneinfo (apt-get install tzdata)")
    }

    func testLosAngelesKolkataAndBerlinAtKnownInstants() throws {
        let la = try rules("America/Los_Angeles")
        // 2020-12-02T02:00Z is 18:00 PST on 1 December.
        let winter = la.localTime(at: 1_606_874_400)
        XCTAssertEqual([winter.date.description, winter.clock, winter.offset.abbreviation], ["2020-12-01", "18:00", "PST"])
        let kolkata = try rules("Asia/Kolkata").localTime(at: 1_606_874_400)
        XCTAssertEqual([kolkata.date.description, kolkata.clock, kolkata.offset.abbreviation], ["2020-12-02", "07:30", "IST"])
        XCTAssertEqual(kolkata.offset.secondsEast, 19_800)
        // Berlin changes to summer time at 01:00 UTC on the last Sunday of March (2026-03-29).
        let berlin = try rules("Europe/Berlin")
        let before = berlin.localTime(at: 1_774_745_999), after = berlin.localTime(at: 1_774_746_000)
        XCTAssertEqual([before.clock, before.offset.abbreviation], ["01:59", "CET"])
        XCTAssertEqual([after.clock, after.offset.abbreviation], ["03:00", "CEST"])
        // Past the file's transitions the footer's rule (CET-1CEST,M3.5.0,M10.5.0/3) answers: 2050-07-01 12:00Z.
        XCTAssertEqual(berlin.localTime(at: 2_540_376_000).offset.abbreviation, "CEST")
        // A wall time back to its instant, on both sides of the change.
        let day = try XCTUnwrap(CalendarDate(iso: "2026-03-29"))
        XCTAssertEqual(berlin.instant(of: day, secondsOfDay: 3600), 1_774_746_000 - 3600)
        XCTAssertEqual(berlin.instant(of: day, secondsOfDay: 4 * 3600), 1_774_746_000 + 3600)
    }

    func testEveryHourForThirtyYearsAgreesWithTheCLibrary() throws {
        for zone in ["America/Los_Angeles", "Asia/Kolkata", "Europe/Berlin", "Asia/Tokyo", "Australia/Lord_Howe", "America/St_Johns"] {
            let ours = try rules(zone)
            let saved = getenv("TZ").map { String(cString: $0) }
            setenv("TZ", zone, 1)
            tzset()
            defer {
                if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
                tzset()
            }
            var instant = 1_577_836_800 // 2020-01-01
            while instant < 2_524_608_000 { // 2050-01-01
                var t = time_t(instant)
                var parts = tm()
                localtime_r(&t, &parts)
                let offset = ours.offset(at: instant)
                XCTAssertEqual(offset.secondsEast, parts.tm_gmtoff, "\(zone) at \(instant)")
                XCTAssertEqual(offset.abbreviation, String(cString: parts.tm_zone), "\(zone) at \(instant)")
                if offset.secondsEast != parts.tm_gmtoff { break }
                instant += 3 * 3600 + 17 * 60
            }
        }
    }

    func testTheViewersZoneComesFromTZElseLocaltime() throws {
        XCTAssertEqual(database.viewerZone(environment: ["TZ": "America/Los_Angeles"]).name, "America/Los_Angeles")
        XCTAssertEqual(database.viewerZone(environment: ["TZ": ":Asia/Kolkata"]).offset(at: 0).secondsEast, 19_800)
        let posix = database.viewerZone(environment: ["TZ": "EST5EDT,M3.2.0,M11.1.0"])
        XCTAssertEqual(posix.offset(at: 1_593_561_600).abbreviation, "EDT")
        XCTAssertEqual(database.viewerZone(environment: ["TZ": ""]).offset(at: 0).abbreviation, "UTC")
        XCTAssertEqual(database.viewerZone(environment: ["TZ": "../../etc/passwd"]).name, "UTC")
        XCTAssertNil(database.rules(named: "Not/A_Zone"))
        XCTAssertNotNil(database.viewerZone(environment: [:]).offset(at: 0).abbreviation)
    }
}
