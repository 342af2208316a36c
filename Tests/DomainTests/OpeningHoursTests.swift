import Domain
import Foundation
import TestSupport
import XCTest

/// `OpeningHours` over every distinct `opening_hours` value in the recorded answers (the
/// snapshot's Overpass and Geoapify files and the test fixtures), each at a fixed moment inside
/// and outside its spans, then spans past midnight, `24/7` and values that must not parse.
final class OpeningHoursTests: XCTestCase {
    private typealias Expect = OpenStatus

    private static func at(_ day: Weekday, _ clock: String) -> WeekTime {
        let parts = clock.split(separator: ":").compactMap { Int($0) }
        return WeekTime(weekday: day, minute: parts[0] * 60 + parts[1])
    }

    private static func opens(_ day: Weekday, _ clock: String) -> OpenStatus { .closed(opens: at(day, clock)) }
    private static func closes(_ day: Weekday, _ clock: String) -> OpenStatus { .open(closes: at(day, clock)) }

    /// Each real value with a moment inside a span and one outside, and what they give.
    private static let corpus: [(value: String, inside: WeekTime, whenInside: OpenStatus, outside: WeekTime, whenOutside: OpenStatus)] = [
        ("07:00 - 23:00", at(.wednesday, "12:00"), closes(.wednesday, "23:00"), at(.wednesday, "06:00"), opens(.wednesday, "07:00")),
        ("09:00 - 00:00", at(.saturday, "23:30"), closes(.sunday, "00:00"), at(.sunday, "08:00"), opens(.sunday, "09:00")),
        ("11:00-23:00", at(.monday, "11:00"), closes(.monday, "23:00"), at(.monday, "23:00"), opens(.tuesday, "11:00")),
        ("13:00-00:00", at(.tuesday, "23:59"), closes(.wednesday, "00:00"), at(.tuesday, "12:59"), opens(.tuesday, "13:00")),
        ("24/7", at(.sunday, "03:00"), .alwaysOpen, at(.monday, "00:00"), .alwaysOpen),
        ("Mo 18:00-23:45; Tu-Su 12:00-23:45", at(.monday, "18:00"), closes(.monday, "23:45"), at(.monday, "12:30"), opens(.monday, "18:00")),
        ("Mo-Fr 07:00-23:00; Sa 09:00-23:00", at(.saturday, "09:00"), closes(.saturday, "23:00"), at(.sunday, "12:00"), opens(.monday, "07:00")),
        ("Mo-Fr 09:00-23:00; Sa,Su 09:00-24:00", at(.sunday, "23:59"), closes(.monday, "00:00"), at(.monday, "00:30"), opens(.monday, "09:00")),
        ("Mo-Fr 18:30-24:00; Sa-Su 12:00-24:00", at(.friday, "20:00"), closes(.saturday, "00:00"), at(.saturday, "11:00"), opens(.saturday, "12:00")),
        ("Mo-Sa 11:00-21:00; PH closed", at(.saturday, "20:59"), closes(.saturday, "21:00"), at(.sunday, "12:00"), opens(.monday, "11:00")),
        ("Mo-Sa 15:00-23:00; Su 15:00-21:00", at(.sunday, "20:00"), closes(.sunday, "21:00"), at(.sunday, "22:00"), opens(.monday, "15:00")),
        ("Mo-Su 06:00-24:00", at(.thursday, "23:00"), closes(.friday, "00:00"), at(.friday, "05:59"), opens(.friday, "06:00")),
        ("Mo-Su 08:30-23:00", at(.monday, "08:30"), closes(.monday, "23:00"), at(.monday, "08:29"), opens(.monday, "08:30")),
        ("Mo-Su 11:00-02:00", at(.tuesday, "01:30"), closes(.tuesday, "02:00"), at(.tuesday, "02:00"), opens(.tuesday, "11:00")),
        ("Mo-Su 11:00-23:00", at(.friday, "22:59"), closes(.friday, "23:00"), at(.friday, "10:00"), opens(.friday, "11:00")),
        ("Mo-Su 11:30-19:30", at(.wednesday, "11:30"), closes(.wednesday, "19:30"), at(.wednesday, "19:30"), opens(.thursday, "11:30")),
        ("Mo-Su 12:00-00:00", at(.sunday, "23:00"), closes(.monday, "00:00"), at(.monday, "11:00"), opens(.monday, "12:00")),
        ("Mo-Su 12:00-22:00", at(.saturday, "15:00"), closes(.saturday, "22:00"), at(.saturday, "22:30"), opens(.sunday, "12:00")),
        ("Mo-Su 15:00+", at(.monday, "16:00"), .open(closes: nil), at(.monday, "14:00"), opens(.monday, "15:00")),
        ("Mo-Th 08:00-23:00; Fr-Sa 08:00-24:00; Su 08:00-23:00", at(.friday, "23:30"), closes(.saturday, "00:00"), at(.sunday, "23:30"), opens(.monday, "08:00")),
        ("Mo-Th 12:00-22:00; Fr-Sa 12:00-23:00; Su 12:00-21:00", at(.saturday, "22:30"), closes(.saturday, "23:00"), at(.sunday, "21:00"), opens(.monday, "12:00")),
        ("PH,Mo-Su 09:00-14:00", at(.tuesday, "13:59"), closes(.tuesday, "14:00"), at(.tuesday, "14:00"), opens(.wednesday, "09:00")),
        ("Su-We 12:00-22:00; Fr,Sa 12:00-23:00; Th off", at(.sunday, "12:00"), closes(.sunday, "22:00"), at(.thursday, "15:00"), opens(.friday, "12:00")),
        ("We,Th 16:00-21:00; Fr-Su 15:00-21:00", at(.thursday, "16:00"), closes(.thursday, "21:00"), at(.monday, "16:00"), opens(.wednesday, "16:00")),
        ("We,Th 16:00-22:00; Fr,Sa 15:00-23:00", at(.saturday, "22:59"), closes(.saturday, "23:00"), at(.sunday, "15:00"), opens(.wednesday, "16:00")),
        ("We-Su 11:00-23:00+", at(.wednesday, "11:00"), closes(.wednesday, "23:00"), at(.tuesday, "12:00"), opens(.wednesday, "11:00")),
        ("We-Th 10:00-16:45; Fr-Sa 10:00-23:00; Su 12:00-17:00", at(.sunday, "16:59"), closes(.sunday, "17:00"), at(.monday, "10:00"), opens(.wednesday, "10:00"))
    ]

    /// The real value that is only a comment: shown as written, never read as hours.
    private static let unparseableReal = "\"variiable and unpredictable\""

    func testEveryRealValueIsOpenInsideItsSpansAndClosedOutside() throws {
        for entry in Self.corpus {
            let hours = try XCTUnwrap(OpeningHours(entry.value), entry.value)
            XCTAssertEqual(hours.status(at: entry.inside), entry.whenInside, "\(entry.value) at \(entry.inside)")
            XCTAssertEqual(hours.status(at: entry.outside), entry.whenOutside, "\(entry.value) at \(entry.outside)")
        }
        XCTAssertNil(OpeningHours(Self.unparseableReal))
    }

    func testTheCorpusHoldsEveryDistinctValueOfTheRecordedAnswers() throws {
        // Every file that carries places: the snapshot's and the fixtures'.
        var values = Set<String>()
        let folders = [
            Fixtures.snapshotDirectory, Fixtures.directory.appendingPathComponent("osm"),
            Fixtures.directory.appendingPathComponent("geoapify"), Fixtures.directory.appendingPathComponent("cases")
        ]
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            // The areas with streets (whole extracts, hundreds of values) are checked apart,
            // in testEveryValueOfTheAreasWithStreetsReadsOrIsShownAsWritten.
            for name in names where name.hasSuffix(".json") && !Self.isAreaExtract(name) {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                guard let json = try? JSONSerialization.jsonObject(with: data) else { continue }
                Self.collect(json, into: &values)
            }
        }
        let known = Set(Self.corpus.map(\.value) + [Self.unparseableReal])
        XCTAssertEqual(values.subtracting(known), [], "values of the recorded answers the corpus lacks")
        XCTAssertEqual(values.count, 28)
    }

    /// The places of the areas with streets, written by scripts/build-osm-areas.py.
    private static func isAreaExtract(_ name: String) -> Bool {
        name.hasPrefix("osm_") && name.hasSuffix("_places.json")
    }

    func testEveryValueOfTheAreasWithStreetsReadsOrIsShownAsWritten() throws {
        // Given every distinct opening_hours of the central Helsinki and Paris 10e extracts
        var values = Set<String>()
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.snapshotDirectory.path).filter(Self.isAreaExtract)
        XCTAssertEqual(names.count, 2)
        for name in names {
            Self.collect(try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.snapshotDirectory.appendingPathComponent(name))), into: &values)
        }
        XCTAssertGreaterThan(values.count, 100)
        // Then each reads to hours whose status is defined all week, or is kept as written;
        // most read.
        var read = 0
        for value in values {
            guard let hours = OpeningHours(value) else { continue }
            read += 1
            for day in Weekday.allCases {
                _ = hours.status(at: WeekTime(weekday: day, minute: 12 * 60))
            }
        }
        XCTAssertGreaterThan(Double(read) / Double(values.count), 0.75, "\(read) of \(values.count) read")
    }

    private static func collect(_ json: Any, into values: inout Set<String>) {
        if let object = json as? [String: Any] {
            for (key, value) in object {
                if key == "opening_hours", let text = value as? String { values.insert(text) } else { collect(value, into: &values) }
            }
        } else if let array = json as? [Any] {
            for item in array { collect(item, into: &values) }
        }
    }

    func testSpansPastMidnightCountFromTheDayTheyStart() throws {
        let hours = try XCTUnwrap(OpeningHours("Mo-Su 11:00-02:00"))
        // Monday 01:00 is Sunday night's span, across the week's end.
        XCTAssertEqual(hours.status(at: Self.at(.monday, "01:00")), Self.closes(.monday, "02:00"))
        XCTAssertEqual(hours.days[0], [OpeningSpan(start: 660, end: 1_560)])
        // Touching spans read as one: open till Saturday 03:00.
        let late = try XCTUnwrap(OpeningHours("Fr 18:00-24:00; Sa 00:00-03:00"))
        XCTAssertEqual(late.status(at: Self.at(.friday, "23:00")), Self.closes(.saturday, "03:00"))
        XCTAssertEqual(late.status(at: Self.at(.saturday, "03:00")), Self.opens(.friday, "18:00"))
    }

    func testTwentyFourSevenIsAlwaysOpenAtEveryHour() throws {
        let hours = try XCTUnwrap(OpeningHours("24/7"))
        XCTAssertTrue(hours.isAlwaysOpen)
        for day in Weekday.allCases {
            for hour in stride(from: 0, to: 24, by: 5) {
                XCTAssertEqual(hours.status(at: WeekTime(weekday: day, minute: hour * 60)), .alwaysOpen)
            }
        }
        XCTAssertEqual(OpeningHours("Mo-Su 00:00-24:00")?.status(at: Self.at(.friday, "12:00")), .alwaysOpen)
    }

    func testSeveralSpansAdditionalRulesOffAndComments() throws {
        let split = try XCTUnwrap(OpeningHours("Mo-Fr 08:00-12:00,14:00-18:00"))
        XCTAssertEqual(split.status(at: Self.at(.monday, "12:30")), Self.opens(.monday, "14:00"))
        XCTAssertEqual(split.status(at: Self.at(.monday, "14:00")), Self.closes(.monday, "18:00"))
        let added = try XCTUnwrap(OpeningHours("Mo-Fr 08:00-18:00, Sa 09:00-12:00"))
        XCTAssertEqual(added.status(at: Self.at(.saturday, "10:00")), Self.closes(.saturday, "12:00"))
        XCTAssertEqual(added.status(at: Self.at(.friday, "10:00")), Self.closes(.friday, "18:00"))
        let off = try XCTUnwrap(OpeningHours("Mo-Su 10:00-20:00; We closed \"inventory\""))
        XCTAssertEqual(off.days[2], [])
        XCTAssertEqual(off.status(at: Self.at(.tuesday, "21:00")), Self.opens(.thursday, "10:00"))
        XCTAssertEqual(OpeningHours("off")?.status(at: Self.at(.monday, "10:00")), .closed(opens: nil))
        // A public-holiday rule is set aside and said.
        XCTAssertEqual(OpeningHours("Mo-Sa 11:00-21:00; PH closed")?.holidaysMayDiffer, true)
        XCTAssertEqual(OpeningHours("Mo-Sa 11:00-21:00")?.holidaysMayDiffer, false)
    }

    func testASimpleClosedDateIsSetAsideAndSaid() throws {
        let hours = try XCTUnwrap(OpeningHours("Mo-Fr 08:00-18:00; Dec 25 off"))
        XCTAssertTrue(hours.datesMayDiffer)
        XCTAssertFalse(hours.holidaysMayDiffer)
        XCTAssertEqual(hours.status(at: Self.at(.friday, "12:00")), Self.closes(.friday, "18:00"))
        XCTAssertEqual(OpeningHours("Mo-Sa 10:00-19:00; Dec 24-26,31 closed; Jan 1 off; PH off")?.datesMayDiffer, true)
        XCTAssertEqual(OpeningHours("Mo-Fr 08:00-18:00")?.datesMayDiffer, false)
    }

    func testAnOpenEndIsUnknownAfterItsStatedEnd() throws {
        let hours = try XCTUnwrap(OpeningHours("We-Su 11:00-23:00+"))
        XCTAssertEqual(hours.status(at: Self.at(.wednesday, "23:30")), .unknown)
        XCTAssertEqual(hours.status(at: Self.at(.thursday, "00:30")), Self.opens(.thursday, "11:00"))
    }

    func testValuesBeyondTheCommonGrammarDoNotParse() {
        for value in [
            "", "   ", "Jan-Mar Mo-Fr 08:00-12:00", "sunrise-sunset", "Mo-Fr 08:00-18:00 || \"by appointment\"",
            "Mo[1] 10:00-12:00", "Mon-Fri 9-5", "Mo-Fr 8h-18h", "Mo-Fr 08:00-18:60", "Mo-Fr 25:00-26:00",
            "Dec 25 off", "Dec 25 10:00-12:00", "Mo-Fr 08:00-18:00; Dec 32 off", "Mo-Fr 08:00-18:00; Dec off", "SH off", "week 01-10 Mo 08:00-12:00", "Mo-Fr 08:00-18:00 \"open", "Xx 10:00-12:00"
        ] {
            XCTAssertNil(OpeningHours(value), value)
        }
    }

    func testWeekdaysFromTheGregorianCalendarAndClockText() {
        XCTAssertEqual(Weekday(gregorianWeekday: 1), .sunday)
        XCTAssertEqual(Weekday(gregorianWeekday: 2), .monday)
        XCTAssertEqual(Weekday(gregorianWeekday: 7), .saturday)
        XCTAssertNil(Weekday(gregorianWeekday: 0))
        XCTAssertEqual(WeekTime(weekday: .sunday, minute: 1_500), Self.at(.monday, "01:00"))
        XCTAssertEqual(OpeningHours.clock(1_560), "02:00")
        XCTAssertEqual(Self.at(.monday, "08:05").clock, "08:05")
    }

    func testMutatedRealValuesNeverCrashAndEveryParsedOneAnswersAtEveryHourOfTheWeek() {
        // A fixed linear congruential generator (Knuth's MMIX constants), so a failure repeats.
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(1, bound)))
        }
        let pieces: [String] = ["-", ",", ";", "+", ":", " ", "\"", "24:00", "00:00", "PH", "off", "Mo", "Su", "||", "99:99", "\u{0}", "é", "24/7"]
        var parsed = 0
        for _ in 0..<3_000 {
            var chars = Array(Self.corpus[next(Self.corpus.count)].value)
            for _ in 0..<(1 + next(4)) {
                let at = next(chars.count + 1)
                switch next(3) {
                case 0: chars.insert(contentsOf: Array(pieces[next(pieces.count)]), at: at)
                case 1: if at < chars.count { chars.remove(at: at) }
                default: if at < chars.count { chars[at] = Array(pieces[next(pieces.count)]).first ?? "x" }
                }
            }
            guard let hours = OpeningHours(String(chars)) else { continue }
            parsed += 1
            XCTAssertEqual(hours.days.count, 7)
            for span in hours.days.joined() {
                XCTAssertTrue((0..<1_440).contains(span.start) && span.end >= span.start && span.end <= 2_880, String(chars))
            }
            for hour in stride(from: 0, to: 7 * 24, by: 7) {
                _ = hours.status(at: WeekTime(weekday: .monday, minute: hour * 60))
            }
        }
        XCTAssertGreaterThan(parsed, 100, "mutations that still parse are read too")
    }
}
