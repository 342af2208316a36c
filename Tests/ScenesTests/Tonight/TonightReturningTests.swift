import Domain
import Foundation
import Terminal
import TestSupport
import Workers
import XCTest

@testable import Scenes

/// New this week keeps a later season only when it returns after a break (its show's seasons
/// asked once a show; kept when they cannot be read), never a year-numbered season; a season
/// released whole on its day is one item with its episodes, drawn as one folded row; Upcoming
/// says what changed first.
@MainActor
final class TonightReturningTests: XCTestCase {
    struct Day: ScheduleWorking {
        var entries: [ScheduleEntry]
        func schedule(countryCode: String, date: CalendarDate) async throws -> Schedule? { nil }
        func webSchedule(date: CalendarDate) async throws -> Schedule? {
            Schedule(countryCode: nil, date: date, entries: entries, source: .live(provider: .tvmaze))
        }
    }

    /// Seasons by show id; a show in `failing` cannot be asked; every request is counted.
    final class Seasons: SeasonsWorking, @unchecked Sendable {
        let byShow: [Int: [SeasonSummary]]
        let failing: Set<Int>
        private let lock = NSLock()
        private var askedShows: [Int] = []
        init(_ byShow: [Int: [SeasonSummary]], failing: Set<Int> = []) {
            self.byShow = byShow
            self.failing = failing
        }
        var asked: [Int] { lock.withLock { askedShows } }
        func seasons(showID: Int) async throws -> [SeasonSummary]? {
            lock.withLock { askedShows.append(showID) }
            if failing.contains(showID) { throw SourceError.rateLimited(provider: .tvmaze, retryAfterSeconds: nil) }
            return byShow[showID]
        }
    }

    final class Spy: TonightDisplayLogic {
        var premieres: Tonight.LoadPremieres.ViewModel?
        var upcoming: Tonight.LoadUpcoming.ViewModel?
        func displaySchedule(viewModel: Tonight.LoadSchedule.ViewModel) {}
        func displayUpcoming(viewModel: Tonight.LoadUpcoming.ViewModel) { upcoming = viewModel }
        func displayPremieres(viewModel: Tonight.LoadPremieres.ViewModel) { premieres = viewModel }
        func displayWatched(viewModel: Tonight.WatchedMessage.ViewModel) {}
    }

    private let monday = CalendarDate(iso: "2024-01-01") ?? .unixEpoch
    private func day(_ text: String) -> CalendarDate { CalendarDate(iso: text) ?? .unixEpoch }

    private func entry(_ show: Int, _ name: String, season: Int, number: Int) -> ScheduleEntry {
        ScheduleEntry(
            airstamp: Date(timeIntervalSince1970: 1_704_096_000), show: TVShow(id: show, name: name),
            episode: Episode(id: show * 10_000 + season * 10 + number, season: season, number: number, name: "Episode \(number)", airDate: monday),
            channelName: "BBC iPlayer", isWeb: true)
    }

    private var entries: [ScheduleEntry] {
        [
            entry(1, "The Tourist", season: 2, number: 1), entry(2, "WWE Monday Night RAW", season: 31, number: 1),
            entry(3, "EastEnders", season: 2024, number: 1), entry(4, "Asked Too Often", season: 5, number: 1),
            entry(5, "Unrecorded", season: 3, number: 1)
        ] + (1...4).map { entry(6, "Fool Me Once", season: 1, number: $0) }
    }

    private var seasons: Seasons {
        Seasons(
            [
                1: [SeasonSummary(number: 1, ended: day("2022-01-23")), SeasonSummary(number: 2, episodeCount: 6)],
                2: [SeasonSummary(number: 30, ended: day("2023-12-25")), SeasonSummary(number: 31)]
            ], failing: [4])
    }

    /// The days `PremiereDays.fetch` reads, off the main actor.
    nonisolated private static func read(_ schedules: Day, days: [CalendarDate], seasons: Seasons) async -> [Tonight.LoadPremieres.Day] {
        var read: [Tonight.LoadPremieres.Day] = []
        await PremiereDays.fetch(schedules, country: "US", days: days, recorded: true, seasons: seasons) { read.append($0) }
        return read
    }

    func testOnlyReturningSeasonsStayAndEachShowsSeasonsAreAskedOnce() async throws {
        let source = seasons
        let items = await Self.read(Day(entries: entries), days: [monday, monday], seasons: source).flatMap(\.items)
        XCTAssertEqual(items.count, 8, "four a day, two days")
        XCTAssertEqual(Set(items.map(\.entry.show.name)), ["Fool Me Once", "The Tourist", "Asked Too Often", "Unrecorded"])
        XCTAssertFalse(items.contains { $0.entry.episode.season >= 1900 })
        XCTAssertFalse(items.contains { $0.entry.show.name == "WWE Monday Night RAW" }, "a week's break: it continues")
        XCTAssertEqual(source.asked.sorted(), [1, 2, 4, 5], "once a show over two days; never a series premiere's or a year-numbered season's")
        let tourist = try XCTUnwrap(items.first { $0.entry.show.id == 1 })
        XCTAssertEqual(tourist.episodeOrder, 6)
        let fool = try XCTUnwrap(items.first { $0.entry.show.id == 6 })
        XCTAssertEqual(fool.drop.map(\.episode.number), [1, 2, 3, 4], "released whole on the day")
        XCTAssertTrue(tourist.drop.isEmpty)
    }

    func testAFoldedPremiereIsOneRowFollowedByItsEpisodes() async throws {
        let days = await Self.read(Day(entries: entries), days: [monday], seasons: seasons)
        let rules = try XCTUnwrap(ZoneInfoDatabase(environment: [:]).rules(named: "UTC"), "tzdata")
        let presenter = TonightPresenter(clock: .fixed(at: Date(timeIntervalSince1970: 1_704_067_200), viewer: rules, zones: [:]))
        let spy = Spy()
        presenter.viewController = spy
        presenter.presentPremieres(response: .init(days: days, asked: [monday], isLoading: false, recorded: true))
        let rows = try XCTUnwrap(spy.premieres?.rows)
        let top = try XCTUnwrap(rows.first)
        XCTAssertEqual(top.show, "Fool Me Once")
        XCTAssertEqual(top.badge, "NEW")
        XCTAssertEqual(top.episodeCode, "S01E01–E04")
        XCTAssertEqual(top.episodeName, "4 episodes · the whole season")
        XCTAssertEqual(top.opens, 4)
        XCTAssertEqual(top.dayHeading, "Today · Mon 1 Jan")
        XCTAssertEqual(rows[1...4].map(\.childOf), Array(repeating: top.id, count: 4))
        XCTAssertEqual(rows[1...4].map(\.episodeCode), ["S01E01", "S01E02", "S01E03", "S01E04"])
        XCTAssertTrue(rows[5...].allSatisfy { $0.childOf == nil && $0.opens == 0 })
    }

    func testUpcomingSaysWhatChangedFirst() throws {
        let rules = try XCTUnwrap(ZoneInfoDatabase(environment: [:]).rules(named: "UTC"), "tzdata")
        let presenter = TonightPresenter(clock: .fixed(at: Date(timeIntervalSince1970: 1_704_067_200), viewer: rules, zones: [:]))
        let spy = Spy()
        presenter.viewController = spy
        let was = Episode(id: 7, season: 5, number: 3, name: "Tomorrow", airDate: day("2024-01-03"))
        let now = Episode(id: 7, season: 5, number: 3, name: "Tomorrow", airDate: day("2024-01-10"))
        var moved = UpcomingEpisodes.Item(show: TVShow(id: 1, name: "Slow Horses"), next: now, error: nil)
        moved.changes = [.nextEpisodeMoved(was: was, now: now)]
        var ended = UpcomingEpisodes.Item(show: TVShow(id: 2, name: "The Crown"), next: nil, error: nil)
        ended.changes = [.ended]
        presenter.presentUpcoming(response: .init(UpcomingEpisodes(items: [moved, ended], isLoading: false, unsupported: 0)))
        let model = try XCTUnwrap(spy.upcoming)
        XCTAssertEqual(model.rows.prefix(2).map(\.episodeName), ["S05E03 moved: Wed 3 Jan → Wed 10 Jan", "ended"])
        XCTAssertEqual(model.rows.first?.dayHeading, "What changed")
        XCTAssertEqual(model.rows[1].dayHeading, nil)
        XCTAssertEqual(model.message, "2 changes since the last look: see What changed")
        XCTAssertEqual(model.rows.count, 4, "the changes, then a row a show")
    }
}
