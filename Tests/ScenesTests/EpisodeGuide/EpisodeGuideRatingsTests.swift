import Domain
import Foundation
import TestSupport
import XCTest

@testable import Scenes

/// The guide's Interactor with the person's record: ratings (`1`–`9`, `0`, Backspace), `x`,
/// specials marked under season 0, the show's settings (`S`, `o`), the record read with the
/// guide, and a store's late answer never taking back a newer key's change.
@MainActor
final class EpisodeGuideRatingsTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_764_633_600)
    private let show = WatchedShowID(provider: ProviderName.tvmaze.name, id: 7)

    /// Season 1 of four aired episodes rated 8.2, 8.9, 6.0 and unrated, and two TVmaze
    /// specials (unnumbered), the second aired after the season.
    private var guide: ShowEpisodes {
        func episode(_ id: Int, _ number: Int?, daysAgo: Double, rating: Double? = nil) -> Episode {
            let stamp = now.addingTimeInterval(-daysAgo * 86_400)
            return Episode(
                id: id, season: 1, number: number, name: number.map { "E\($0)" } ?? "Special \(id)",
                airDate: CalendarDate.utcDay(ofUnixTime: Int(stamp.timeIntervalSince1970)), airstamp: stamp,
                rating: rating.flatMap { EpisodeRating(average: $0) }, isSpecial: number == nil)
        }
        let episodes = [
            episode(1, 1, daysAgo: 9, rating: 8.2), episode(2, 2, daysAgo: 8, rating: 8.9), episode(3, 3, daysAgo: 7, rating: 6.0),
            episode(4, 4, daysAgo: 6), episode(50, nil, daysAgo: 9.5), episode(51, nil, daysAgo: 1)
        ]
        return ShowEpisodes(showID: 7, episodes: episodes, source: .live(provider: ProviderName.tvmaze))
    }

    private func makeSUT(_ fake: WatchedWorkerFake) async -> (EpisodeGuideInteractor, EpisodeGuidePresentationLogicSpy) {
        let effects = RunningEffects()
        let sut = EpisodeGuideInteractor(worker: EpisodesWorkerStub([.success(guide)]), clock: ImmediateClock(), effects: effects)
        let spy = EpisodeGuidePresentationLogicSpy()
        sut.presenter = spy
        sut.show = makeShow(id: 7, name: "Seven")
        sut.watchedWorker = fake
        let fixed = now
        sut.wallClock = { fixed }
        await sut.loadGuide(request: .init()).value
        await effects.finished()
        return (sut, spy)
    }

    private func key(_ season: Int, _ number: Int) -> SeasonAndNumber { SeasonAndNumber(season: season, number: number) }

    /// One episode's rating, as the responses carry them.
    private func rated(_ place: SeasonAndNumber, _ value: Int) -> [SeasonAndNumber: UserRating] {
        UserRating(value).map { [place: $0] } ?? [:]
    }

    func testTheRecordIsReadWithTheGuidePlaysRatingsAndSettings() async {
        let fake = WatchedWorkerFake([
            WatchedMark(key: WatchedEpisodeKey(show: show, season: 1, number: 1), showName: "Seven", markedAt: 1, plays: 3)
        ])
        _ = await fake.rate(WatchedEpisodeKey(show: show, season: 1, number: 2), showName: "Seven", rating: UserRating(7), at: 1)
        _ = await fake.setSettings(show, name: "Seven", settings: ShowWatchSettings(countsSpecials: true, order: .any))
        let (_, spy) = await makeSUT(fake)
        let last = spy.responses.last
        XCTAssertEqual(last?.plays, [key(1, 1): 3])
        XCTAssertEqual(last?.ratings, rated(key(1, 2), 7))
        XCTAssertEqual(last?.settings, ShowWatchSettings(countsSpecials: true, order: .any))
        // The progress counts the specials and takes the next episode in any order.
        XCTAssertEqual(last?.progress?.totalCount, 6)
        XCTAssertEqual(last?.progress?.watchedCount, 1)
        XCTAssertEqual(last?.progress?.nextUnwatched?.id, 50, "the first special, aired before E1")
    }

    func testADigitRatesTheEpisodeAtOnceAndBackspaceClearsIt() async {
        let fake = WatchedWorkerFake()
        let (sut, spy) = await makeSUT(fake)
        let task = sut.rateEpisode(request: .init(season: 1, index: 0, rating: UserRating.ofDigitKey("9")))
        XCTAssertEqual(spy.responses.last?.ratings, rated(key(1, 1), 9), "on screen at once")
        XCTAssertEqual(spy.responses.last?.watchMessage, "S01E01 rated 9")
        await task.value
        XCTAssertEqual(spy.responses.last?.ratings, rated(key(1, 1), 9))
        await sut.rateEpisode(request: .init(season: 1, index: 0, rating: UserRating.ofDigitKey("0"))).value
        XCTAssertEqual(spy.responses.last?.ratings, rated(key(1, 1), 10), "0 is 10")
        await sut.rateEpisode(request: .init(season: 1, index: 0, rating: nil)).value
        XCTAssertEqual(spy.responses.last?.ratings, [:])
        XCTAssertEqual(spy.responses.last?.watchMessage, "rating of S01E01 cleared")
        // Clearing again saves nothing and says why.
        await sut.rateEpisode(request: .init(season: 1, index: 0, rating: nil)).value
        XCTAssertEqual(spy.responses.last?.watchMessage, "S01E01 has no rating of yours to clear")
        // On a season's heading nothing is rated.
        await sut.rateEpisode(request: .init(season: 1, index: 0, onHeading: true, rating: UserRating(5))).value
        XCTAssertEqual(spy.responses.last?.watchMessage, "Ratings are an episode's: move onto one to rate it")
        let calls = await fake.calls
        XCTAssertEqual(calls, ["rate S1E1 9", "rate S1E1 10", "rate S1E1 clear"])
        let stored = await fake.record(of: show).value
        XCTAssertEqual(stored.episodeRatings, [:])
    }

    func testARatingOnTheEpisodesPagePresentsThePageAgainWithIt() async {
        let fake = WatchedWorkerFake()
        let (sut, spy) = await makeSUT(fake)
        sut.showEpisode(request: .init(season: 1, index: 1))
        XCTAssertNil(spy.episodes.last?.rating)
        await sut.rateEpisode(request: .init(season: 1, index: 1, rating: UserRating(8), onPage: true)).value
        XCTAssertEqual(spy.episodes.count, 2)
        XCTAssertEqual(spy.episodes.last?.rating, UserRating(8))
        XCTAssertEqual(spy.episodes.last?.episode.id, 2)
    }

    func testSpecialsAreMarkedAndRatedUnderSeasonZeroInAiringOrder() async {
        let fake = WatchedWorkerFake()
        let (sut, spy) = await makeSUT(fake)
        // The second special: kept as S0E2.
        await sut.markWatched(request: .init(season: 0, index: 1, specials: true)).value
        XCTAssertEqual(spy.responses.last?.watchMessage, "special 2 marked watched · u undoes")
        await sut.rateEpisode(request: .init(season: 0, index: 1, specials: true, rating: UserRating(6))).value
        XCTAssertEqual(spy.responses.last?.watchMessage, "special 2 rated 6")
        await sut.markWatched(request: .init(season: 0, index: 1, throughHere: true, specials: true)).value
        XCTAssertEqual(spy.responses.last?.watchMessage, "W marks the seasons' episodes; w marks a special")
        XCTAssertEqual(spy.responses.last?.plays, [key(0, 2): 1])
        XCTAssertEqual(spy.responses.last?.ratings, rated(key(0, 2), 6))
        let calls = await fake.calls
        XCTAssertEqual(calls, ["add S0E2", "rate S0E2 6"])
    }

    func testXMarksUnwatchedEveryPlayAndUPutsTheMarkBackWithItsPlays() async {
        let fake = WatchedWorkerFake([
            WatchedMark(key: WatchedEpisodeKey(show: show, season: 1, number: 3), showName: "Seven", markedAt: 100, plays: 2)
        ])
        let (sut, spy) = await makeSUT(fake)
        let task = sut.markUnwatched(request: .init(season: 1, index: 2))
        XCTAssertEqual(spy.responses.last?.plays, [:], "on screen at once")
        XCTAssertEqual(spy.responses.last?.watchMessage, "S01E03 marked unwatched (2 plays) · u undoes")
        await task.value
        await sut.undoWatched(request: .init()).value
        XCTAssertEqual(spy.responses.last?.plays, [key(1, 3): 2])
        let restored = await fake.record(of: show).value.marks.first
        XCTAssertEqual(restored?.plays, 2)
        XCTAssertEqual(restored?.markedAt, 100, "the first time kept")
        // x on an unwatched episode changes nothing.
        await sut.markUnwatched(request: .init(season: 1, index: 0)).value
        XCTAssertEqual(spy.responses.last?.watchMessage, "S01E01 is not marked watched")
        let calls = await fake.calls
        XCTAssertEqual(calls, ["remove S1E3", "add S1E3"])
    }

    func testSAndOTurnTheShowsSettingsAndTheProgressFollows() async {
        let fake = WatchedWorkerFake([
            WatchedMark(key: WatchedEpisodeKey(show: show, season: 1, number: 1), showName: "Seven", markedAt: 1),
            WatchedMark(key: WatchedEpisodeKey(show: show, season: 1, number: 3), showName: "Seven", markedAt: 1)
        ])
        let (sut, spy) = await makeSUT(fake)
        XCTAssertEqual(spy.responses.last?.settings, .standard)
        XCTAssertEqual(spy.responses.last?.progress?.nextUnwatched?.id, 4, "aired order: after the furthest, E3")
        let task = sut.changeSettings(request: .init(setting: .order))
        XCTAssertEqual(spy.responses.last?.settings?.order, .any, "on screen at once")
        XCTAssertEqual(spy.responses.last?.progress?.nextUnwatched?.id, 2, "any order: the first not watched")
        XCTAssertEqual(spy.responses.last?.watchMessage, "Specials not counted · order any")
        await task.value
        await sut.changeSettings(request: .init(setting: .specials)).value
        XCTAssertEqual(spy.responses.last?.settings, ShowWatchSettings(countsSpecials: true, order: .any))
        XCTAssertEqual(spy.responses.last?.progress?.totalCount, 6)
        XCTAssertEqual(spy.responses.last?.progress?.nextUnwatched?.id, 50)
        let calls = await fake.calls
        XCTAssertEqual(calls, ["settings specials not counted · order any", "settings specials counted · order any"])
    }

    func testALateAnswerNeverTakesBackANewerKeysChange() async {
        let fake = WatchedWorkerFake()
        let (sut, spy) = await makeSUT(fake)
        // 9 then 7 back to back: the store answers 9 first, while 7 is still being saved.
        let first = sut.rateEpisode(request: .init(season: 1, index: 0, rating: UserRating(9)))
        let second = sut.rateEpisode(request: .init(season: 1, index: 0, rating: UserRating(7)))
        let shownAfter = spy.responses.count
        await first.value
        await second.value
        let later = spy.responses.dropFirst(shownAfter - 1)
        XCTAssertFalse(later.isEmpty)
        XCTAssertEqual(Set(later.map { $0.ratings[key(1, 1)] }), [UserRating(7)], "never 9 again once 7 was pressed")
        // w twice back to back: one mark, then one more play; never one play once two are shown.
        let mark = sut.markWatched(request: .init(season: 1, index: 1))
        let play = sut.markWatched(request: .init(season: 1, index: 1))
        let count = spy.responses.count
        await mark.value
        await play.value
        XCTAssertEqual(Set(spy.responses.dropFirst(count - 1).map { $0.plays[key(1, 2)] }), [2])
    }
}
