import Domain
import Foundation
import Terminal
import TestSupport
import XCTest

@testable import Scenes

/// Marks and ratings in memory, as the store gives them to Stats (only `allMarks`,
/// `marksForCounting`, `allRatings` and `stamp` are read; anything else is a failure). Counts
/// the reads of the marks; `change()` moves the stamp on as a saved change would, and a fake
/// made with `stamps: false` cannot tell its stamp.
actor StatsWatchedFake: WatchedWorking {
    let marks: [WatchedMark]
    let ratings: UserRatings
    private let stamps: Bool
    private var changes: Int64 = 0
    private(set) var reads = 0
    init(_ marks: [WatchedMark], ratings: UserRatings = UserRatings(), stamps: Bool = true) {
        self.marks = marks
        self.ratings = ratings
        self.stamps = stamps
    }
    func change() { changes += 1 }
    func stamp() async -> WatchedStamp? { stamps ? WatchedStamp(connection: 1, changes: changes, dataVersion: 1) : nil }
    func allMarks() async -> WatchedAnswer<[WatchedMark]> { WatchedAnswer(value: marks) }
    func marksForCounting() async -> WatchedAnswer<[WatchedMark]> {
        reads += 1
        return WatchedAnswer(value: marks)
    }
    func allRatings() async -> WatchedAnswer<UserRatings> { WatchedAnswer(value: ratings) }
    private func unexpected<T>(_ value: T) -> WatchedAnswer<T> {
        XCTFail("Stats only reads")
        return WatchedAnswer(value: value)
    }
    func add(_ new: [WatchedMark]) async -> WatchedAnswer<[WatchedMark]> { unexpected([]) }
    func remove(_ episodes: [WatchedEpisodeKey]) async -> WatchedAnswer<[WatchedMark]> { unexpected([]) }
    func marks(of show: WatchedShowID) async -> WatchedAnswer<[WatchedMark]> { unexpected([]) }
    func startedShows() async -> WatchedAnswer<[WatchedShowSummary]> { unexpected([]) }
    func addPlays(_ new: [WatchedMark]) async -> WatchedAnswer<[WatchedMark]> { unexpected([]) }
    func removePlays(_ episodes: [WatchedEpisodeKey]) async -> WatchedAnswer<[WatchedMark]> { unexpected([]) }
    func rate(_ episode: WatchedEpisodeKey, showName: String, rating: UserRating?, at: Int) async -> WatchedAnswer<ShowWatchRecord> { unexpected(ShowWatchRecord()) }
    func rateShow(_ show: WatchedShowID, name: String, rating: UserRating?, at: Int) async -> WatchedAnswer<ShowWatchRecord> { unexpected(ShowWatchRecord()) }
    func setSettings(_ show: WatchedShowID, name: String, settings: ShowWatchSettings) async -> WatchedAnswer<ShowWatchRecord> { unexpected(ShowWatchRecord()) }
    func record(of show: WatchedShowID) async -> WatchedAnswer<ShowWatchRecord> { unexpected(ShowWatchRecord()) }
}

/// Facts by show id, recording which shows were asked for and whether with ratings.
actor ShowFactsStub: ShowFactsWorking {
    let known: [Int: ShowFacts]
    private(set) var asked: [Int: Bool] = [:]
    init(_ known: [Int: ShowFacts]) { self.known = known }
    func facts(of show: WatchedShowID, ratings: Bool) async -> ShowFacts {
        asked[show.id] = ratings
        return known[show.id] ?? ShowFacts()
    }
}

/// The Stats scene: a year's figures drawn at 80 and 200 columns (summary, the grid with its
/// months and shades, the top lists, the ratings), `[` and `]` between years, sent back to
/// back and one at a time, no year after the current one, and Favourites' `S` opening it.
@MainActor
final class StatsSceneTests: XCTestCase {
    /// 2024-12-01 12:00 UTC.
    private let now = Date(timeIntervalSince1970: 1_733_054_400)

    private func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 20) -> Int {
        CivilDays.days(CalendarDate(year: year, month: month, day: day) ?? .unixEpoch) * 86_400 + hour * 3600
    }

    private func mark(_ number: Int, at: Int) -> WatchedMark {
        WatchedMark(key: WatchedEpisodeKey(show: WatchedShowID(provider: "TVmaze", id: 82), season: 1, number: number), showName: "Game of Thrones", markedAt: at)
    }

    /// Five plays in 2024 (two on 2 January) and one on 2023-12-31; 60-minute episodes.
    private var marks: [WatchedMark] {
        [mark(1, at: at(2023, 12, 31)), mark(2, at: at(2024, 1, 1)), mark(3, at: at(2024, 1, 2)), mark(4, at: at(2024, 1, 2, 21)), mark(5, at: at(2024, 1, 3)), mark(6, at: at(2024, 3, 10))]
    }

    private var facts: ShowFacts {
        let episodes = (1...10).map { Episode(id: $0, season: 1, number: $0, name: "E\($0)", airDate: CalendarDate(year: 2011, month: 4, day: $0), runtimeMinutes: 60) }
        return ShowFacts(
            show: TVShow(id: 82, name: "Game of Thrones", genres: ["Drama", "Fantasy"], broadcaster: Broadcaster(name: "HBO", kind: .network)),
            cast: [CastMember(personName: "Peter Dinklage", characterName: nil), CastMember(personName: "Lena Headey", characterName: nil)],
            episodes: ShowEpisodes(showID: 82, episodes: episodes, source: .embeddedSnapshot(provider: .tvmaze, capturedOn: nil)))
    }

    /// The scene wired over the fakes, its year's first read done.
    private func makeScene(year: Int? = nil) async -> (view: StatsViewController, navigator: NavigatorSpy, effects: RunningEffects) {
        let effects = RunningEffects()
        let clock = AirClock.fixed(at: now, viewer: .utc, zones: [:])
        let reader = StatsAhead(watched: StatsWatchedFake(marks), facts: ShowFactsStub([82: facts]), clock: clock)
        let sut = StatsInteractor(reader: reader, clock: clock, year: year, effects: effects)
        let presenter = StatsPresenter()
        let view = StatsViewController()
        let router = StatsRouter()
        let navigator = NavigatorSpy()
        sut.presenter = presenter
        presenter.viewController = view
        view.interactor = sut
        view.router = router
        router.dataStore = sut
        router.navigator = navigator
        view.sceneDidAppear()
        await effects.finished()
        return (view, navigator, effects)
    }

    private func frame(_ view: StatsViewController, width: Int, height: Int = 40, repertoire: GlyphRepertoire = .unicode) -> [String] {
        let canvas = GridCanvas(width: width, height: height, text: CellText(repertoire: repertoire))
        view.draw(on: canvas, in: canvas.bounds)
        return (0..<height).map(canvas.line)
    }

    func testTheYearIsDrawnAt80ColumnsWithItsSummaryGridTopListsAndRatingsLine() async throws {
        let (view, _, _) = await makeScene(year: 2024)
        XCTAssertEqual(view.title, "Your year in TV · 2024")
        XCTAssertEqual(view.statusBar.source, "2024 · 5 episodes")
        let lines = frame(view, width: 80)
        XCTAssertEqual(lines[0].trimmingCharacters(in: .whitespaces), "5 episodes · 5 h")
        XCTAssertEqual(lines[1].trimmingCharacters(in: .whitespaces), "Shows: 0 started · 0 finished · 1 dropped")
        XCTAssertEqual(lines[2].trimmingCharacters(in: .whitespaces), "Longest streak: 3 days, Mon 1 Jan – Wed 3 Jan")
        XCTAssertEqual(lines[3].trimmingCharacters(in: .whitespaces), "Busiest day: Tue 2 Jan, 2 episodes · busiest weekday: Tuesday, 2 episodes")
        // The grid: months over the weeks, one cell a day (2024 starts on a Monday).
        XCTAssertTrue(lines[5].hasPrefix("    Jan Feb Mar"), lines[5])
        // One play is half the busiest day's two: the second step.
        XCTAssertTrue(lines[6].hasPrefix("Mon ▒···"), lines[6])
        XCTAssertTrue(lines[7].hasPrefix("Tue █···"), "the busiest day is the darkest: " + lines[7])
        XCTAssertTrue(lines[8].hasPrefix("Wed ▒···"), lines[8])
        XCTAssertEqual(lines[12].filter { $0 == "▒" }.count, 1, "10 March, a Sunday: " + lines[12])
        XCTAssertTrue(lines[13].contains("less · ░ ▒ ▓ █ more"), lines[13])
        // Days after today (1 December) have no cell: December's Monday the 2nd on is blank.
        XCTAssertEqual(lines[6].count(where: { "·░▒▓█".contains($0) }), 48, lines[6])
        XCTAssertTrue(lines[15].hasPrefix("Top genres"), lines[15])
        XCTAssertTrue(lines[15].contains("Top networks") && lines[15].contains("Top people"), lines[15])
        XCTAssertTrue(lines[16].hasPrefix("Drama") && lines[16].contains("HBO") && lines[16].contains("Peter Dinklage"), lines[16])
        XCTAssertTrue(lines.allSatisfy { $0.count <= 80 })
    }

    func testAt200ColumnsADayTakesTwoCellsAndInASCIITheShadesAreCharacters() async throws {
        let (view, _, _) = await makeScene(year: 2024)
        let wide = frame(view, width: 200)
        XCTAssertTrue(wide[6].hasPrefix("Mon ▒▒····"), wide[6])
        XCTAssertTrue(wide[5].hasPrefix("    Jan     Feb"), wide[5])
        let ascii = frame(view, width: 80, repertoire: .ascii)
        XCTAssertTrue(ascii[7].hasPrefix("Tue #..."), ascii[7])
        XCTAssertTrue(ascii[13].contains("less . : + * # more"), ascii[13])
        XCTAssertTrue(ascii.joined().unicodeScalars.allSatisfy(\.isASCII))
    }

    func testBracketsMoveBetweenYearsBackToBackAndOneAtATimeButNotPastThisYear() async throws {
        let (view, _, effects) = await makeScene()
        XCTAssertEqual(view.viewModel?.year, 2024, "the current year by default")
        // Back to back: two years back before either read ends.
        XCTAssertTrue(view.handle(key: .character("[")))
        XCTAssertTrue(view.handle(key: .character("p")))
        await effects.finished()
        XCTAssertEqual(view.viewModel?.year, 2022)
        XCTAssertEqual(view.viewModel?.countLabel, "2022 · 0 episodes")
        XCTAssertNotNil(view.viewModel?.emptyMessage)
        // One at a time, each read awaited.
        XCTAssertTrue(view.handle(key: .character("]")))
        await effects.finished()
        XCTAssertEqual(view.viewModel?.year, 2023)
        XCTAssertEqual(view.viewModel?.countLabel, "2023 · 1 episode")
        XCTAssertTrue(view.handle(key: .character("n")))
        await effects.finished()
        XCTAssertEqual(view.viewModel?.countLabel, "2024 · 5 episodes")
        XCTAssertTrue(view.handle(key: .character("]")))
        await effects.finished()
        XCTAssertEqual(view.viewModel?.year, 2024)
        XCTAssertEqual(view.statusBar.message, "2024 is the current year: no later one to show")
    }

    func testNoYearBefore1970() async throws {
        let (view, _, effects) = await makeScene(year: 1970)
        XCTAssertEqual(view.viewModel?.countLabel, "1970 · 0 episodes")
        XCTAssertTrue(view.handle(key: .character("[")))
        await effects.finished()
        XCTAssertEqual(view.viewModel?.year, 1970)
        XCTAssertEqual(view.statusBar.message, "1970 is the first year counted: no earlier one to show")
    }

    func testScrollingStopsAtTheEndAndEscGoesBack() async throws {
        let (view, navigator, _) = await makeScene(year: 2024)
        _ = frame(view, width: 80, height: 10)
        XCTAssertTrue(view.handle(key: .end))
        let end = view.scroll
        XCTAssertGreaterThan(end, 0)
        XCTAssertTrue(view.handle(key: .down))
        XCTAssertEqual(view.scroll, end, "no further than the last line")
        XCTAssertTrue(view.handle(key: .character("g")))
        XCTAssertEqual(view.scroll, 0)
        XCTAssertTrue(view.handle(key: .escape))
        XCTAssertEqual(navigator.pops, 1)
        XCTAssertFalse(view.handle(key: .character("z")))
    }

    func testFavouritesSOpensTheStatsScene() {
        let navigator = NavigatorSpy()
        let router = FavouritesRouter { (ShowDetailViewController(), ShowDetailInteractor(worker: TVShowsWorkerStub(pages: []))) }
        router.navigator = navigator
        let stats = StatsViewController()
        router.makeStats = { stats }
        let view = FavouritesViewController()
        view.router = router
        XCTAssertTrue(view.handle(key: .character("S")))
        XCTAssertTrue(navigator.pushed.first === stats)
        XCTAssertTrue(FavouritesViewController.keyMap.helpEntries().contains { $0.keys == "S" })
    }
}
