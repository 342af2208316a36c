import Domain
import Foundation
import Terminal
import TestSupport
import Workers
import XCTest

@testable import Scenes

/// New this week (the Tonight scene's third list) and the badges on the Tonight, Upcoming and
/// Continue rows: the Interactor awaited through its Task, the Presenter with a fixed clock,
/// the view drawn cell by cell in Unicode and in ASCII.
@MainActor
final class TonightPremieresTests: XCTestCase {
    /// Answers each day with the entries made for it (the day's date kept).
    struct DailySchedules: ScheduleWorking {
        var web: @Sendable (CalendarDate) -> [ScheduleEntry]
        var local: @Sendable (CalendarDate) -> [ScheduleEntry] = { _ in [] }
        var failing: CalendarDate?
        func schedule(countryCode: String, date: CalendarDate) async throws -> Schedule? {
            Schedule(countryCode: countryCode, date: date, entries: local(date), source: .live(provider: .tvmaze))
        }
        func webSchedule(date: CalendarDate) async throws -> Schedule? {
            if date == failing { throw SourceError.unreachable(provider: .tvmaze, reason: "offline") }
            return Schedule(countryCode: nil, date: date, entries: web(date), source: .live(provider: .tvmaze))
        }
    }

    struct SeasonsStub: SeasonsWorking {
        var orders: [Int: [Int: Int]]
        func seasons(showID: Int) async throws -> [SeasonSummary]? {
            orders[showID].map { $0.sorted { $0.key < $1.key }.map { SeasonSummary(number: $0.key, episodeCount: $0.value) } }
        }
    }

    struct NextEpisodes: EpisodesWorking {
        var next: [Int: Episode]
        func episodes(showID: Int) async throws -> ShowEpisodes? { nil }
        func nextAndPreviousEpisode(showID: Int) async throws -> NextAndPreviousEpisode? {
            NextAndPreviousEpisode(showID: showID, next: next[showID], previous: nil, source: .live(provider: .tvmaze))
        }
    }

    final class Spy: TonightPresentationLogic, TonightDisplayLogic {
        var responses: [Tonight.LoadPremieres.Response] = []
        var upcoming: [Tonight.LoadUpcoming.Response] = []
        var upcomingModel: Tonight.LoadUpcoming.ViewModel?
        var premieresModel: Tonight.LoadPremieres.ViewModel?
        var scheduleModel: Tonight.LoadSchedule.ViewModel?
        func presentSchedule(response: Tonight.LoadSchedule.Response) {}
        func presentUpcoming(response: Tonight.LoadUpcoming.Response) { upcoming.append(response) }
        func presentPremieres(response: Tonight.LoadPremieres.Response) { responses.append(response) }
        func displaySchedule(viewModel: Tonight.LoadSchedule.ViewModel) { scheduleModel = viewModel }
        func displayUpcoming(viewModel: Tonight.LoadUpcoming.ViewModel) { upcomingModel = viewModel }
        func displayPremieres(viewModel: Tonight.LoadPremieres.ViewModel) { premieresModel = viewModel }
        func presentWatched(response: Tonight.WatchedMessage.Response) {}
        func displayWatched(viewModel: Tonight.WatchedMessage.ViewModel) {}
    }

    private let first = CalendarDate(year: 2024, month: 1, day: 1) ?? .unixEpoch

    private func days(_ count: Int) -> [CalendarDate] {
        (0..<count).map { CivilDays.date(CivilDays.days(first) + $0) }
    }

    nonisolated private static func entry(_ show: Int, _ name: String, season: Int, number: Int, at: Int, web: Bool = true) -> ScheduleEntry {
        ScheduleEntry(
            airstamp: Date(timeIntervalSince1970: Double(at)), show: TVShow(id: show, name: name),
            episode: Episode(id: show * 1000 + season * 10 + number, season: season, number: number, name: "Episode \(number)"),
            channelName: web ? "Netflix" : "NBC", isWeb: web)
    }

    private func clock(now: Int) throws -> AirClock {
        let rules = try XCTUnwrap(ZoneInfoDatabase(environment: [:]).rules(named: "UTC"), "tzdata")
        return .fixed(at: Date(timeIntervalSince1970: Double(now)), viewer: rules, zones: [:])
    }

    /// Day 1: a returning season at 10:00, a series premiere at 20:00, a second episode and the
    /// same premiere in the country's schedule; day 2: nothing new; day 3 fails.
    private func schedules() -> DailySchedules {
        let start = CivilDays.days(first)
        return DailySchedules(
            web: { day in
                let base = CivilDays.days(day) * 86_400
                guard CivilDays.days(day) == start else { return [Self.entry(9, "Old", season: 2, number: 5, at: base)] }
                return [
                    Self.entry(1, "Back Again", season: 3, number: 1, at: base + 36_000), Self.entry(2, "Brand New", season: 1, number: 1, at: base + 72_000),
                    Self.entry(3, "Midway", season: 1, number: 4, at: base + 40_000)
                ]
            },
            local: { day in
                CivilDays.days(day) == start ? [Self.entry(2, "Brand New", season: 1, number: 1, at: CivilDays.days(day) * 86_400 + 72_000)] : []
            }, failing: CivilDays.date(start + 2))
    }

    func testTheDaysArriveOneByOneWithTheSeriesPremieresFirstOfTheirDay() async throws {
        let plan = days(3)
        let sut = TonightInteractor(
            schedules: schedules(), country: "US", today: { .unixEpoch }, favourites: { [] }, episodes: { _ in nil },
            premiereDays: { (plan, false) })
        let spy = Spy()
        sut.presenter = spy
        await sut.loadPremieres(request: .init()).value
        XCTAssertEqual(spy.responses.map(\.days.count), [0, 1, 2, 3], "a response before the first day and after each")
        XCTAssertEqual(spy.responses.map(\.isLoading), [true, true, true, false])
        let day = try XCTUnwrap(spy.responses.last?.days.first)
        XCTAssertEqual(day.items.map(\.entry.show.name), ["Brand New", "Back Again"], "NEW first, once though in both schedules")
        XCTAssertEqual(day.items.map(\.badges), [[.series], [.season(3)]])
        XCTAssertEqual(spy.responses.last?.days[1].items.count, 0)
        XCTAssertNotNil(spy.responses.last?.days[2].error)
        XCTAssertTrue(sut.openShow(request: .init(id: "premiere-2011", listing: .premieres)))
        XCTAssertEqual(sut.selectedShow?.name, "Brand New")
    }

    func testThePresenterGroupsByDayWithBadgesAndOfflineSaysTheDaysAreRecorded() async throws {
        let plan = days(3)
        let sut = TonightInteractor(
            schedules: schedules(), country: "US", today: { .unixEpoch }, favourites: { [] }, episodes: { _ in nil },
            premiereDays: { (plan, true) })
        let presenter = TonightPresenter(clock: try clock(now: 1_704_067_200))
        let spy = Spy()
        presenter.viewController = spy
        sut.presenter = presenter
        await sut.loadPremieres(request: .init()).value
        let model = try XCTUnwrap(spy.premieresModel)
        XCTAssertEqual(model.rows.map(\.badge), ["NEW", "S3 ▶"])
        XCTAssertEqual(model.rows.map(\.dayHeading), ["Today · Mon 1 Jan", nil])
        XCTAssertEqual(model.rows.first?.time, "20:00 UTC")
        XCTAssertTrue(model.title.contains("recorded schedules (offline)") && model.title.contains("Mon 1 Jan – Wed 3 Jan 2024"), model.title)
        XCTAssertEqual(model.sourceLabel, "recorded schedules")
        XCTAssertEqual(model.message?.hasPrefix("1 of 3 days could not be read"), true, model.message ?? "")
        XCTAssertTrue(model.messageIsError)
    }

    func testUpcomingAsksTheSeasonsAndBadgesTheLastEpisodeFinale() async throws {
        let favourites = [
            Favourite(key: FavouriteKey(kind: .show, provider: "TVmaze", id: "143"), name: "Silicon Valley", subtitle: "", addedAt: 0),
            Favourite(key: FavouriteKey(kind: .show, provider: "TVmaze", id: "82"), name: "Game of Thrones", subtitle: "", addedAt: 0)
        ]
        let next = NextEpisodes(next: [
            143: Episode(id: 1, season: 1, number: 8, name: "Optimal Tip-to-Tip Efficiency", airDate: first),
            82: Episode(id: 2, season: 8, number: 5, name: "The Bells", airDate: first)
        ])
        let found = await UpcomingEpisodes.fetch(favourites, episodes: { _ in next }, seasons: SeasonsStub(orders: [143: [1: 8, 2: 10], 82: [8: 6]]))
        XCTAssertEqual(found?.items.map(\.episodeOrder), [8, 6])
        let presenter = TonightPresenter(clock: try clock(now: 1_704_067_200))
        let spy = Spy()
        presenter.viewController = spy
        presenter.presentUpcoming(response: .init(try XCTUnwrap(found)))
        XCTAssertEqual(spy.upcomingModel?.rows.map(\.badge), ["FINALE", ""])
    }

    func testNOpensNewThisWeekAndTheBadgeIsTextInUnicodeAndInASCII() throws {
        let sut = TonightViewController(listing: .tonight)
        XCTAssertTrue(sut.handle(key: .character("n")))
        XCTAssertEqual(sut.listing, .premieres)
        func row(_ i: Int, _ badge: String) -> Tonight.Row {
            var row = Tonight.Row(
                id: "premiere-\(i)", showID: i, show: "Show \(i)", time: "20:00 UTC", episodeCode: "S0\(i)E01",
                episodeName: "Episode 1", channel: "Netflix", countdown: "", dayHeading: i == 1 ? "Mon 1 Jan" : nil,
                day: i == 1 ? "Mon 1 Jan" : "")
            row.badge = badge
            return row
        }
        sut.displayPremieres(
            viewModel: .init(
                title: "New this week", rows: [row(1, "NEW"), row(2, "S2 ▶"), row(3, "S3 ▶ FINALE")],
                emptyMessage: nil, message: nil, messageIsError: false, sourceLabel: "TVmaze live"))
        XCTAssertEqual(sut.title, "New this week")
        for (repertoire, glyph) in [(GlyphRepertoire.unicode, "S2 ▶"), (.ascii, "S2 >")] {
            for width in [60, 80, 120] {
                let canvas = GridCanvas(width: width, height: 6, text: CellText(repertoire: repertoire))
                sut.draw(on: canvas, in: Rect(row: 0, column: 0, height: 6, width: width))
                let lines = (0..<6).map(canvas.line)
                XCTAssertTrue(lines[1].contains("NEW") && lines[1].contains("Show 1"), lines[1])
                XCTAssertTrue(lines[2].contains(glyph) && lines[2].contains("Show 2"), "\(repertoire) \(width): \(lines[2])")
                XCTAssertTrue(lines[3].contains("S3") && lines[3].contains("FINALE"), lines[3])
                XCTAssertTrue(lines.allSatisfy { canvas.text.width($0) <= width })
                if repertoire == .ascii { XCTAssertTrue(lines.joined().unicodeScalars.allSatisfy(\.isASCII), lines.joined()) }
            }
        }
        XCTAssertTrue(sut.handle(key: .character("t")))
        XCTAssertEqual(sut.listing, .tonight, "t goes round: New this week → Tonight")
        XCTAssertTrue(sut.helpSection.entries.contains { $0.keys == "n" })
    }
}
