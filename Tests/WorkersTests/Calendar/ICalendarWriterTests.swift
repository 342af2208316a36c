import Foundation
import TestSupport
import Workers
import XCTest

/// The iCalendar writer against the strict RFC 5545 checker, and the checker against files
/// that break each rule (so that a pass means something).
final class ICalendarWriterTests: XCTestCase {
    func testAFileOfEventsWithHostileTextPassesTheStrictCheck() {
        let long = String(repeating: "é🏳️‍🌈a", count: 40)
        let events = [
            CalendarEvent(
                uid: "tvmaze-episode-1@discover", startsAt: 1_606_874_400, durationSeconds: 1800,
                summary: "Law & Order; SVU, S22E01 \\ \"Guardian\"", description: "line one\nline two\r\nthree\u{1B}[2J", location: "NBC"),
            CalendarEvent(uid: "tvmaze-episode-2@discover", startsAt: 0, summary: long, description: long + "\u{202E}"),
            CalendarEvent(uid: "tmdb-episode-3@discover", startsAt: 1_606_780_800, isAllDay: true, durationSeconds: 3600, summary: "A day")
        ]
        let text = ICalendarWriter.file(events: events, calendarName: "Upcoming, mine", stampedAt: 1_700_000_000)
        let report = ICalendarChecker.check(Data(text.utf8))
        XCTAssertEqual(report.problems, [])
        XCTAssertEqual(report.events.count, 3)
        XCTAssertEqual(report.events[2]["DTSTART;VALUE=DATE"], ["20201201"])
        XCTAssertEqual(report.events[2]["DTEND;VALUE=DATE"], ["20201202"])
        XCTAssertNil(report.events[2]["DTSTART"])
        XCTAssertEqual(report.events[0]["DTSTART"], ["20201202T020000Z"])
        XCTAssertEqual(report.events[0]["DTEND"], ["20201202T023000Z"])
        XCTAssertEqual(report.events[0]["DTSTAMP"], ["20231114T221320Z"])
        XCTAssertEqual(report.events[1]["DTSTART"], ["19700101T000000Z"])
        XCTAssertEqual(report.events[0]["SUMMARY"].map { $0.map(ICalendarChecker.unescaped) }, ["Law & Order; SVU, S22E01 \\ \"Guardian\""])
        XCTAssertEqual(report.events[0]["DESCRIPTION"].map { $0.map(ICalendarChecker.unescaped) }, ["line one\nline two\nthree[2J"])
        XCTAssertEqual(report.events[1]["SUMMARY"].map { $0.map(ICalendarChecker.unescaped) }, [long], "folding loses nothing")
        XCTAssertTrue(text.utf8.count > 75 * 4, "long lines were folded")
    }

    func testTheCheckerRefusesEachBrokenRule() {
        func problems(_ lines: [String], ending: String = "\r\n") -> [String] {
            ICalendarChecker.check(Data(lines.map { $0 + ending }.joined().utf8)).problems
        }
        let good = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//y//EN", "BEGIN:VEVENT", "UID:a", "DTSTAMP:20200101T000000Z",
            "DTSTART:20200101T000000Z", "SUMMARY:ok", "END:VEVENT", "END:VCALENDAR"
        ]
        XCTAssertEqual(problems(good), [])
        XCTAssertFalse(problems(good, ending: "\n").isEmpty, "LF alone")
        XCTAssertFalse(problems(good.map { $0 == "SUMMARY:ok" ? "SUMMARY:" + String(repeating: "x", count: 70) : $0 }).isEmpty, "77 octets")
        XCTAssertFalse(problems(good.map { $0 == "SUMMARY:ok" ? "SUMMARY:a,b" : $0 }).isEmpty, "unescaped comma")
        XCTAssertFalse(problems(good.map { $0 == "SUMMARY:ok" ? "SUMMARY:a\\xb" : $0 }).isEmpty, "bad escape")
        XCTAssertFalse(problems(good.filter { $0 != "PRODID:-//x//y//EN" }).isEmpty, "no PRODID")
        XCTAssertFalse(problems(good.filter { !$0.hasPrefix("UID") }).isEmpty, "no UID")
        XCTAssertFalse(problems(good.map { $0.hasPrefix("DTSTART") ? "DTSTART:20200101T000000" : $0 }).isEmpty, "floating time")
        // "é" is two octets: a fold between them cuts a UTF-8 sequence.
        let cut = Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nX-A:\u{C3}".utf8) + Data([0xC3, 0x0D, 0x0A, 0x20, 0xA9, 0x0D, 0x0A]) + Data("END:VCALENDAR\r\n".utf8)
        XCTAssertFalse(ICalendarChecker.check(cut).problems.isEmpty, "a cut sequence")
    }
}
