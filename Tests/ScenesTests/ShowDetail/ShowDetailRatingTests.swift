import Domain
import Foundation
import Terminal
import TestSupport
import XCTest

@testable import Scenes

/// The person's verdict on a show and its progress in the details: `1`–`9`, `0` rate it,
/// Backspace and Delete clear the rating (Esc, ←, h and q still go back), `you 8` beside the
/// source's rating, and the `Watched` line counted by plays and settings (`rewatching`).
@MainActor
final class ShowDetailRatingTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_764_633_600)
    private let id = WatchedShowID(provider: ProviderName.tvmaze.name, id: 7)
    private var retained: [AnyObject] = []

    /// Four aired episodes of season 1, and a special aired before the first.
    private var guide: ShowEpisodes {
        var episodes = (1...4).map { n in
            Episode(id: n, season: 1, number: n, name: "E\(n)", airDate: CalendarDate(iso: "2025-01-0\(n)"))
        }
        episodes.append(Episode(id: 50, season: 1, number: nil, name: "Special", airDate: CalendarDate(iso: "2024-12-01"), isSpecial: true))
        return ShowEpisodes(showID: 7, episodes: episodes, source: .live(provider: ProviderName.tvmaze))
    }

    private func makeSUT(_ fake: WatchedWorkerFake) -> (ShowDetailInteractor, ShowDetailPresentationLogicSpy, RunningEffects) {
        let effects = RunningEffects()
        let sut = ShowDetailInteractor(worker: TVShowsWorkerStub(pages: []), clock: ImmediateClock(), effects: effects)
        let spy = ShowDetailPresentationLogicSpy()
        sut.presenter = spy
        sut.show = TVShow(id: 7, name: "Seven", rating: 8.5)
        sut.listedSource = .live(provider: .tvmaze)
        sut.watchedWorker = fake
        let list = guide
        sut.episodesFor = { _ in EpisodesWorkerStub([.success(list)]) }
        let fixed = now
        sut.wallClock = { fixed }
        return (sut, spy, effects)
    }

    private func mark(_ number: Int, season: Int = 1, plays: Int = 1) -> WatchedMark {
        WatchedMark(key: WatchedEpisodeKey(show: id, season: season, number: number), showName: "Seven", markedAt: 1, plays: plays)
    }

    func testADigitRatesTheShowAtOnceAndBackspaceClearsIt() async {
        let fake = WatchedWorkerFake()
        let (sut, spy, _) = makeSUT(fake)
        let task = sut.rateShow(request: .init(rating: UserRating.ofDigitKey("8")))
        XCTAssertEqual(spy.responses.last?.userRating, UserRating(8), "on screen at once")
        XCTAssertEqual(spy.responses.last?.ratingMessage, "Seven rated 8")
        await task.value
        XCTAssertEqual(spy.responses.last?.userRating, UserRating(8), "as the store holds it")
        await sut.rateShow(request: .init(rating: nil)).value
        XCTAssertNil(spy.responses.last?.userRating)
        XCTAssertEqual(spy.responses.last?.ratingMessage, "rating of Seven cleared")
        await sut.rateShow(request: .init(rating: nil)).value
        XCTAssertEqual(spy.responses.last?.ratingMessage, "Seven has no rating of yours to clear")
        let calls = await fake.calls
        XCTAssertEqual(calls, ["rate show 8", "rate show clear"])
        // A new scene reads the rating with the progress.
        _ = await fake.rateShow(id, name: "Seven", rating: UserRating(6), at: 1)
        let (again, againSpy, _) = makeSUT(fake)
        await again.loadProgress(request: .init()).value
        XCTAssertEqual(againSpy.responses.last?.userRating, UserRating(6))
    }

    func testAReadStartedBeforeARatingKeyNeverTakesItBack() async {
        // The scene appears (the record is read), and 8 is pressed before the read answers.
        let fake = WatchedWorkerFake([mark(1)])
        let (sut, spy, _) = makeSUT(fake)
        let read = sut.loadProgress(request: .init())
        let rate = sut.rateShow(request: .init(rating: UserRating(8)))
        await read.value
        await rate.value
        XCTAssertEqual(spy.responses.map(\.userRating), Array(repeating: UserRating(8), count: spy.responses.count))
        XCTAssertNotNil(spy.responses.last?.progress, "the read's progress is taken")
    }

    func testTheProgressCountsPlaysAndSettingsAndSaysARewatch() async {
        // Every episode once, E1 twice: a second round, at E1.
        let fake = WatchedWorkerFake([mark(1, plays: 2), mark(2), mark(3), mark(4)])
        let (sut, spy, _) = makeSUT(fake)
        await sut.loadProgress(request: .init()).value
        let progress = spy.responses.last?.progress
        XCTAssertEqual(progress?.isRewatching, true)
        XCTAssertEqual(progress?.totalCount, 4)
        XCTAssertEqual(progress.map(ShowDetailPresenter.watchedLine), "rewatching · S1 E1 of 4 · 100 % · next S01E02 ‘E2’")
        // Counting the specials: the special, first in order and never watched, is next.
        _ = await fake.setSettings(id, name: "Seven", settings: ShowWatchSettings(countsSpecials: true, order: .aired))
        await sut.loadProgress(request: .init()).value
        let counted = spy.responses.last?.progress
        XCTAssertEqual(counted?.totalCount, 5)
        XCTAssertEqual(counted?.isRewatching, false)
        XCTAssertEqual(counted.map(ShowDetailPresenter.watchedLine), "S1 E4 of 5 · 80 % · caught up")
    }

    func testThePresenterSaysYourRatingBesideTheSourcesAndTheRatingMessage() {
        let presenter = ShowDetailPresenter(now: { 1_764_633_600 }, airClock: .utc(at: 1_764_633_600))
        let display = ShowDetailDisplayLogicSpy()
        presenter.viewController = display
        var response = ShowDetail.LoadDetails.Response(show: TVShow(id: 7, name: "Seven", rating: 8.5), details: nil, isLoading: false, error: nil)
        response.userRating = UserRating(8)
        response.ratingMessage = "Seven rated 8"
        presenter.presentDetails(response: response)
        XCTAssertEqual(display.viewModels.last?.facts.first { $0.label == "Rating" }?.value, "8.5 / 10 · you 8")
        XCTAssertEqual(display.viewModels.last?.message, "Seven rated 8")
        XCTAssertEqual(display.viewModels.last?.messageIsError, false)
        XCTAssertEqual(ShowDetailPresenter.ratingFact(nil, yours: UserRating(10)), "you 10")
        XCTAssertNil(ShowDetailPresenter.ratingFact(nil, yours: nil))
        // A notice that the rating was not saved reads as an error.
        response.ratingMessage = "Watched episodes kept in memory only: …"
        response.ratingMessageIsError = true
        presenter.presentDetails(response: response)
        XCTAssertEqual(display.viewModels.last?.messageIsError, true)
    }

    func testBackspaceAndDeleteClearTheRatingAndEscLeftHAndQStillGoBack() async {
        let fake = WatchedWorkerFake()
        let (sut, _, effects) = makeSUT(fake)
        let presenter = ShowDetailPresenter(now: { 1_764_633_600 }, airClock: .utc(at: 1_764_633_600))
        let vc = ShowDetailViewController()
        let router = ShowDetailRouter()
        let navigator = NavigatorSpy()
        router.navigator = navigator
        vc.router = router
        vc.interactor = sut
        sut.presenter = presenter
        presenter.viewController = vc
        retained = [presenter, router, navigator]
        // 9, then 0 (10), back to back; then Backspace, then Delete.
        for key: Key in [.character("9"), .character("0")] { XCTAssertTrue(vc.handle(key: key)) }
        await effects.finished()
        XCTAssertEqual(vc.viewModel?.facts.first { $0.label == "Rating" }?.value, "8.5 / 10 · you 10")
        XCTAssertEqual(vc.statusBar.message, "Seven rated 10")
        XCTAssertTrue(vc.handle(key: .backspace))
        await effects.finished()
        XCTAssertEqual(vc.viewModel?.facts.first { $0.label == "Rating" }?.value, "8.5 / 10")
        XCTAssertEqual(vc.statusBar.message, "rating of Seven cleared")
        XCTAssertTrue(vc.handle(key: .delete))
        XCTAssertEqual(vc.statusBar.message, "Seven has no rating of yours to clear")
        XCTAssertEqual(navigator.pops, 0, "neither Backspace nor Delete goes back")
        let calls = await fake.calls
        XCTAssertEqual(calls, ["rate show 9", "rate show 10", "rate show clear"])
        for key: Key in [.escape, .left, .character("h"), .character("q")] { _ = vc.handle(key: key) }
        XCTAssertEqual(navigator.pops, 4)
    }
}
