import Domain
import Foundation
import Workers
import XCTest

@testable import Scenes

/// C33: a show's weekly air time is said in the viewer's zone with the zone's name, the
/// network's own time after it; never a bare time.
@MainActor
final class AirTimeTextTests: XCTestCase {
    private let database = ZoneInfoDatabase(environment: [:])

    private func clock(viewer: String, now iso: String) throws -> AirClock {
        let zones = try ["America/Los_Angeles", "Asia/Kolkata", "Europe/Berlin", "Asia/Tokyo", "America/New_York"].reduce(into: [String: TimeZoneRules]()) {
            $0[$1] = try XCTUnwrap(database.rules(named: $1), "tzdata")
        }
        let day = try XCTUnwrap(CalendarDate(iso: iso))
        let now = Date(timeIntervalSince1970: Double(CivilDays.days(day) * 86_400 + 12 * 3600))
        return .fixed(at: now, viewer: try XCTUnwrap(zones[viewer]), zones: zones)
    }

    private let tvTokyo = Broadcaster(name: "TV Tokyo", kind: .network, countryName: "Japan", countryCode: "JP", timeZone: "Asia/Tokyo")
    private let amc = Broadcaster(name: "AMC", kind: .network, countryName: "United States", countryCode: "US", timeZone: "America/New_York")
    private let sunday2330 = AirSchedule(time: "23:30", days: ["Sunday"])
    private let sunday2200 = AirSchedule(time: "22:00", days: ["Sunday"])

    func testTVTokyoAndAMCInLosAngeles() async throws {
        let la = try clock(viewer: "America/Los_Angeles", now: "2026-11-30")
        XCTAssertEqual(AirTimeText.weekly(sunday2330, broadcaster: tvTokyo, clock: la), "Sunday at 06:30 PST (Sunday at 23:30 JST, network time)")
        XCTAssertEqual(AirTimeText.weekly(sunday2200, broadcaster: amc, clock: la), "Sunday at 19:00 PST (Sunday at 22:00 EST, network time)")
    }

    func testAHalfHourZoneMovesTheDay() async throws {
        let kolkata = try clock(viewer: "Asia/Kolkata", now: "2026-11-30")
        XCTAssertEqual(AirTimeText.weekly(sunday2200, broadcaster: amc, clock: kolkata), "Monday at 08:30 IST (Sunday at 22:00 EST, network time)")
    }

    func testBerlinAcrossTheEuropeanChangeWhileNewYorkIsAlreadyOnSummerTime() async throws {
        let before = try clock(viewer: "Europe/Berlin", now: "2026-03-20")
        XCTAssertEqual(AirTimeText.weekly(sunday2200, broadcaster: amc, clock: before), "Monday at 03:00 CET (Sunday at 22:00 EDT, network time)")
        let after = try clock(viewer: "Europe/Berlin", now: "2026-03-30")
        XCTAssertEqual(AirTimeText.weekly(sunday2200, broadcaster: amc, clock: after), "Monday at 04:00 CEST (Sunday at 22:00 EDT, network time)")
    }

    func testTheSnapshotsCountryGivesTheZoneAndAnUnknownZoneIsSaid() async throws {
        let la = try clock(viewer: "America/Los_Angeles", now: "2026-11-30")
        let cbs = Broadcaster(name: "CBS", kind: .network, countryName: "United States", countryCode: "US")
        XCTAssertEqual(
            AirTimeText.weekly(AirSchedule(time: "22:00", days: ["Thursday"]), broadcaster: cbs, clock: la),
            "Thursday at 19:00 PST (Thursday at 22:00 EST, network time)")
        let netflix = Broadcaster(name: "Netflix", kind: .webChannel)
        XCTAssertEqual(
            AirTimeText.weekly(AirSchedule(time: "03:00", days: ["Friday"]), broadcaster: netflix, clock: la),
            "Friday at 03:00, the network's local time (its zone is not known)")
        XCTAssertEqual(AirTimeText.weekly(AirSchedule(time: nil, days: ["Friday"]), broadcaster: netflix, clock: la), "Friday")
        XCTAssertNil(AirTimeText.weekly(.none, broadcaster: amc, clock: la))
        let berlinViewer = try clock(viewer: "Europe/Berlin", now: "2026-11-30")
        let zdf = Broadcaster(name: "ZDF", kind: .network, countryCode: "DE", timeZone: "Europe/Berlin")
        XCTAssertEqual(
            AirTimeText.weekly(AirSchedule(time: "20:15", days: ["Monday", "Tuesday"]), broadcaster: zdf, clock: berlinViewer),
            "Monday, Tuesday at 20:15 CET", "the same zone needs no second time")
    }

    func testTheDetailsScheduleLineIsInTheViewersZone() async throws {
        let sut = ShowDetailPresenter(now: { 1_796_000_000 }, airClock: try clock(viewer: "America/Los_Angeles", now: "2026-11-30"))
        let spy = ShowDetailDisplayLogicSpy()
        sut.viewController = spy
        let show = TVShow(id: 1, name: "Ghibli Hour", schedule: sunday2330, broadcaster: tvTokyo)
        sut.presentDetails(response: .init(show: show, details: nil, isLoading: false, error: nil, listedSource: nil))
        XCTAssertEqual(spy.viewModels.last?.facts.first { $0.label == "Schedule" }?.value, "Sunday at 06:30 PST (Sunday at 23:30 JST, network time)")
    }
}
