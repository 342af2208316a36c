import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// "Popular now" on TVmaze from its schedules, over a loopback server answering with the
/// recorded schedules.
final class TVmazeAiringShowsWorkerTests: XCTestCase {
    private let server = LoopbackHTTPServer()

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    private func makeWorker(country: String = "US", days: Int = 7) throws -> TVmazeAiringShowsWorker {
        server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2024-01-01.json")))
        server.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        let base = try server.start()
        let today = try XCTUnwrap(CalendarDate(year: 2024, month: 1, day: 3))
        return TVmazeAiringShowsWorker(baseURL: base, http: CurlHTTPClient(timeout: 5), country: country, days: days, today: { today })
    }

    func testTheListIsTheUnionOfBothSchedulesOverSevenDaysRankedByWeight() async throws {
        let worker = try makeWorker(country: "GB")
        let page = try await worker.popularShows(page: 0)
        XCTAssertEqual(page.items.count, 85 + 71 - Set(try sharedIDs()).count, "each show once")
        XCTAssertEqual(page.items.first.map { $0.weight ?? 0 }, 99)
        XCTAssertEqual(Set(page.items.prefix(2).map(\.name)), ["Big Sky", "The Curse of Oak Island"], "weight 99 first")
        XCTAssertTrue(page.items.prefix(8).map(\.name).contains("The Tourist"))
        XCTAssertFalse(page.hasMore)
        XCTAssertEqual(
            page.basis, .airing(country: "GB", from: CalendarDate(year: 2023, month: 12, day: 28)!, through: CalendarDate(year: 2024, month: 1, day: 3)!, recorded: false, streamingOnly: false))
        for pair in zip(page.items, page.items.dropFirst()) {
            XCTAssertFalse(TVShow.ranksAbove(pair.1, pair.0), "\(pair.0.name) before \(pair.1.name)")
        }
        // Both schedules for each of the 7 days, the country as given, every date once.
        let requests = server.requests
        XCTAssertEqual(requests.count, 14)
        let dates = Set(requests.compactMap { $0.queryItems["date"] })
        XCTAssertEqual(dates, ["2023-12-28", "2023-12-29", "2023-12-30", "2023-12-31", "2024-01-01", "2024-01-02", "2024-01-03"])
        XCTAssertEqual(requests.filter { $0.path == "/schedule" }.map { $0.queryItems["country"] }, Array(repeating: "GB", count: 7))
        XCTAssertEqual(requests.filter { $0.path == "/schedule/web" }.count, 7)
    }

    func testTodaysTwoAnswersComeFirstThenEachEarlierDay() async throws {
        let worker = try makeWorker(days: 3)
        var counts: [Int] = []
        for try await update in worker.popularShowsUpdates(page: 0) {
            counts.append(server.requests.count)
            XCTAssertFalse(update.items.isEmpty)
        }
        XCTAssertEqual(counts, [2, 4, 6], "one update after today's two answers, then one a day")
        XCTAssertEqual(server.requests.prefix(2).compactMap { $0.queryItems["date"] }, ["2024-01-03", "2024-01-03"])
    }

    func testAFailedDayEndsTheStreamWithItsErrorAfterWhatWasFound() async throws {
        server.route("/schedule/web", query: ["date": "2024-01-02"], .json("{}", status: 500))
        let worker = try makeWorker(days: 3)
        var updates = 0
        do {
            for try await _ in worker.popularShowsUpdates(page: 0) { updates += 1 }
            XCTFail("the failed day is reported")
        } catch let error as SourceError {
            if case .httpStatus(_, 500, _) = error {} else { XCTFail("\(error)") }
        }
        XCTAssertEqual(updates, 1, "today's list was given first")
    }

    func testCalendarArithmeticCrossesMonthsYearsAndLeapDays() {
        XCTAssertEqual(CalendarDate(year: 2024, month: 3, day: 1)!.adding(days: -1).description, "2024-02-29")
        XCTAssertEqual(CalendarDate(year: 2023, month: 3, day: 1)!.adding(days: -1).description, "2023-02-28")
        XCTAssertEqual(CalendarDate(year: 2024, month: 1, day: 3)!.adding(days: -6).description, "2023-12-28")
        XCTAssertEqual(CalendarDate(year: 1999, month: 12, day: 31)!.adding(days: 1).description, "2000-01-01")
        XCTAssertEqual(CalendarDate(year: 1970, month: 1, day: 2)!.adding(days: -1).description, "1970-01-01")
    }

    private func sharedIDs() throws -> [Int] {
        func ids(_ name: String) throws -> Set<Int> {
            let list = try JSONSerialization.jsonObject(with: try Fixtures.data("tvmaze/" + name)) as? [[String: Any]] ?? []
            return Set(
                list.compactMap { entry in
                    ((entry["show"] as? [String: Any]) ?? ((entry["_embedded"] as? [String: Any])?["show"] as? [String: Any]))?["id"] as? Int
                })
        }
        return Array(try ids("schedule_web_2024-01-01.json").intersection(try ids("schedule_US_2020-12-01.json")))
    }
}
