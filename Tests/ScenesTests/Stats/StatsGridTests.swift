import Domain
import Foundation
import Terminal
import XCTest

@testable import Scenes

/// The year's grid (`StatsGrid`): a column a week from the Monday on or before 1 January, the
/// months over their first day's week, the shade steps as quarters of the busiest day, no cell
/// outside the year or after today; and the Presenter's words for what could not be counted.
final class StatsGridTests: XCTestCase {
    private func date(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate {
        CalendarDate(year: year, month: month, day: day) ?? .unixEpoch
    }

    func testAYearIs53WeeksAndA54thWhenItIsALeapYearStartingOnASunday() {
        // 2024 starts on a Monday; 2023 on a Sunday (not leap); 2012 on a Sunday, leap.
        XCTAssertEqual(StatsGrid(year: 2024, days: [:], today: nil).columns.count, 53)
        XCTAssertEqual(StatsGrid(year: 2023, days: [:], today: nil).columns.count, 53)
        XCTAssertEqual(StatsGrid(year: 2012, days: [:], today: nil).columns.count, 54)
        let grid2023 = StatsGrid(year: 2023, days: [:], today: nil)
        XCTAssertEqual(grid2023.columns[0], [nil, nil, nil, nil, nil, nil, 0], "1 January 2023 is the first column's Sunday")
        XCTAssertEqual(grid2023.columns[52], [0, 0, 0, 0, 0, 0, 0], "the last column ends on Sunday 31 December 2023")
        XCTAssertEqual(grid2023.columns.joined().compactMap { $0 }.count, 365)
    }

    func testMonthsAreOverTheWeekOfTheirFirstDay() {
        let grid = StatsGrid(year: 2024, days: [:], today: nil)
        XCTAssertEqual(grid.months.map(\.name), ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
        // 1 Feb 2024 is in the fifth week (a Thursday), 1 Dec in the 48th.
        XCTAssertEqual(grid.months.map(\.column), [0, 4, 8, 13, 17, 21, 26, 30, 34, 39, 43, 47])
    }

    func testStepsAreQuartersOfTheBusiestDay() {
        XCTAssertEqual((0...8).map { StatsGrid.step($0, most: 8) }, [0, 1, 1, 2, 2, 3, 3, 4, 4])
        XCTAssertEqual(StatsGrid.step(1, most: 1), 4, "a year of single days: each is the busiest")
        XCTAssertEqual(StatsGrid.step(1, most: 100), 1, "any play shows")
        XCTAssertEqual(StatsGrid.step(0, most: 0), 0)
    }

    func testDaysAfterTodayHaveNoCellAndTheTextLinesUseTheShades() {
        let grid = StatsGrid(year: 2024, days: [date(2024, 1, 1): 4, date(2024, 1, 2): 1], today: date(2024, 1, 3))
        XCTAssertEqual(grid.columns[0], [4, 1, 0, nil, nil, nil, nil])
        XCTAssertTrue(grid.columns.dropFirst().allSatisfy { $0.allSatisfy { $0 == nil } })
        let lines = grid.lines(repertoire: .unicode)
        XCTAssertEqual(lines.count, 9)
        XCTAssertEqual(Array(lines[1...4]), ["Mon █", "Tue ░", "Wed ·", "Thu"])
        XCTAssertEqual(grid.lines(repertoire: .ascii, cellWidth: 2)[1], "Mon ##")
        XCTAssertEqual(lines[8], "    less · ░ ▒ ▓ █ more")
    }

    func testThePresenterSaysWhatCouldNotBeCounted() {
        let stats = YearStats(
            year: 2024, episodes: 312, minutes: 14_490, withoutRuntime: 12, days: [date(2024, 3, 16): 14], started: 14, finished: 5, dropped: 3,
            withoutList: 2, streak: .init(days: 1, first: date(2024, 3, 16), last: date(2024, 3, 16)), busiestDay: date(2024, 3, 16),
            weekdays: [0, 0, 0, 0, 0, 14, 0], genres: [], networks: [], people: [],
            ratings: .init(counts: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], episodes: 0, mean: nil, meanDifference: nil, compared: 0))
        let vm = StatsPresenter.viewModel(.init(year: 2024, stats: stats, isLoading: false, today: date(2024, 12, 1)))
        XCTAssertEqual(
            vm.summary,
            [
                "312 episodes · 241 h 30 min (12 episodes without a known runtime)",
                "Shows: 14 started · 5 finished · 3 dropped (2 without an episode list here)",
                "Longest streak: 1 day, Sat 16 Mar",
                "Busiest day: Sat 16 Mar, 14 episodes · busiest weekday: Saturday, 14 episodes"
            ])
        XCTAssertTrue(vm.columns.isEmpty)
        XCTAssertTrue(vm.ratingCounts.isEmpty)
        XCTAssertNil(vm.ratingsLine)
        XCTAssertNil(vm.emptyMessage)
        let loading = StatsPresenter.viewModel(.init(year: 2024, stats: nil, isLoading: true, today: date(2024, 12, 1)))
        XCTAssertEqual(loading.message, "Counting 2024…")
        XCTAssertNil(loading.grid)
    }
}
