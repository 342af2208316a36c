import Domain
import Foundation
import Terminal
import TestSupport
import XCTest

@testable import Scenes

/// Marks in memory, as `WatchedWorking` keeps them, recording each call.
actor WatchedWorkerFake: WatchedWorking {
    private var marks: [WatchedEpisodeKey: WatchedMark] = [:]
    private var ratings: [WatchedEpisodeKey: UserRating] = [:]
    private var showRatings: [WatchedShowID: UserRating] = [:]
    private var settings: [WatchedShowID: ShowWatchSettings] = [:]
    private(set) var calls: [String] = []

    init(_ initial: [WatchedMark] = []) {
        for mark in initial { marks[mark.key] = mark }
    }

    private func of(_ shows: Set<WatchedShowID>) -> [WatchedMark] {
        marks.values.filter { shows.contains($0.key.show) }.sorted { $0.key < $1.key }
    }

    func add(_ new: [WatchedMark]) async -> WatchedAnswer<[WatchedMark]> {
        calls.append("add \(new.map { "S\($0.key.season)E\($0.key.number)" }.joined(separator: ","))")
        for mark in new where marks[mark.key] == nil { marks[mark.key] = mark }
        return WatchedAnswer(value: of(Set(new.map(\.key.show))))
    }

    func remove(_ episodes: [WatchedEpisodeKey]) async -> WatchedAnswer<[WatchedMark]> {
        calls.append("remove \(episodes.map { "S\($0.season)E\($0.number)" }.joined(separator: ","))")
        for key in episodes { marks[key] = nil }
        return WatchedAnswer(value: of(Set(episodes.map(\.show))))
    }

    func marks(of show: WatchedShowID) async -> WatchedAnswer<[WatchedMark]> { WatchedAnswer(value: of([show])) }
    func allMarks() async -> WatchedAnswer<[WatchedMark]> { WatchedAnswer(value: marks.values.sorted { $0.key < $1.key }) }
    func marksForCounting() async -> WatchedAnswer<[WatchedMark]> { await allMarks() }
    func startedShows() async -> WatchedAnswer<[WatchedShowSummary]> { WatchedAnswer(value: []) }
    func stamp() async -> WatchedStamp? { nil }

    func addPlays(_ new: [WatchedMark]) async -> WatchedAnswer<[WatchedMark]> {
        calls.append("play \(new.map { "S\($0.key.season)E\($0.key.number)" }.joined(separator: ","))")
        for mark in new {
            let old = marks[mark.key]
            marks[mark.key] = WatchedMark(
                key: mark.key, showName: mark.showName, markedAt: old?.markedAt ?? mark.markedAt, plays: (old?.plays ?? 0) + 1,
                lastPlayedAt: mark.markedAt)
        }
        return WatchedAnswer(value: of(Set(new.map(\.key.show))))
    }

    func removePlays(_ episodes: [WatchedEpisodeKey]) async -> WatchedAnswer<[WatchedMark]> {
        calls.append("unplay \(episodes.map { "S\($0.season)E\($0.number)" }.joined(separator: ","))")
        for key in episodes {
            guard let old = marks[key] else { continue }
            marks[key] = old.plays > 1 ? WatchedMark(key: key, showName: old.showName, markedAt: old.markedAt, plays: old.plays - 1) : nil
        }
        return WatchedAnswer(value: of(Set(episodes.map(\.show))))
    }

    func rate(_ episode: WatchedEpisodeKey, showName: String, rating: UserRating?, at: Int) async -> WatchedAnswer<ShowWatchRecord> {
        calls.append("rate S\(episode.season)E\(episode.number) \(rating.map(String.init(describing:)) ?? "clear")")
        ratings[episode] = rating
        return WatchedAnswer(value: current(episode.show))
    }

    func rateShow(_ show: WatchedShowID, name: String, rating: UserRating?, at: Int) async -> WatchedAnswer<ShowWatchRecord> {
        calls.append("rate show \(rating.map(String.init(describing:)) ?? "clear")")
        showRatings[show] = rating
        return WatchedAnswer(value: current(show))
    }

    func setSettings(_ show: WatchedShowID, name: String, settings new: ShowWatchSettings) async -> WatchedAnswer<ShowWatchRecord> {
        calls.append("settings \(new.summary)")
        settings[show] = new
        return WatchedAnswer(value: current(show))
    }

    func record(of show: WatchedShowID) async -> WatchedAnswer<ShowWatchRecord> { WatchedAnswer(value: current(show)) }

    func allRatings() async -> WatchedAnswer<UserRatings> {
        WatchedAnswer(
            value: UserRatings(
                shows: showRatings.map { RatedShow(show: $0.key, name: "", rating: $0.value, ratedAt: 0) }.sorted { $0.show < $1.show },
                episodes: ratings.map { RatedEpisode(key: $0.key, showName: "", rating: $0.value, ratedAt: 0) }.sorted { $0.key < $1.key }))
    }

    private func current(_ show: WatchedShowID) -> ShowWatchRecord {
        var episodeRatings: [SeasonAndNumber: UserRating] = [:]
        for (key, rating) in ratings where key.show == show { episodeRatings[SeasonAndNumber(season: key.season, number: key.number)] = rating }
        return ShowWatchRecord(marks: of([show]), episodeRatings: episodeRatings, rating: showRatings[show], settings: settings[show] ?? .standard)
    }
}

/// `w`, `W` and `u` in the guide's Interactor: what is marked on screen, what is saved, and
/// that an unaired episode is left out of `W`.
@MainActor
final class EpisodeGuideWatchedTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_764_633_600)
    private var guide: ShowEpisodes {
        ShowEpisodes(
            showID: 7,
            episodes: (1...4).map { n in
                Episode(id: n, season: 1, number: n, name: "E\(n)", airstamp: now.addingTimeInterval(n == 4 ? 3_600 : -86_400))
            }, source: .live(provider: ProviderName.tvmaze))
    }

    /// Two seasons of three: all aired but the last of season 2.
    private var twoSeasons: ShowEpisodes {
        ShowEpisodes(
            showID: 7,
            episodes: (0..<6).map { i in
                Episode(id: 10 + i, season: 1 + i / 3, number: 1 + i % 3, name: "E\(i)", airstamp: now.addingTimeInterval(i == 5 ? 3_600 : -86_400))
            }, source: .live(provider: ProviderName.tvmaze))
    }

    private func makeSUT(_ fake: WatchedWorkerFake, guide: ShowEpisodes? = nil) async -> (EpisodeGuideInteractor, EpisodeGuidePresentationLogicSpy, RunningEffects) {
        let effects = RunningEffects()
        let sut = EpisodeGuideInteractor(worker: EpisodesWorkerStub([.success(guide ?? self.guide)]), clock: ImmediateClock(), effects: effects)
        let spy = EpisodeGuidePresentationLogicSpy()
        sut.presenter = spy
        sut.show = makeShow(id: 7, name: "Seven")
        sut.watchedWorker = fake
        let fixed = now
        sut.wallClock = { fixed }
        await sut.loadGuide(request: .init()).value
        await effects.finished()
        return (sut, spy, effects)
    }

    private func marked(_ spy: EpisodeGuidePresentationLogicSpy) -> [Int] {
        (spy.responses.last?.watched ?? []).sorted().map(\.number)
    }

    func testCapitalWMarksTheAiredEpisodesUpToTheCursorInOneSaveAndUUndoesIt() async {
        let fake = WatchedWorkerFake([
            WatchedMark(
                key: WatchedEpisodeKey(show: WatchedShowID(provider: ProviderName.tvmaze.name, id: 7), season: 1, number: 2),
                showName: "Seven", markedAt: 1)
        ])
        let (sut, spy, _) = await makeSUT(fake)
        XCTAssertEqual(marked(spy), [2], "the stored mark is read with the guide")
        // W on E4, which airs in an hour: E1 and E3 are added, E2 was already there, E4 is left.
        let task = sut.markWatched(request: .init(season: 1, index: 3, throughHere: true))
        XCTAssertEqual(marked(spy), [1, 2, 3], "on screen at once")
        XCTAssertEqual(spy.responses.last?.watchMessage, "S01E01–S01E04 marked watched (2) · u undoes")
        await task.value
        let calls = await fake.calls
        XCTAssertEqual(calls, ["add S1E1,S1E3"])
        XCTAssertEqual(marked(spy), [1, 2, 3])
        await sut.undoWatched(request: .init()).value
        XCTAssertEqual(marked(spy), [2])
        let after = await fake.calls
        XCTAssertEqual(after, ["add S1E1,S1E3", "remove S1E1,S1E3"])
        XCTAssertEqual(spy.responses.last?.watchMessage, "Undone")
    }

    func testSmallWMarksThenCountsAPlayAndUTakesOnlyThatPlayBack() async {
        let fake = WatchedWorkerFake()
        let (sut, spy, _) = await makeSUT(fake)
        await sut.markWatched(request: .init(season: 1, index: 0)).value
        XCTAssertEqual(marked(spy), [1])
        XCTAssertEqual(spy.responses.last?.watchMessage, "S01E01 marked watched · u undoes")
        // w on a watched episode: one more play, on screen at once, not a mark taken off.
        let again = sut.markWatched(request: .init(season: 1, index: 0))
        XCTAssertEqual(spy.responses.last?.plays[SeasonAndNumber(season: 1, number: 1)], 2, "on screen at once")
        XCTAssertEqual(spy.responses.last?.watchMessage, "S01E01 watched again · 2 plays · u undoes")
        await again.value
        XCTAssertEqual(spy.responses.last?.plays[SeasonAndNumber(season: 1, number: 1)], 2, "as the store holds it")
        // u takes that play back, and only it.
        await sut.undoWatched(request: .init()).value
        XCTAssertEqual(spy.responses.last?.plays, [SeasonAndNumber(season: 1, number: 1): 1])
        XCTAssertEqual(spy.responses.last?.watchMessage, "Undone")
        let calls = await fake.calls
        XCTAssertEqual(calls, ["add S1E1", "play S1E1", "unplay S1E1"])
    }

    func testCapitalWOnASeasonsHeadingMarksThatSeasonsAiredEpisodesOnly() async {
        let fake = WatchedWorkerFake()
        let (sut, spy, effects) = await makeSUT(fake, guide: twoSeasons)
        let presenter = EpisodeGuidePresenter(clock: .utc(at: Int64(now.timeIntervalSince1970)))
        let view = EpisodeGuideViewController()
        sut.presenter = presenter
        presenter.viewController = view
        view.interactor = sut
        await sut.loadGuide(request: .init()).value
        // → to season 2, ↓ then ↑ ↑: the heading.
        for key: Key in [.right, .down, .up, .up] { _ = view.handle(key: key) }
        XCTAssertTrue(view.cursor.onHeading)
        XCTAssertEqual(view.statusBar.position, "S2 · 2/2")
        _ = view.handle(key: .character("w"))
        XCTAssertEqual(view.viewModel?.message, "On a season's heading, W marks the season's aired episodes watched")
        _ = view.handle(key: .character("W"))
        await effects.finished()
        let calls = await fake.calls
        XCTAssertEqual(calls, ["add S2E1,S2E2"])
        XCTAssertEqual(view.viewModel?.message, "S02E01–S02E02 marked watched (2) · u undoes")
        _ = view.handle(key: .down)
        XCTAssertFalse(view.cursor.onHeading)
        XCTAssertEqual(view.statusBar.position, "S2 E1 · 2/2")
        _ = spy
    }
}
