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

    private func plays(_ pairs: [(Int, Int, Int)]) -> [SeasonAndNumber: Int] {
        Dictionary(pairs.map { (SeasonAndNumber(season: $0.0, number: $0.1), $0.2) }, uniquingKeysWith: max)
    }

    func testOrderAnyTakesTheFirstGapAndAiredTakesTheEpisodeAfterTheFurthest() {
        let watched = plays([(1, 1, 1), (1, 3, 1)])
        let aired = WatchProgress(episodes: list(), plays: watched, settings: .standard, now: now)
        XCTAssertEqual(aired.nextUnwatched?.id, 21)
        let any = WatchProgress(episodes: list(), plays: watched, settings: ShowWatchSettings(countsSpecials: false, order: .any), now: now)
        XCTAssertEqual(any.nextUnwatched?.id, 12, "the gap S1E2 first")
        XCTAssertEqual(any.leftCount, 3, "S1E2, S2E1, S2E2")
        XCTAssertFalse(any.isRewatching)
    }

    func testCountedSpecialsJoinTheTotalInAiringOrderUnderSeasonZero() {
        // The special aired 2020-01-01, before every regular episode: it comes first.
        let settings = ShowWatchSettings(countsSpecials: true, order: .aired)
        let none = WatchProgress(episodes: list(), plays: [:], settings: settings, now: now)
        XCTAssertEqual(none.totalCount, 7)
        XCTAssertEqual(none.nextUnwatched?.id, 99)
        XCTAssertEqual(list().markKey(of: list().specials[0]), SeasonAndNumber(season: 0, number: 1))
        let seen = WatchProgress(episodes: list(), plays: plays([(0, 1, 1)]), settings: settings, now: now)
        XCTAssertEqual(seen.watchedCount, 1)
        XCTAssertEqual(seen.nextUnwatched?.id, 11)
        let uncounted = WatchProgress(episodes: list(), plays: plays([(0, 1, 1)]), settings: .standard, now: now)
        XCTAssertEqual(uncounted.watchedCount, 0, "a special's mark does not count when specials do not")
    }

    func testEveryAiredEpisodeWatchedThenStartedAgainIsARewatchWithTheSameNextRule() {
        let all: [(Int, Int, Int)] = [(1, 1, 1), (1, 2, 1), (1, 3, 1), (2, 1, 1), (2, 2, 1)]
        let caught = WatchProgress(episodes: list(), plays: plays(all), settings: .standard, now: now)
        XCTAssertFalse(caught.isRewatching)
        XCTAssertNil(caught.nextUnwatched)
        let again = WatchProgress(episodes: list(), plays: plays(all + [(1, 1, 2)]), settings: .standard, now: now)
        XCTAssertTrue(again.isRewatching)
        XCTAssertEqual(again.nextUnwatched?.id, 12, "S1E2 comes after the rewatched S1E1")
        XCTAssertEqual(again.leftCount, 4)
        XCTAssertEqual(again.furthest?.id, 11)
        XCTAssertEqual(again.watchedCount, 5, "progress counts watched episodes, whatever the round")
        // A gap before the finish is no rewatch: S1E1 twice while S2E2 was never watched.
        let gap = WatchProgress(episodes: list(), plays: plays([(1, 1, 2), (1, 2, 1)]), settings: .standard, now: now)
        XCTAssertFalse(gap.isRewatching)
        XCTAssertEqual(gap.nextUnwatched?.id, 13)
    }
}
