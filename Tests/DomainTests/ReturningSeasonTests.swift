import Domain
import XCTest

/// A later season is a returning season only after a break of 8 weeks since the show's earlier
/// season; a year-numbered season or one that follows without a break is not; unknown seasons
/// keep it.
final class ReturningSeasonTests: XCTestCase {
    private func day(_ text: String) -> CalendarDate { CalendarDate(iso: text) ?? .unixEpoch }

    func testABreakOfEightWeeksOrMoreIsAReturnAndAShorterOneIsNot() {
        // The Tourist: season 1 ended 2022-01-23, season 2 opens 2024-01-01.
        let tourist = [SeasonSummary(number: 1, premiered: day("2022-01-01"), ended: day("2022-01-23")), SeasonSummary(number: 2, premiered: day("2024-01-01"))]
        XCTAssertEqual(ReturningSeason.verdict(season: 2, opensOn: day("2024-01-01"), seasons: tourist), .returning(gapDays: 708))
        // A weekly show whose season 31 follows season 30 a week later.
        let weekly = [SeasonSummary(number: 30, premiered: day("2023-01-02"), ended: day("2023-12-25")), SeasonSummary(number: 31)]
        XCTAssertEqual(ReturningSeason.verdict(season: 31, opensOn: day("2024-01-01"), seasons: weekly), .continuing)
        // Exactly 56 days is a return; 55 is not.
        let edge = [SeasonSummary(number: 1, ended: day("2024-01-01"))]
        XCTAssertEqual(ReturningSeason.verdict(season: 2, opensOn: day("2024-02-26"), seasons: edge), .returning(gapDays: 56))
        XCTAssertEqual(ReturningSeason.verdict(season: 2, opensOn: day("2024-02-25"), seasons: edge), .continuing)
    }

    func testAYearNumberedSeasonIsNeverAReturnEvenWithoutItsSeasons() {
        XCTAssertEqual(ReturningSeason.verdict(season: 2024, opensOn: day("2024-01-01"), seasons: nil), .continuing)
        XCTAssertEqual(ReturningSeason.verdict(season: 1900, opensOn: nil, seasons: []), .continuing)
        XCTAssertEqual(ReturningSeason.verdict(season: 1899, opensOn: day("2024-01-01"), seasons: nil), .returning(gapDays: nil))
    }

    func testUnknownSeasonsOrDaysKeepTheSeasonAndNoEarlierSeasonIsNoReturn() {
        XCTAssertEqual(ReturningSeason.verdict(season: 3, opensOn: day("2024-01-01"), seasons: nil), .returning(gapDays: nil))
        XCTAssertEqual(
            ReturningSeason.verdict(season: 3, opensOn: day("2024-01-01"), seasons: [SeasonSummary(number: 2)]), .returning(gapDays: nil),
            "the earlier season has no day")
        XCTAssertEqual(ReturningSeason.verdict(season: 5, opensOn: day("2024-01-01"), seasons: [SeasonSummary(number: 5)]), .continuing)
        // Without the day asked, the season's own premiere; the earlier season's premiere when it has no end.
        let seasons = [SeasonSummary(number: 1, premiered: day("2020-03-01")), SeasonSummary(number: 2, premiered: day("2020-04-01"))]
        XCTAssertEqual(ReturningSeason.verdict(season: 2, opensOn: nil, seasons: seasons), .continuing)
        XCTAssertNil(ReturningSeason.verdict(season: 1, opensOn: day("2024-01-01"), seasons: nil), "a series premiere is no return")
    }

    func testAYearNumberedSeasonsFirstEpisodeHasNoPremiereBadge() {
        let daily = Episode(id: 1, season: 2024, number: 1, name: "01/01/2024")
        XCTAssertNil(PremiereBadge(daily))
        XCTAssertEqual(PremiereBadge.badges(daily, episodeOrder: nil), [])
        XCTAssertEqual(PremiereBadge.badges(Episode(id: 2, season: 12, number: 1, name: ""), episodeOrder: nil), [.season(12)])
    }
}
