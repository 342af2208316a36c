import Domain
import Foundation
import Terminal
import TestSupport
import XCTest

@testable import Scenes

/// The Continue scene's cycle over a store in memory: `w` counts a play (the next episode of a
/// rewatch too), `w w` marks two episodes one after the other, `u` takes the last `w` back,
/// Enter picks the next episode for the guide (keys typed before the rows wait for them), the
/// Presenter's rows say Rewatching and the person's rating, and the guide starts on the
/// picked episode's row.
@MainActor
final class ContinueSceneTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_764_633_600) // 2025-12-02 00:00 UTC
    private let show = WatchedShowID(provider: "TVmaze", id: 5)

    final class PresenterSpy: ContinuePresentationLogic {
        var responses: [ContinueWatching.LoadList.Response] = []
        func presentList(response: ContinueWatching.LoadList.Response) { responses.append(response) }
    }

    final class DisplaySpy: ContinueDisplayLogic {
        var viewModel: ContinueWatching.LoadList.ViewModel?
        func displayList(viewModel: ContinueWatching.LoadList.ViewModel) { self.viewModel = viewModel }
    }

    final class RouterSpy: ContinueRoutingLogic, ContinueDataPassing {
        weak var dataStore: ContinueDataStore?
        var guides: [(show: TVShow, provider: String, season: Int?, episode: SeasonAndNumber?)] = []
        var quits = 0
        var stats = 0
        func routeToGuide() { dataStore?.picked.map { guides.append($0) } }
        func routeToStats() { stats += 1 }
        func routeToQuit() { quits += 1 }
    }

    /// Four aired episodes of season 1 and a special aired after E02.
    private var list: ShowEpisodes {
        let regular = (1...4).map { n in
            Episode(id: 50 + n, season: 1, number: n, name: "Part \(n)", airDate: CalendarDate(year: 2024, month: 1, day: n * 2), airstamp: nil)
        }
        let special = Episode(id: 59, season: 1, number: nil, name: "Extra", airDate: CalendarDate(year: 2024, month: 1, day: 5), isSpecial: true)
        return ShowEpisodes(showID: 5, episodes: regular + [special], source: .live(provider: .tvmaze))
    }

    private func key(_ season: Int, _ number: Int) -> WatchedEpisodeKey { WatchedEpisodeKey(show: show, season: season, number: number) }

    private func mark(_ number: Int, plays: Int = 1) -> WatchedMark {
        WatchedMark(key: key(1, number), showName: "Five Parts", markedAt: 1_000 + number, plays: plays)
    }

    private func interactor(_ fake: WatchedFake) -> (ContinueInteractor, PresenterSpy) {
        let lists = [5: list]
        let fixed = now
        let sut = ContinueInteractor(watched: fake, episodes: { _ in OutlineStub(lists: lists) }, now: { fixed })
        let spy = PresenterSpy()
        sut.presenter = spy
        return (sut, spy)
    }

    private func next(_ spy: PresenterSpy) -> String? { spy.responses.last?.items.first?.progress?.nextUnwatched?.code }

    func testWOnARewatchCountsASecondPlayOfTheNextEpisodeAndTheRowMovesOn() async {
        // Every episode watched once, E01 again: round two, E02 next.
        let fake = WatchedFake([mark(1, plays: 2), mark(2), mark(3), mark(4)])
        let (sut, spy) = interactor(fake)
        await sut.loadList(request: .init()).value
        XCTAssertEqual(next(spy), "S01E02")
        XCTAssertEqual(spy.responses.last?.items.first?.progress?.isRewatching, true)
        await sut.markNext(request: .init(id: "TVmaze/5")).value
        let plays = await fake.plays(key(1, 2))
        XCTAssertEqual(plays, 2, "a play counted, not a mark kept as it was")
        XCTAssertEqual(next(spy), "S01E03")
        XCTAssertEqual(spy.responses.last?.message, "S01E02 of Five Parts marked watched (play 2) · u undoes")
        XCTAssertEqual(spy.responses.last?.messageIsError, false)
    }

    func testWTwiceBackToBackMarksTwoEpisodesOneAfterTheOther() async {
        let fake = WatchedFake([mark(1)])
        let (sut, spy) = interactor(fake)
        await sut.loadList(request: .init()).value
        // Neither awaited before the second: the second waits for the first's list.
        let first = sut.markNext(request: .init(id: "TVmaze/5"))
        let second = sut.markNext(request: .init(id: "TVmaze/5"))
        await first.value
        await second.value
        let counts = await [fake.plays(key(1, 2)), fake.plays(key(1, 3))]
        XCTAssertEqual(counts, [1, 1])
        XCTAssertEqual(next(spy), "S01E04")
        XCTAssertEqual(spy.responses.last?.message, "S01E03 of Five Parts marked watched · u undoes")
        // u takes a first watch back whole: the episode is unmarked again.
        await sut.undoMark(request: .init()).value
        let undone = await [fake.plays(key(1, 2)), fake.plays(key(1, 3))]
        XCTAssertEqual(undone, [1, 0])
        XCTAssertEqual(next(spy), "S01E03")
        XCTAssertEqual(spy.responses.last?.message, "S01E03 of Five Parts marked unwatched again")
    }

    func testUTakesTheLastWBackThenHasNothingToUndo() async {
        let fake = WatchedFake([mark(1, plays: 2), mark(2), mark(3), mark(4)])
        let (sut, spy) = interactor(fake)
        await sut.loadList(request: .init()).value
        await sut.undoMark(request: .init()).value
        XCTAssertEqual(spy.responses.last?.message, "Nothing to undo")
        await sut.markNext(request: .init(id: "TVmaze/5")).value
        await sut.undoMark(request: .init()).value
        let plays = await fake.plays(key(1, 2))
        XCTAssertEqual(plays, 1, "one play taken back, the first watch kept")
        let changes = await fake.changes.map { "\($0.sign)\($0.keys.map { "\($0.season)x\($0.number)" })" }
        XCTAssertEqual(changes, ["+[\"1x2\"]", "-[\"1x2\"]"])
        XCTAssertEqual(next(spy), "S01E02")
        XCTAssertEqual(spy.responses.last?.message, "S01E02 of Five Parts back to 1 play")
        await sut.undoMark(request: .init()).value
        XCTAssertEqual(spy.responses.last?.message, "Nothing to undo")
        let unchanged = await fake.changes.count
        XCTAssertEqual(unchanged, 2)
    }

    func testWOnACaughtUpShowSaysSoAndChangesNothing() async {
        let fake = WatchedFake([mark(1), mark(2), mark(3), mark(4)])
        let (sut, spy) = interactor(fake)
        await sut.loadList(request: .init()).value
        await sut.markNext(request: .init(id: "TVmaze/5")).value
        XCTAssertEqual(spy.responses.last?.message, "Five Parts: nothing aired left to watch")
        let changes = await fake.changes.count
        XCTAssertEqual(changes, 0)
    }

    func testEnterPicksTheNextEpisodeBySeasonAndKeyAndASpecialBySeasonZero() async {
        let fake = WatchedFake([mark(1)])
        let (sut, _) = interactor(fake)
        await sut.loadList(request: .init()).value
        sut.openNext(request: .init(id: "TVmaze/5"))
        XCTAssertEqual(sut.picked?.show.id, 5)
        XCTAssertEqual(sut.picked?.provider, "TVmaze")
        XCTAssertEqual(sut.picked?.season, 1)
        XCTAssertEqual(sut.picked?.episode, SeasonAndNumber(season: 1, number: 2))
        // With the specials counted, E02 watched: the special is next, kept in season 0.
        _ = await fake.setSettings(show, name: "Five Parts", settings: ShowWatchSettings(countsSpecials: true, order: .aired))
        await sut.markNext(request: .init(id: "TVmaze/5")).value
        sut.openNext(request: .init(id: "TVmaze/5"))
        XCTAssertEqual(sut.picked?.season, 0)
        XCTAssertEqual(sut.picked?.episode, SeasonAndNumber(season: 0, number: 1))
        // `w` on it marks the special under that key.
        await sut.markNext(request: .init(id: "TVmaze/5")).value
        let special = await fake.plays(key(0, 1))
        XCTAssertEqual(special, 1)
    }

    func testEachReadTakesTheEpisodesSourcesAsTheyAreThen() async {
        let fixed = now
        let sut = ContinueInteractor(watched: WatchedFake([mark(1)]), episodes: { _ in nil }, now: { fixed })
        let spy = PresenterSpy()
        sut.presenter = spy
        var lists: [Int: ShowEpisodes] = [:]
        sut.currentEpisodes = {
            let now = lists
            return { _ in OutlineStub(lists: now) }
        }
        await sut.loadList(request: .init()).value
        XCTAssertEqual(spy.responses.last?.items.first?.problem, "no episode list recorded")
        // The shows list's source changed meanwhile: the next read takes the new one.
        lists = [5: list]
        await sut.loadList(request: .init()).value
        XCTAssertEqual(next(spy), "S01E02")
    }

    func testRowsSayRewatchingAndTheRatingAndTheViewDrawsThem() async throws {
        let fake = WatchedFake([mark(1, plays: 2), mark(2), mark(3), mark(4)], ratings: [show: try XCTUnwrap(UserRating(8))])
        let (sut, _) = interactor(fake)
        let presenter = ContinuePresenter(clock: .fixed(at: now, viewer: .utc, zones: [:]))
        let view = ContinueViewController()
        sut.presenter = presenter
        presenter.viewController = view
        await sut.loadList(request: .init()).value
        let row = try XCTUnwrap(view.viewModel?.rows.first)
        XCTAssertEqual(row.next, "Rewatching · S01E02 ‘Part 2’")
        XCTAssertEqual(row.detail, "3 left")
        XCTAssertEqual(row.rating, "you 8")
        XCTAssertFalse(row.isDone)
        let canvas = GridCanvas(width: 100, height: 5)
        view.draw(on: canvas, in: Rect(row: 0, column: 0, height: 5, width: 100))
        let drawn = try XCTUnwrap((0..<5).map(canvas.line).first { $0.contains("Five Parts") })
        XCTAssertTrue(drawn.contains("you 8") && drawn.contains("Rewatching · S01E02 ‘Part 2’") && drawn.contains("3 left"), drawn)
        // Not rated: no rating, and no column for it.
        _ = await fake.rateShow(show, name: "Five Parts", rating: nil, at: 0)
        await sut.loadList(request: .init()).value
        XCTAssertEqual(view.viewModel?.rows.first?.rating, "")
        XCTAssertEqual(view.statusBar.hints, "⏎ guide  w watched  u undo  S stats  ? help  q quit")
    }

    func testEnterTypedBeforeTheRowsOpensTheGuideOnceTheyArrive() async {
        let lists = [5: list]
        let fixed = now
        let effects = RunningEffects()
        let sut = ContinueInteractor(watched: WatchedFake([mark(1), mark(2)]), episodes: { _ in OutlineStub(lists: lists) }, now: { fixed }, effects: effects)
        let presenter = ContinuePresenter(clock: .fixed(at: now, viewer: .utc, zones: [:]))
        let view = ContinueViewController()
        let router = RouterSpy()
        router.dataStore = sut
        sut.presenter = presenter
        presenter.viewController = view
        view.interactor = sut
        view.router = router
        // `C` then Enter in one write: the scene appears and Enter comes before the rows.
        view.sceneDidAppear()
        XCTAssertEqual(view.viewModel?.isLoading, true)
        XCTAssertTrue(view.handle(key: .enter))
        XCTAssertTrue(router.guides.isEmpty)
        await effects.finished()
        XCTAssertEqual(router.guides.count, 1)
        XCTAssertEqual(router.guides.first?.episode, SeasonAndNumber(season: 1, number: 3))
        // S opens Stats over Continue.
        XCTAssertTrue(view.handle(key: .character("S")))
        XCTAssertEqual(router.stats, 1)
        // q quits: Continue is a section's first scene, with nothing to go back to.
        XCTAssertTrue(view.handle(key: .character("q")))
        XCTAssertEqual(router.quits, 1)
        XCTAssertFalse(view.handle(key: .escape))
    }

    func testTheRouterHandsTheEpisodeToTheGuideWhichStartsOnItsRow() async throws {
        let lists = [5: list]
        let guide = EpisodeGuideInteractor(worker: OutlineStub(lists: lists))
        let guideView = EpisodeGuideViewController()
        let guidePresenter = EpisodeGuidePresenter(clock: .fixed(at: now, viewer: .utc, zones: [:]))
        let navigator = NavigatorSpy()
        let router = ContinueRouter { _ in (guideView, guide) }
        let (sut, _) = interactor(WatchedFake([mark(1), mark(2)]))
        router.dataStore = sut
        router.navigator = navigator
        await sut.loadList(request: .init()).value
        sut.openNext(request: .init(id: "TVmaze/5"))
        router.routeToGuide()
        XCTAssertEqual(navigator.pushed.count, 1)
        XCTAssertEqual(guide.show?.id, 5)
        XCTAssertEqual(guide.startSeason, 1)
        XCTAssertEqual(guide.startEpisode, SeasonAndNumber(season: 1, number: 3))
        // The guide's presenter puts the cursor on that row.
        guidePresenter.viewController = guideView
        let show = try XCTUnwrap(guide.show)
        guidePresenter.presentGuide(response: .init(show: show, guide: list, isLoading: false, startSeason: 1, startEpisode: guide.startEpisode))
        XCTAssertEqual(guideView.cursor.season, 0)
        XCTAssertEqual(guideView.cursor.row, 2)
        // A special: the specials' column, its row by airing order.
        let special = EpisodeGuidePresenter.startPlace(list, columns: try XCTUnwrap(guideView.viewModel?.seasons), season: 0, episode: SeasonAndNumber(season: 0, number: 1))
        XCTAssertEqual(special.column, 1)
        XCTAssertEqual(special.row, 0)
        // An episode the list lacks: the start season's first row.
        let missing = EpisodeGuidePresenter.startPlace(list, columns: try XCTUnwrap(guideView.viewModel?.seasons), season: 1, episode: SeasonAndNumber(season: 1, number: 40))
        XCTAssertEqual(missing.column, 0)
        XCTAssertEqual(missing.row, 0)
    }
}
