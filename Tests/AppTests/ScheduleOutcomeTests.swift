import Domain
import Foundation
import Terminal
import XCTest

@testable import App

/// The listing commands' shared rules: the `--short` line, and the exit status with its
/// sentence (0 found, 1 nothing after asking, 3 could not ask; never 1 or 3 without a word).
final class ScheduleOutcomeTests: XCTestCase {
    private func viewer(_ offsetHours: Int, zone: String) -> (Date) -> LocalWallTime? {
        { date in
            let seconds = Int(date.timeIntervalSince1970) + offsetHours * 3600
            let day = CalendarDate.utcDay(ofUnixTime: seconds)
            let inDay = ((seconds % 86_400) + 86_400) % 86_400
            return LocalWallTime(date: day, weekday: 1, hour: inDay / 3600, minute: inDay % 3600 / 60, zoneAbbreviation: zone, utcOffsetSeconds: offsetHours * 3600)
        }
    }

    func testAShortLineIsTheViewersDayAndTimeTheShowTheCodeTitleAndNetwork() {
        let text = CellText(repertoire: .unicode)
        let episode = Episode(id: 1, season: 2, number: 1, name: "Episode 1", airDate: CalendarDate(iso: "2024-01-01"))
        let stamp = Date(timeIntervalSince1970: 1_704_088_800) // 2024-01-01 06:00 UTC
        XCTAssertEqual(
            ScheduleOutcome.shortLine(episode, airstamp: stamp, show: "The Tourist", network: "BBC iPlayer", viewer: viewer(0, zone: "UTC"), text: text),
            "2024-01-01 06:00  The Tourist  S02E01 ‘Episode 1’  BBC iPlayer\n")
        // In Los Angeles the same instant is the evening before.
        XCTAssertEqual(
            ScheduleOutcome.shortLine(episode, airstamp: stamp, show: "The Tourist", network: nil, viewer: viewer(-8, zone: "PST"), text: text),
            "2023-12-31 22:00  The Tourist  S02E01 ‘Episode 1’\n")
        // Only a day known; an untitled episode; a control character in a name is shown, not sent.
        let dayOnly = Episode(id: 2, season: 1, number: 3, name: " ", airDate: CalendarDate(iso: "2024-02-01"))
        XCTAssertEqual(
            ScheduleOutcome.shortLine(dayOnly, show: "Bad\u{1B}[31mShow", network: "", viewer: viewer(0, zone: "UTC"), text: text),
            "2024-02-01 --:--  Bad␛[31mShow  S01E03 ‘(untitled)’\n")
        // An unnumbered special keeps the shape: E00.
        let special = Episode(id: 3, season: 8, number: nil, name: "Metropolis", airstamp: stamp, isSpecial: true)
        XCTAssertEqual(
            ScheduleOutcome.shortLine(special, show: "Unearthed", network: "Science", viewer: viewer(0, zone: "UTC"), text: text),
            "2024-01-01 06:00  Unearthed  S08E00 ‘Metropolis’  Science\n")
        let ascii = ScheduleOutcome.shortLine(episode, airstamp: stamp, show: "Café", network: "Télé", viewer: viewer(0, zone: "UTC"), text: CellText(repertoire: .ascii))
        XCTAssertEqual(ascii, "2024-01-01 06:00  Cafe  S02E01 'Episode 1'  Tele\n")
        XCTAssertNotNil(ascii.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d  .+  S\d\dE\d\d"#, options: .regularExpression))
    }

    func testTheExitStatusIsZeroFoundOneNothingAfterAskingThreeCouldNotAskAndAlwaysSaysWhy() {
        XCTAssertEqual(ScheduleOutcome.decide(found: true, couldNotAsk: "x", nothing: "y").status, 0)
        XCTAssertNil(ScheduleOutcome.decide(found: true, couldNotAsk: "x", nothing: "y").sentence)
        let nothing = ScheduleOutcome.decide(found: false, couldNotAsk: nil, nothing: "nothing new since 2026-12-01 09:00 UTC")
        XCTAssertEqual(nothing.status, 1)
        XCTAssertEqual(nothing.sentence, "nothing new since 2026-12-01 09:00 UTC")
        let unreachable = ScheduleOutcome.decide(found: false, couldNotAsk: "no favourite show could be asked (TVmaze is unreachable)", nothing: "n")
        XCTAssertEqual(unreachable.status, 3)
        XCTAssertEqual(unreachable.sentence, "no favourite show could be asked (TVmaze is unreachable)")
    }

    func testShortAndTodayBelongToTheirCommandsAndNotWithJSONOrICS() throws {
        XCTAssertTrue(try AppOptions.parse(["tonight", "--short"], environment: [:]).short)
        XCTAssertTrue(try AppOptions.parse(["premieres", "--short"], environment: [:]).short)
        let today = try AppOptions.parse(["upcoming", "--today", "--short"], environment: [:])
        XCTAssertTrue(today.today && today.short)
        for bad in [["--short"], ["places", "--short"], ["tonight", "--short", "--json"], ["upcoming", "--short", "--ics"], ["tonight", "--today"], ["upcoming", "--new", "--today"]] {
            XCTAssertThrowsError(try AppOptions.parse(bad, environment: [:]), "\(bad)") { error in
                XCTAssertTrue((error as? UsageError)?.message.isEmpty == false, "\(bad): a sentence")
            }
        }
    }
}
