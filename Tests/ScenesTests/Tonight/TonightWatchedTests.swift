import Domain
import Foundation
import Terminal
import TestSupport
import Workers
import XCTest

@testable import Scenes

/// Acting from the Tonight scene's lists: `w` marks the selected episode in a real watched
/// database (one more play each time), the row dims with `✓`, `u` takes it back; a season
/// released on one day is one row that Enter opens; Esc from New this week goes back to the
/// list it came from; the marks already kept dim the rows as a list loads.
@MainActor
final class TonightWatchedTests: XCTestCase {
    struct OneDay: ScheduleWorking {
        var entries: [ScheduleEntry]
        func schedule(countryCode: String, date: CalendarDate) async throws -> Schedule? { nil }
        func webSchedule(date: CalendarDate) async throws -> Schedule? {
            Schedule(countryCode: nil, date: date, entries: entries, source: .live(provider: .tvmaze))
        }
    }

    final class RouterSpy: TonightRoutingLogic, TonightDataPassing {
        var dataStore: TonightDataStore?
        var backs = 0
        func routeToShowDetail() {}
        func routeBack() { backs += 1 }
        func routeToQuit() {}
    }

    private let day = CalendarDate(year: 2024, month: 1, day: 1) ?? .unixEpoch
    private let start = 1_704_067_200 // 2024-01-01 00:00 UTC

    private func entry(_ show: Int, _ name: String, season: Int, number: Int, hour: Int) -> ScheduleEntry {
        ScheduleEntry(
            airstamp: Date(timeIntervalSince1970: Double(start + hour * 3600)), show: TVShow(id: show, name: name),
            episode: Episode(id: show * 1000 + season * 10 + number, season: season, number: number, name: "Episode \(number)", airDate: day),
            channelName: "Netflix", isWeb: true)
    }

    /// A day: one episode of "Slow Horses" at 06:00, then "The Tourist" season 2 released whole
    /// (3 episodes) at 09:00.
    private var entries: [ScheduleEntry] {
        [entry(1, "Slow Horses", season: 4, number: 2, hour: 6)] + (1...3).map { entry(2, "The Tourist", season: 2, number: $0, hour: 9) }
    }

    private func clock() throws -> AirClock {
        let rules = try XCTUnwrap(ZoneInfoDatabase(environment: [:]).rules(named: "UTC"), "tzdata")
        return .fixed(at: Date(timeIntervalSince1970: Double(start + 3600)), viewer: rules, zones: [:])
    }

    /// The scene wired as the factory wires it, over a real watched database in a temporary home.
    private func scene(_ home: TemporaryHome, listing: Tonight.Listing = .tonight) throws
        -> (view: TonightViewController, worker: WatchedWorker, effects: RunningEffects, router: RouterSpy)
    {
        let worker = WatchedWorker(directory: home.path)
        let effects = RunningEffects()
        let interactor = TonightInteractor(
            schedules: OneDay(entries: entries), country: "US", today: { [day] in day }, favourites: { [] }, episodes: { _ in nil },
            premiereDays: { [day] in ([day], true) }, watched: worker, now: { [start] in Date(timeIntervalSince1970: Double(start)) }, effects: effects)
        let presenter = TonightPresenter(clock: try clock())
        let view = TonightViewController(listing: listing, date: day)
        let router = RouterSpy()
        view.interactor = interactor
        view.router = router
        interactor.presenter = presenter
        presenter.viewController = view
        return (view, worker, effects, router)
    }

    private func screen(_ view: TonightViewController, width: Int = 160, repertoire: GlyphRepertoire = .unicode) -> [String] {
        let canvas = GridCanvas(width: width, height: 12, text: CellText(repertoire: repertoire))
        view.draw(on: canvas, in: Rect(row: 0, column: 0, height: 12, width: width))
        return (0..<12).map(canvas.line)
    }

    private func plays(_ worker: WatchedWorker, show: Int) async -> [Int: Int] {
        let marks = await worker.marks(of: WatchedShowID(provider: ProviderName.tvmaze.name, id: show)).value
        return Dictionary(marks.map { ($0.key.number, $0.plays) }, uniquingKeysWith: +)
    }

    func testWMarksTheSelectedEpisodeWatchedAgainAPlayMoreAndUTakesEachBack() async throws {
        let home = try TemporaryHome(for: self)
        let (view, worker, effects, _) = try scene(home)
        view.sceneDidAppear()
        await effects.finished()
        XCTAssertTrue(screen(view)[1].contains("Slow Horses"), screen(view).joined(separator: "\n"))
        // When w is pressed on Slow Horses (the first row)
        XCTAssertTrue(view.handle(key: .character("w")))
        XCTAssertTrue(screen(view)[1].contains("✓ Slow Horses"), "dim at once, before the save answers")
        XCTAssertEqual(view.statusBar.message, "Slow Horses S04E02 marked watched · u undoes")
        await effects.finished()
        // Then the database holds the mark, and the row stays dim with the store's answer
        let saved = await plays(worker, show: 1)
        XCTAssertEqual(saved, [2: 1])
        XCTAssertTrue(screen(view)[1].contains("✓ Slow Horses"))
        // w again is one more play; u takes one back, then the other
        XCTAssertTrue(view.handle(key: .character("w")))
        await effects.finished()
        XCTAssertEqual(view.statusBar.message, "Slow Horses S04E02 watched again · 2 plays · u undoes")
        let twice = await plays(worker, show: 1)
        XCTAssertEqual(twice, [2: 2])
        XCTAssertTrue(view.handle(key: .character("u")))
        await effects.finished()
        XCTAssertEqual(view.statusBar.message, "Undone: Slow Horses S04E02")
        let once = await plays(worker, show: 1)
        XCTAssertEqual(once, [2: 1])
        XCTAssertTrue(view.handle(key: .character("u")))
        XCTAssertEqual(view.statusBar.message, "Nothing to undo")
        // A row of no episode (Upcoming's What changed) marks nothing, and says so.
        await view.interactor?.markWatched(request: .init(ids: ["changed-1-0"], listing: .upcoming)).value
        XCTAssertEqual(view.statusBar.message, "This row has no episode to mark")
        let none = await plays(worker, show: 1)
        XCTAssertEqual(none, [2: 1], "nothing more marked")
        // The message lasts until the next key.
        XCTAssertTrue(view.handle(key: .down))
        XCTAssertNotEqual(view.statusBar.message, "Nothing to undo")
    }

    func testASeasonReleasedOnOneDayIsOneRowThatEnterOpensAndWMarksWhole() async throws {
        let home = try TemporaryHome(for: self)
        let (view, worker, effects, _) = try scene(home)
        view.sceneDidAppear()
        await effects.finished()
        var lines = screen(view)
        let folded = try XCTUnwrap(lines.first { $0.contains("The Tourist") }, lines.joined(separator: "\n"))
        XCTAssertTrue(folded.contains("S02E01–E03") && folded.contains("▸ 3 episodes · the whole season") && folded.contains("S2 ▶"), folded)
        XCTAssertEqual(lines.filter { $0.contains("The Tourist") }.count, 1, "folded: one row")
        XCTAssertEqual(view.statusBar.position, "1/2")
        // Enter on it shows its three episodes under it; Enter again hides them
        XCTAssertTrue(view.handle(key: .down))
        XCTAssertTrue(view.handle(key: .enter))
        lines = screen(view)
        XCTAssertEqual(lines.filter { $0.contains("The Tourist") }.count, 4, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.contains("▾ 3 episodes") })
        XCTAssertTrue(lines.contains { $0.contains("S02E03") && $0.contains("Episode 3") })
        // w on the folded row marks its episodes, one transaction
        XCTAssertTrue(view.handle(key: .character("w")))
        XCTAssertEqual(view.statusBar.message, "The Tourist: 3 episodes marked watched (S02E01–S02E03) · u undoes")
        await effects.finished()
        let saved = await plays(worker, show: 2)
        XCTAssertEqual(saved, [1: 1, 2: 1, 3: 1])
        XCTAssertEqual(screen(view).filter { $0.contains("✓ The Tourist") }.count, 4, "the row and its episodes dim")
        XCTAssertTrue(view.handle(key: .enter))
        XCTAssertEqual(screen(view).filter { $0.contains("The Tourist") }.count, 1)
        // In ASCII the marks are the sanitiser's.
        let ascii = screen(view, repertoire: .ascii)
        XCTAssertTrue(ascii.contains { $0.contains("v The Tourist") && $0.contains("> 3 episodes") }, ascii.joined(separator: "\n"))
    }

    func testTheMarksAlreadyKeptDimTheirRowsWhenTheListLoads() async throws {
        let home = try TemporaryHome(for: self)
        let keeper = WatchedWorker(directory: home.path)
        let key = WatchedEpisodeKey(show: WatchedShowID(provider: ProviderName.tvmaze.name, id: 1), season: 4, number: 2)
        _ = await keeper.add([WatchedMark(key: key, showName: "Slow Horses", markedAt: start)])
        let (view, _, effects, _) = try scene(home)
        view.sceneDidAppear()
        await effects.finished()
        let lines = screen(view)
        XCTAssertTrue(lines.contains { $0.contains("✓ Slow Horses") }, lines.joined(separator: "\n"))
        XCTAssertFalse(lines.contains { $0.contains("✓ The Tourist") })
    }

    func testEscFromNewThisWeekGoesBackToTheListItWasOpenedFrom() async throws {
        let home = try TemporaryHome(for: self)
        let (view, _, effects, router) = try scene(home)
        XCTAssertTrue(view.handle(key: .character("n")))
        XCTAssertEqual(view.listing, .premieres)
        XCTAssertTrue(view.handle(key: .escape))
        XCTAssertEqual(view.listing, .tonight, "Esc from New this week: Tonight")
        XCTAssertEqual(router.backs, 0)
        XCTAssertTrue(view.handle(key: .character("t")))
        XCTAssertEqual(view.listing, .upcoming)
        XCTAssertTrue(view.handle(key: .character("n")))
        XCTAssertTrue(view.handle(key: .escape))
        XCTAssertEqual(view.listing, .upcoming, "opened from Upcoming: back to it")
        XCTAssertTrue(view.handle(key: .escape))
        XCTAssertEqual(router.backs, 1, "Esc on another list leaves the scene")
        XCTAssertTrue(TonightViewController.help.entries.contains { $0.keys == "✓ dim" && $0.action.hasPrefix("Watched") })
        XCTAssertTrue(TonightViewController.help.entries.contains { $0.keys == "FINALE" })
        await effects.finished()
    }
}
