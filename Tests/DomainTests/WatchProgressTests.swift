import Domain
import Foundation
import XCTest

/// `WatchProgress`: the furthest watched episode, the share, the next unwatched aired episode
/// and what is left, worked out from an episode list and marks.
final class WatchProgressTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_764_633_600) // 2025-12-02 00:00 UTC

    /// Two seasons of three, the last episode airing a day after `now`, and a special.
    private func list() -> ShowEpisodes {
        var episodes: [Episode] = []
        for season in 1...2 {
            for number in 1...3 {
                let aired = !(season == 2 && number == 3)
                episodes.append(
                    Episode(
                        id: season * 10 + number, season: season, number: number, name: "E\(season)\(number)",
                        airstamp: now.addingTimeInterval(aired ? -86_400 * Double(10 - number) : 86_400)))
            }
        }
        episodes.append(Episode(id: 99, season: 1, number: nil, name: "Special", airDate: CalendarDate(year: 2020, month: 1, day: 1), isSpecial: true))
        return ShowEpisodes(showID: 1, episodes: episodes, source: .live(provider: ProviderName.tvmaze))
    }

    func testTheFurthestWatchedDecidesTheNextAndTheLeftCountOfAiredEpisodesOnly() {
        let progress = WatchProgress(episodes: list(), watched: [SeasonAndNumber(season: 1, number: 1), SeasonAndNumber(season: 1, number: 3)], now: now)
        XCTAssertEqual(progress.furthest?.id, 13)
        XCTAssertEqual(progress.watchedCount, 2)
        XCTAssertEqual(progress.totalCount, 6, "the special is left out")
        XCTAssertEqual(progress.nextUnwatched?.id, 21, "after the furthest, not the gap S1E2")
        XCTAssertEqual(progress.leftCount, 2, "S2E1 and S2E2; S2E3 has not aired")
        XCTAssertEqual(progress.nextUnaired?.id, 23)
        XCTAssertEqual(progress.percent, 33)
    }

    func testNothingWatchedStartsAtTheFirstAndAllAiredWatchedIsCaughtUp() {
        let none = WatchProgress(episodes: list(), watched: [], now: now)
        XCTAssertNil(none.furthest)
        XCTAssertEqual(none.nextUnwatched?.id, 11)
        XCTAssertEqual(none.leftCount, 5)
        XCTAssertEqual(none.percent, 0)
        let all = Set((1...2).flatMap { s in (1...3).map { SeasonAndNumber(season: s, number: $0) } }).subtracting([SeasonAndNumber(season: 2, number: 3)])
        let caught = WatchProgress(episodes: list(), watched: all, now: now)
        XCTAssertNil(caught.nextUnwatched)
        XCTAssertEqual(caught.leftCount, 0)
        XCTAssertEqual(caught.percent, 83)
    }

    func testPercentRoundsHalfUpAndADayWithoutATimeHasAiredOnlyOnceItIsPast() {
        // 5 of 73 is 6.85 %: 7.
        let many = ShowEpisodes(
            showID: 2, episodes: (1...73).map { Episode(id: $0, season: 1, number: $0, name: "", airDate: CalendarDate(year: 2011, month: 1, day: 1)) },
            source: .live(provider: ProviderName.tvmaze))
        XCTAssertEqual(WatchProgress(episodes: many, watched: Set((1...5).map { SeasonAndNumber(season: 1, number: $0) }), now: now).percent, 7)
        let today = Episode(id: 1, season: 1, number: 1, name: "", airDate: CalendarDate(year: 2025, month: 12, day: 2))
        let yesterday = Episode(id: 2, season: 1, number: 2, name: "", airDate: CalendarDate(year: 2025, month: 12, day: 1))
        XCTAssertFalse(WatchProgress.hasAired(today, now: now))
        XCTAssertTrue(WatchProgress.hasAired(yesterday, now: now))
        XCTAssertFalse(WatchProgress.hasAired(Episode(id: 3, season: 1, number: 3, name: ""), now: now))
    }
}
