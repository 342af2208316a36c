import Domain
import Foundation
import Terminal
import TestSupport
import Workers
import XCTest

@testable import Scenes

/// The person's part of the guide as the Presenter words it and the View draws it: plays and
/// ratings on the cells and rows, the "you vs source" chart (`v`), the header's progress and
/// settings, the episode page's `you 9`, and the keys (digits, Backspace no longer back).
@MainActor
final class EpisodeGuideYoursTests: XCTestCase {
    private let clock: Int64 = 1_764_590_400
    private var retained: [AnyObject] = []

    override func setUp() {
        super.setUp()
        setlocale(LC_ALL, "C.UTF-8")
    }

    private func gameOfThrones() async throws -> ShowEpisodes {
        let loaded = try await SnapshotEpisodesWorker().episodes(showID: 82)
        return try XCTUnwrap(loaded)
    }

    private func key(_ season: Int, _ number: Int) -> SeasonAndNumber { SeasonAndNumber(season: season, number: number) }

    private func present(_ response: EpisodeGuide.LoadGuide.Response) -> EpisodeGuide.LoadGuide.ViewModel? {
        let sut = EpisodeGuidePresenter(clock: .utc(at: clock))
        let spy = EpisodeGuideDisplayLogicSpy()
        sut.viewController = spy
        sut.presentGuide(response: response)
        return spy.viewModels.last
    }

    func testCellsAndRowsCarryPlaysAndRatingsAndTheirDifferenceFromTheSource() async throws {
        let guide = try await gameOfThrones()
        let plays = [key(1, 1): 2, key(1, 2): 1]
        let ratings = [key(1, 1): UserRating(9), key(1, 6): UserRating(7)].compactMapValues { $0 }
        let now = Date(timeIntervalSince1970: TimeInterval(clock))
        let vm = try XCTUnwrap(
            present(
                .init(
                    show: makeShow(id: 82, name: "Game of Thrones"), guide: guide, isLoading: false, plays: plays, ratings: ratings,
                    settings: .standard, progress: WatchProgress(episodes: guide, plays: plays, settings: .standard, now: now))))
        let season = vm.seasons[0]
        XCTAssertEqual(season.cells[0].rating, "8.2")
        XCTAssertEqual(season.cells[0].yours, "9")
        XCTAssertEqual(season.cells[0].yourStep, .excellent)
        XCTAssertTrue(season.cells[0].watched)
        XCTAssertEqual(season.cells[0].comparison, "you 9 · TVmaze 8.2 · +0.8")
        XCTAssertEqual(season.cells[5].comparison, "you 7 · TVmaze 8.6 · -1.6")
        XCTAssertEqual(season.cells[2].comparison, "not rated by you · TVmaze " + (season.cells[2].rating ?? ""))
        XCTAssertNil(season.cells[2].yours)
        XCTAssertEqual(season.rows[0].plays, 2)
        XCTAssertEqual(season.rows[1].plays, 1)
        XCTAssertEqual(season.rows[2].plays, 0)
        XCTAssertEqual(season.rows[5].yours, "7")
        XCTAssertEqual(season.rows[5].yourStep, .fair)
        XCTAssertEqual(season.yourAverage, "8.0")
        XCTAssertEqual(season.yourAverageStep, .good)
        XCTAssertNil(vm.seasons[1].yourAverage)
        XCTAssertTrue(vm.hasYourRatings)
        XCTAssertEqual(vm.watchLine, "Watched S1 E2 of 73 · 3 % · next S01E03 · specials not counted · order aired")
        XCTAssertEqual(vm.comparisonTitle, "You vs TVmaze")
        // The averages over the episodes both rated: 8.0 against (8.2 + 8.6) / 2.
        XCTAssertEqual(vm.comparisonSummary, "You rated 2 · you 8.0 · TVmaze 8.4 · -0.4 on average")
        XCTAssertEqual(EpisodeGuidePresenter.difference(8, 8.04), "same")
        XCTAssertEqual(EpisodeGuidePresenter.comparison(UserRating(5), nil, source: "TMDB"), "you 5 · TMDB unrated")
        // Without a watched store: no header, no comparison.
        let plain = try XCTUnwrap(present(.init(show: makeShow(id: 82, name: "Game of Thrones"), guide: guide, isLoading: false)))
        XCTAssertNil(plain.watchLine)
        XCTAssertEqual(plain.seasons[0].cells[0].comparison, "")
        XCTAssertEqual(plain.comparisonSummary, "You have rated no episode: 1–9 and 0 (10) rate the one under the cursor")
    }

    func testANewRoundSaysRewatchingInTheHeader() async throws {
        let guide = try await gameOfThrones()
        var plays = Dictionary(uniqueKeysWithValues: guide.regularEpisodes.compactMap { episode in episode.number.map { (key(episode.season, $0), 1) } })
        plays[key(1, 1)] = 2
        let now = Date(timeIntervalSince1970: TimeInterval(clock))
        let settings = ShowWatchSettings(countsSpecials: true, order: .any)
        let vm = present(
            .init(
                show: makeShow(id: 82, name: "Game of Thrones"), guide: guide, isLoading: false, plays: plays, settings: settings,
                progress: WatchProgress(episodes: guide, plays: plays, settings: settings, now: now)))
        XCTAssertEqual(vm?.watchLine, "Rewatching S1 E1 of 73 · 100 % · next S01E02 · specials counted · order any")
    }

    func testTheEpisodePageSaysYourRatingBesideTheSourcesAndThePlays() async throws {
        let guide = try await gameOfThrones()
        let sut = EpisodeGuidePresenter(clock: .utc(at: clock))
        let spy = EpisodeGuideDisplayLogicSpy()
        sut.viewController = spy
        let episode = guide.seasons[0].episodes[0]
        sut.presentEpisode(response: .init(showName: "Game of Thrones", episode: episode, rating: UserRating(9), plays: 2))
        let page = try XCTUnwrap(spy.episodes.last)
        XCTAssertEqual(page.subtitle, "Game of Thrones · S01E01 · ★ 8.2 · you 9")
        let rating = try XCTUnwrap(page.facts.first { $0.label == "Rating" }?.value)
        XCTAssertTrue(rating.hasPrefix("8.2 / 10") && rating.hasSuffix(" · you 9"), rating)
        XCTAssertEqual(page.facts.last, .init(label: "Watched", value: "2 plays"))
        XCTAssertEqual(page.episodeID, episode.id)
        let unrated = Episode(id: 9, season: 1, number: 3, name: "X")
        sut.presentEpisode(response: .init(showName: "X", episode: unrated, rating: UserRating(4)))
        XCTAssertEqual(spy.episodes.last?.facts.first { $0.label == "Rating" }?.value, "you 4")
        XCTAssertFalse(spy.episodes.last?.facts.contains { $0.label == "Watched" } ?? true, "not watched: no plays said")
    }

    // MARK: The View

    /// The guide over Game of Thrones' recorded episodes with a watched store in memory.
    private func makeScene() async throws -> (EpisodeGuideViewController, RunningEffects, WatchedWorkerFake, NavigatorSpy) {
        let effects = RunningEffects()
        let vc = EpisodeGuideViewController()
        let interactor = EpisodeGuideInteractor(worker: SnapshotEpisodesWorker(), effects: effects)
        let presenter = EpisodeGuidePresenter(clock: .utc(at: clock))
        let fake = WatchedWorkerFake()
        let router = EpisodeGuideRouter()
        let navigator = NavigatorSpy()
        router.navigator = navigator
        vc.router = router
        vc.interactor = interactor
        interactor.presenter = presenter
        interactor.watchedWorker = fake
        let fixed = Date(timeIntervalSince1970: TimeInterval(clock))
        interactor.wallClock = { fixed }
        presenter.viewController = vc
        interactor.show = makeShow(id: 82, name: "Game of Thrones")
        retained = [interactor, presenter, router, navigator]
        await interactor.loadGuide(request: .init()).value
        await effects.finished()
        return (vc, effects, fake, navigator)
    }

    private func draw(_ vc: EpisodeGuideViewController, _ width: Int = 80, _ height: Int = 24, ascii: Bool = false) -> GridCanvas {
        let grid = GridCanvas(width: width, height: height, text: CellText(repertoire: ascii ? .ascii : .unicode), colorInUse: true)
        vc.draw(on: grid, in: grid.bounds)
        return grid
    }

    private func lines(_ grid: GridCanvas) -> [String] { (0..<grid.height).map { grid.line($0) } }

    func testTheHeaderTakesARowAndTheChartStillShowsTenEpisodesAt80By24() async throws {
        let (vc, _, _, _) = try await makeScene()
        let grid = draw(vc)
        XCTAssertEqual(grid.line(0).trimmingCharacters(in: .whitespaces), "Watched 0 of 73 · 0 % · next S01E01 · specials not counted · order aired")
        XCTAssertTrue(grid.line(1).contains("S1   S2"), grid.line(1))
        XCTAssertTrue(grid.line(11).hasPrefix(" E10"), grid.line(11))
        XCTAssertTrue(lines(grid).contains { $0.contains("▌ S01E01  Winter is Coming") }, lines(grid).joined(separator: "\n"))
    }

    func testDigitsWAndBackspaceInTheChartAndBackspaceNoLongerGoesBack() async throws {
        let (vc, effects, fake, navigator) = try await makeScene()
        // 9, then w twice, back to back.
        for key: Key in [.character("9"), .character("w"), .character("w")] { XCTAssertTrue(vc.handle(key: key)) }
        await effects.finished()
        XCTAssertEqual(vc.viewModel?.message, "S01E01 watched again · 2 plays · u undoes")
        var grid = draw(vc)
        XCTAssertTrue(grid.line(0).contains("Watched S1 E1 of 73 · 1 %"), grid.line(0))
        let header = try XCTUnwrap(lines(grid).first { $0.contains("Ep      Name") })
        XCTAssertTrue(header.hasSuffix("Rating  You"), header)
        let row = try XCTUnwrap(lines(grid).first { $0.contains("S01E01  Winter is Coming") })
        XCTAssertTrue(row.hasPrefix("▌ ✓2 S01E01"), row)
        XCTAssertTrue(row.hasSuffix("8.2    9"), row)
        let calls = await fake.calls
        XCTAssertEqual(calls, ["rate S1E1 9", "add S1E1", "play S1E1"])
        // Backspace clears the rating and stays; Delete too; Esc goes back.
        XCTAssertTrue(vc.handle(key: .backspace))
        await effects.finished()
        XCTAssertEqual(vc.viewModel?.message, "rating of S01E01 cleared")
        XCTAssertEqual(navigator.pops, 0)
        grid = draw(vc)
        XCTAssertFalse(lines(grid).contains { $0.contains("Rating  You") }, "no rating of yours: no column")
        XCTAssertTrue(vc.handle(key: .delete))
        XCTAssertEqual(vc.viewModel?.message, "S01E01 has no rating of yours to clear")
        XCTAssertEqual(navigator.pops, 0)
        XCTAssertTrue(vc.handle(key: .escape))
        XCTAssertEqual(navigator.pops, 1)
    }

    func testVChartsYourRatingsAgainstTheSourcesAndSaysSoInTheLegend() async throws {
        let (vc, effects, _, _) = try await makeScene()
        _ = vc.handle(key: .character("9"))
        _ = vc.handle(key: .down)
        _ = vc.handle(key: .character("0"))
        await effects.finished()
        XCTAssertTrue(vc.handle(key: .character("v")))
        for ascii in [false, true] {
            let grid = draw(vc, 80, 24, ascii: ascii)
            let all = lines(grid)
            // Your ratings in S1's cells, the rest unrated and dim.
            XCTAssertTrue(grid.line(2).hasPrefix("  E1    9 "), grid.line(2))
            XCTAssertTrue(grid.line(3).hasPrefix("  E2   10 "), grid.line(3))
            XCTAssertTrue(grid.line(4).hasPrefix("  E3    " + (ascii ? "-" : "·")), grid.line(4))
            XCTAssertEqual(grid.cells[4][8].role, .dim)
            XCTAssertEqual(grid.cells[2][8].role, .ratingExcellent)
            // S1's average of yours; the cursor's episode against TVmaze; the whole show's.
            XCTAssertTrue(grid.line(12).hasPrefix(" Avg  9.5 "), grid.line(12))
            let dot = ascii ? "." : "·"
            XCTAssertTrue(grid.line(13).hasPrefix(" You vs TVmaze: S01E02 you 10 \(dot) TVmaze "), grid.line(13))
            XCTAssertTrue(grid.line(14).hasPrefix(" You rated 2 \(dot) you 9.5 \(dot) TVmaze "), grid.line(14))
            // The legend says whose ratings the cells are.
            XCTAssertTrue(grid.line(15).hasPrefix(" you: <6 6.0 7.0 8.0 8.5 9+"), grid.line(15))
            XCTAssertEqual(grid.cells[15][1].role, .accent)
            if ascii { XCTAssertTrue(all.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, all.joined(separator: "\n")) }
        }
        // Wider, the steps are named after `you:`.
        XCTAssertTrue(draw(vc, 90, 24).line(15).hasPrefix(" you: poor <6  weak 6.0"), draw(vc, 90, 24).line(15))
        // v again: the source's ratings.
        _ = vc.handle(key: .character("v"))
        let grid = draw(vc)
        XCTAssertTrue(grid.line(2).hasPrefix("  E1  8.2"), grid.line(2))
        XCTAssertTrue(lines(grid).contains { $0.contains("Best: S02E09") })
    }

    func testDigitsAndBackspaceOnTheEpisodesPageRateItAndEscStillCloses() async throws {
        let (vc, effects, fake, navigator) = try await makeScene()
        _ = vc.handle(key: .down)
        _ = vc.handle(key: .enter)
        XCTAssertEqual(vc.episode?.title, "The Kingsroad")
        for _ in 0..<3 { _ = vc.handle(key: .down) }
        let scrolled = draw(vc, 80, 12).line(0)
        _ = vc.handle(key: .character("5"))
        await effects.finished()
        XCTAssertEqual(draw(vc, 80, 12).line(0), scrolled, "the page keeps its scroll")
        XCTAssertTrue(vc.episode?.subtitle.hasSuffix("· you 5") ?? false, vc.episode?.subtitle ?? "")
        XCTAssertEqual(vc.statusBar.message, "S01E02 rated 5")
        XCTAssertEqual(vc.statusBar.hints, "↑↓ scroll  1–9 0 rate  Esc back to the chart")
        _ = vc.handle(key: .backspace)
        await effects.finished()
        XCTAssertNotNil(vc.episode, "Backspace clears, it does not close the page")
        XCTAssertFalse(vc.episode?.subtitle.contains("you") ?? true)
        _ = vc.handle(key: .character("q"))
        XCTAssertNil(vc.episode)
        XCTAssertEqual(navigator.pops, 0)
        let calls = await fake.calls
        XCTAssertEqual(calls, ["rate S1E2 5", "rate S1E2 clear"])
    }
}
