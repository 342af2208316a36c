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
        let winter = la.wallTime(at: 1_606_874_400)
        XCTAssertEqual([winter.date.description, winter.time, winter.zoneAbbreviation], ["2020-12-01", "18:00", "PST"])
        let kolkata = try rules("Asia/Kolkata").wallTime(at: 1_606_874_400)
        XCTAssertEqual([kolkata.date.description, kolkata.time, kolkata.zoneAbbreviation], ["2020-12-02", "07:30", "IST"])
        XCTAssertEqual(kolkata.utcOffsetSeconds, 19_800)
        // Berlin changes to summer time at 01:00 UTC on the last Sunday of March (2026-03-29).
        let berlin = try rules("Europe/Berlin")
        let before = berlin.wallTime(at: 1_774_745_999), after = berlin.wallTime(at: 1_774_746_000)
        XCTAssertEqual([before.time, before.zoneAbbreviation], ["01:59", "CET"])
        XCTAssertEqual([after.time, after.zoneAbbreviation], ["03:00", "CEST"])
        // Past the file's transitions the footer's rule (CET-1CEST,M3.5.0,M10.5.0/3) answers: 2050-07-01 12:00Z.
        XCTAssertEqual(berlin.wallTime(at: 2_540_376_000).zoneAbbreviation, "CEST")
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

    func testAZoneNameIsOnlyLookedUpInsideTheDatabase() {
        XCTAssertNil(database.rules(named: "../../etc/passwd"))
        XCTAssertNil(database.rules(named: "/etc/localtime"))
        XCTAssertNil(database.rules(named: "Not/A_Zone"))
        XCTAssertNil(database.rules(named: ""))
        XCTAssertEqual(TimeZoneRules(posix: "EST5EDT,M3.2.0,M11.1.0")?.offset(at: 1_593_561_600).abbreviation, "EDT")
        XCTAssertEqual(TimeZoneRules(posix: "<+0530>-5:30")?.offset(at: 0).secondsEast, 19_800)
        XCTAssertNil(TimeZoneRules(posix: "E"))
    }
}
