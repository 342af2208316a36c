import Domain
import Foundation
import Terminal
import TestSupport
import Workers
import XCTest

@testable import Scenes

/// The Tonight scene: its Interactor awaited through the Tasks its use cases return, its
/// Presenter with a fixed clock and zone, and its view drawn cell by cell.
@MainActor
final class TonightSceneTests: XCTestCase {
    // MARK: Doubles

    struct ScheduleWorkerStub: ScheduleWorking {
        var country: Result<Schedule?, SourceError>
        var web: Result<Schedule?, SourceError>
        func schedule(countryCode: String, date: CalendarDate) async throws -> Schedule? { try country.get() }
        func webSchedule(date: CalendarDate) async throws -> Schedule? { try web.get() }
    }

    struct EpisodesWorkerStub: EpisodesWorking {
        var next: [Int: Episode]
        func episodes(showID: Int) async throws -> ShowEpisodes? { nil }
        func nextAndPreviousEpisode(showID: Int) async throws -> NextAndPreviousEpisode? {
            guard showID != 404 else { throw SourceError.notFound(provider: .tvmaze) }
            return NextAndPreviousEpisode(showID: showID, next: next[showID], previous: nil, source: .live(provider: .tvmaze))
        }
    }

    final class PresentationLogicSpy: TonightPresentationLogic {
        var schedules: [Tonight.LoadSchedule.Response] = []
        var upcoming: [Tonight.LoadUpcoming.Response] = []
        var premieres: [Tonight.LoadPremieres.Response] = []
        func presentSchedule(response: Tonight.LoadSchedule.Response) { schedules.append(response) }
        func presentUpcoming(response: Tonight.LoadUpcoming.Response) { upcoming.append(response) }
        func presentPremieres(response: Tonight.LoadPremieres.Response) { premieres.append(response) }
        func presentWatched(response: Tonight.WatchedMessage.Response) {}
    }

    struct CountingScheduleWorker: ScheduleWorking {
        var country: Result<Schedule?, SourceError>
        let countryRequests = AwaitableCount()
        func schedule(countryCode: String, date: CalendarDate) async throws -> Schedule? {
            countryRequests.increment()
            return try country.get()
        }
        func webSchedule(date: CalendarDate) async throws -> Schedule? { nil }
    }

    final class CountdownSpy: TonightPresentationLogic {
        var schedules: [Tonight.LoadSchedule.Response] = []
        let counting = AwaitableCount()
        func presentSchedule(response: Tonight.LoadSchedule.Response) {
            schedules.append(response)
            if response.retryInSeconds != nil { counting.increment() }
        }
        func presentUpcoming(response: Tonight.LoadUpcoming.Response) {}
        func presentPremieres(response: Tonight.LoadPremieres.Response) {}
        func presentWatched(response: Tonight.WatchedMessage.Response) {}
    }

    final class ScheduleMessagesSpy: TonightDisplayLogic {
        var models: [Tonight.LoadSchedule.ViewModel] = []
        var messages: [String] { models.compactMap(\.message) }
        func displaySchedule(viewModel: Tonight.LoadSchedule.ViewModel) { models.append(viewModel) }
        func displayUpcoming(viewModel: Tonight.LoadUpcoming.ViewModel) {}
        func displayPremieres(viewModel: Tonight.LoadPremieres.ViewModel) {}
        func displayWatched(viewModel: Tonight.WatchedMessage.ViewModel) {}
    }

    final class DisplayLogicSpy: TonightDisplayLogic {
        var schedule: Tonight.LoadSchedule.ViewModel?
        var upcoming: Tonight.LoadUpcoming.ViewModel?
        var premieres: Tonight.LoadPremieres.ViewModel?
        func displaySchedule(viewModel: Tonight.LoadSchedule.ViewModel) { schedule = viewModel }
        func displayUpcoming(viewModel: Tonight.LoadUpcoming.ViewModel) { upcoming = viewModel }
        func displayPremieres(viewModel: Tonight.LoadPremieres.ViewModel) { premieres = viewModel }
        func displayWatched(viewModel: Tonight.WatchedMessage.ViewModel) {}
    }

    private let day = CalendarDate(year: 2020, month: 12, day: 1) ?? .unixEpoch

    private func entry(_ id: Int, _ show: String, airstamp: Int?, channel: String = "NBC", web: Bool = false) -> ScheduleEntry {
        ScheduleEntry(
            airstamp: airstamp.map { Date(timeIntervalSince1970: Double($0)) }, show: TVShow(id: id, name: show),
            episode: Episode(id: id * 10, season: 1, number: id, name: "Episode \(id)"), channelName: channel, isWeb: web)
    }

    private func clock(viewer: String, now: Int) throws -> AirClock {
        let rules = try XCTUnwrap(ZoneInfoDatabase(environment: [:]).rules(named: viewer), "tzdata")
        return .fixed(at: Date(timeIntervalSince1970: Double(now)), viewer: rules, zones: [:])
    }

    // MARK: Interactor

    func testBothSchedulesArePresentedInOrderOfAirTimeAndTheTaskEndsWithTheSecond() async {
        let country = Schedule(
            countryCode: "US", date: day, entries: [entry(2, "The Voice", airstamp: 1_606_870_800), entry(3, "No Time", airstamp: nil)],
            source: .live(provider: .tvmaze))
        let web = Schedule(
            countryCode: nil, date: day, entries: [entry(1, "Sim for You", airstamp: 1_606_770_000, channel: "V LIVE", web: true)],
            source: .live(provider: .tvmaze))
        let sut = TonightInteractor(
            schedules: ScheduleWorkerStub(country: .success(country), web: .success(web)), country: "US",
            today: { .unixEpoch }, favourites: { [] }, episodes: { _ in nil })
        let spy = PresentationLogicSpy()
        sut.presenter = spy
        await sut.loadSchedule(request: .init(date: day)).value
        XCTAssertEqual(spy.schedules.map(\.isLoading).prefix(3), [true, true, false])
        XCTAssertEqual(spy.schedules.last?.isLoading, false)
        XCTAssertEqual(spy.schedules.last?.entries.map(\.show.name), ["Sim for You", "The Voice", "No Time"])
        XCTAssertEqual(spy.schedules.last?.date, day)
        XCTAssertTrue(sut.openShow(request: .init(id: "20", listing: .tonight)))
        XCTAssertEqual(sut.selectedShow?.name, "The Voice")
        XCTAssertFalse(sut.openShow(request: .init(id: "999", listing: .tonight)))
    }

    func testAFailingSchedulesErrorIsSaidAndTheOtherIsKept() async {
        let country = Schedule(countryCode: "US", date: day, entries: [entry(2, "The Voice", airstamp: 1_606_870_800)], source: .live(provider: .tvmaze))
        let sut = TonightInteractor(
            schedules: ScheduleWorkerStub(country: .success(country), web: .failure(.notFound(provider: .tvmaze))),
            country: "US", today: { [day] in day }, favourites: { [] }, episodes: { _ in nil })
        let spy = PresentationLogicSpy()
        sut.presenter = spy
        await sut.loadSchedule(request: .init()).value
        XCTAssertEqual(spy.schedules.last?.entries.count, 1)
        XCTAssertEqual(spy.schedules.last?.error, .notFound(provider: .tvmaze))
        XCTAssertEqual(spy.schedules.last?.date, day, "no date asks for the viewer's today")
    }

    func testARateLimitedScheduleCountsDownOnScreenThenIsAskedAgainFromALoopbackTVmaze() async throws {
        // Given TVmaze refusing the country's schedule once (429, Retry-After: 3), then answering
        let server = LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2020-12-01.json")))
        server.route(
            "/schedule", ScriptedResponse(status: 429, headers: ["Retry-After": "3"]),
            .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        let worker = TVmazeEpisodesWorker(baseURL: try server.start(), http: CurlHTTPClient(timeout: 5))
        let clock = ImmediateClock()
        let effects = RunningEffects()
        let sut = TonightInteractor(
            schedules: worker, country: "US", today: { [day] in day }, favourites: { [] }, episodes: { _ in nil },
            clock: clock, effects: effects)
        let presenter = TonightPresenter(clock: try self.clock(viewer: "America/Los_Angeles", now: 1_606_870_800))
        let spy = ScheduleMessagesSpy()
        sut.presenter = presenter
        presenter.viewController = spy

        // When the schedule loads: its task ends after the countdown's retry
        await sut.loadSchedule(request: .init(date: day)).value

        // Then the countdown was said each second, the schedule was asked again, and both are shown
        XCTAssertTrue(spy.messages.contains("TVmaze is rate limiting: retrying in 3 s. Press r to retry now."), "\(spy.messages)")
        XCTAssertTrue(spy.messages.contains("TVmaze is rate limiting: retrying in 1 s. Press r to retry now."), "\(spy.messages)")
        XCTAssertEqual(server.requests.filter { $0.path == "/schedule" }.count, 2)
        XCTAssertEqual(clock.slept, .seconds(3))
        XCTAssertNil(spy.models.last?.message)
        XCTAssertEqual(spy.models.last?.messageIsError, false)
        XCTAssertTrue(spy.models.last?.rows.contains { $0.show == "The Voice" } == true)
        XCTAssertTrue(spy.models.last?.rows.contains { $0.show == "Sim for You" } == true)
        await effects.finished()
        XCTAssertTrue(effects.isIdle, "the load was tracked and is over")
    }

    func testLeavingDuringARateLimitsCountdownStopsItWithoutAskingAgain() async {
        // Given a country schedule that is rate limited, on a clock whose seconds do not pass
        let worker = CountingScheduleWorker(country: .failure(.rateLimited(provider: .tvmaze, retryAfterSeconds: 20)))
        let sut = TonightInteractor(
            schedules: worker, country: "US", today: { [day] in day }, favourites: { [] }, episodes: { _ in nil },
            clock: StoppedClock())
        let spy = CountdownSpy()
        sut.presenter = spy
        let task = sut.loadSchedule(request: .init())
        await spy.counting.reach(1)
        XCTAssertEqual(spy.schedules.last?.retryInSeconds, 20)
        let shown = spy.schedules.count

        // When the scene closes
        sut.cancel()
        await task.value

        // Then the countdown ends without a retry and nothing more is presented
        XCTAssertEqual(worker.countryRequests.value, 1)
        XCTAssertEqual(spy.schedules.count, shown)
    }

    func testUpcomingAsksEachFavouriteShowOfAProviderThatCanTell() async {
        let favourites = [
            Favourite(key: FavouriteKey(kind: .show, provider: "TVmaze", id: "315"), name: "Archer", subtitle: "", addedAt: 0),
            Favourite(key: FavouriteKey(kind: .show, provider: "TVmaze", id: "404"), name: "Gone", subtitle: "", addedAt: 0),
            Favourite(key: FavouriteKey(kind: .show, provider: "TMDB", id: "1396"), name: "Breaking Bad", subtitle: "", addedAt: 0),
            Favourite(key: FavouriteKey(kind: .place, provider: "OpenStreetMap", id: "osm:node/1"), name: "Café", subtitle: "", addedAt: 0)
        ]
        let worker = EpisodesWorkerStub(next: [315: Episode(id: 9, season: 14, number: 1, name: "Keys Open Doors")])
        let sut = TonightInteractor(
            schedules: ScheduleWorkerStub(country: .success(nil), web: .success(nil)), country: "US", today: { [day] in day },
            favourites: { favourites }, episodes: { $0 == "TVmaze" ? worker : nil })
        let spy = PresentationLogicSpy()
        sut.presenter = spy
        await sut.loadUpcoming(request: .init()).value
        let last = spy.upcoming.last
        XCTAssertEqual(last?.isLoading, false)
        XCTAssertEqual(last?.unsupported, 1, "the TMDB show without a TMDB source; the place is not a show")
        XCTAssertEqual(last?.items.map(\.show.name), ["Archer", "Gone"])
        XCTAssertEqual(last?.items.first?.next?.code, "S14E01")
        XCTAssertEqual(last?.items.last?.error, .notFound(provider: .tvmaze))
        XCTAssertTrue(sut.openShow(request: .init(id: "show-315", listing: .upcoming)))
        XCTAssertEqual(sut.selectedShow?.id, 315)
    }

    // MARK: Presenter

    func testUpcomingIsGroupedByTheViewersDayWithCountdowns() async throws {
        // Monday 30 November 2026, 12:00 UTC: 04:00 PST.
        let now = 1_796_040_000
        let sut = TonightPresenter(clock: try clock(viewer: "America/Los_Angeles", now: now))
        let spy = DisplayLogicSpy()
        sut.viewController = spy
        func item(_ id: Int, _ name: String, inHours hours: Double?) -> Tonight.LoadUpcoming.Item {
            let next = hours.map { Episode(id: id, season: 1, number: id, name: "E\(id)", airstamp: Date(timeIntervalSince1970: Double(now) + $0 * 3600)) }
            return .init(show: TVShow(id: id, name: name), next: next, error: nil)
        }
        sut.presentUpcoming(
            response: .init(
                UpcomingEpisodes(
                    items: [
                        item(1, "Later Show", inHours: 240), item(2, "Tonight Show", inHours: 3),
                        item(3, "Quiet Show", inHours: nil), item(4, "Thursday Show", inHours: 72),
                        item(5, "Tomorrow Show", inHours: 26)
                    ], isLoading: false, unsupported: 0)))
        let rows = try XCTUnwrap(spy.upcoming?.rows)
        XCTAssertEqual(rows.map(\.show), ["Tonight Show", "Tomorrow Show", "Thursday Show", "Later Show", "Quiet Show"])
        XCTAssertEqual(rows.map(\.day), ["Today", "Tomorrow", "Thu 3 Dec", "Later", "None"])
        XCTAssertEqual(rows.map(\.countdown), ["in 3 h", "tomorrow", "in 3 days", "Thu 10 Dec · in 10 days", ""])
        XCTAssertEqual(rows.map(\.time), ["07:00 PST", "06:00 PST", "04:00 PST", "04:00 PST", "—"])
        XCTAssertEqual(rows.first?.dayHeading, "Today · Mon 30 Nov")
        XCTAssertEqual(rows.last?.episodeName, "no next episode announced")
    }

    func testTonightRowsSayTheTimeInTheViewersZoneAndAHalfHourZoneMovesThem() async throws {
        let response = Tonight.LoadSchedule.Response(
            country: "US", date: day, entries: [entry(2, "The Voice", airstamp: 1_606_870_800)],
            sources: [(.live(provider: .tvmaze), day)], isLoading: false, error: nil)
        for (zone, expected) in [("America/Los_Angeles", "17:00 PST"), ("Asia/Kolkata", "06:30 IST"), ("Europe/Berlin", "02:00 CET")] {
            let sut = TonightPresenter(clock: try clock(viewer: zone, now: 1_606_800_000))
            let spy = DisplayLogicSpy()
            sut.viewController = spy
            sut.presentSchedule(response: response)
            XCTAssertEqual(spy.schedule?.rows.first?.time, expected, zone)
            XCTAssertEqual(spy.schedule?.sourceLabel, "TVmaze live")
        }
        // On the day itself the first row not yet aired is where the list opens.
        let day = Tonight.LoadSchedule.Response(
            country: "US", date: self.day,
            entries: [
                entry(1, "Morning", airstamp: 1_606_820_000),
                entry(2, "Evening", airstamp: 1_606_870_800)
            ],
            sources: [(.live(provider: .tvmaze), self.day)], isLoading: false, error: nil)
        let sut = TonightPresenter(clock: try clock(viewer: "America/Los_Angeles", now: 1_606_850_000))
        let spy = DisplayLogicSpy()
        sut.viewController = spy
        sut.presentSchedule(response: day)
        XCTAssertEqual(spy.schedule?.startIndex, 1)
    }

    // MARK: View

    func testTheViewDrawsEveryRowInsideTheScreenAtEachSize() async throws {
        let sut = TonightViewController(listing: .tonight)
        let hostile = "進撃の巨人 The Final Season 完結編 \u{1B}[2J"
        let rows = (0..<40).map { i in
            Tonight.Row(
                id: "\(i)", showID: i, show: i == 3 ? hostile : "Show \(i)", time: "17:00 PST", episodeCode: "S01E0\(i % 10)",
                episodeName: "Episode \(i)", channel: "NBC", countdown: "", dayHeading: i == 0 ? "Tue 1 Dec 2020" : nil,
                day: i == 0 ? "Tue 1 Dec" : "")
        }
        sut.displaySchedule(viewModel: .init(title: "Tonight", rows: rows, emptyMessage: nil, message: nil, messageIsError: false, sourceLabel: "TVmaze live"))
        for (width, height) in [(80, 24), (120, 40), (200, 60), (41, 10)] {
            let canvas = GridCanvas(width: width, height: height)
            sut.draw(on: canvas, in: Rect(row: 0, column: 0, height: height, width: width))
            let lines = (0..<height).map(canvas.line)
            XCTAssertTrue(lines[0].contains("Time") && lines[0].contains("Show"), "header at \(width)")
            XCTAssertTrue(lines[1].contains("17:00 PST") && lines[1].contains("Show 0"), lines[1])
            XCTAssertTrue(lines.allSatisfy { canvas.text.width($0) <= width }, "no row wider than \(width)")
            XCTAssertFalse(lines.joined().contains("\u{1B}"), "no escape reaches the screen")
        }
        XCTAssertTrue(sut.handle(key: .character("j")))
        XCTAssertEqual(sut.statusBar.position, "2/40")
    }

    func testTheEpisodeCodeColumnIsAsWideAsTheLongestCode() async throws {
        let sut = TonightViewController(listing: .tonight)
        let codes = ["S01E01", "S2020E113", "S08 special"]
        let rows = codes.enumerated().map { i, code in
            Tonight.Row(
                id: "\(i)", showID: i, show: "Show \(i)", time: "17:00 PST", episodeCode: code, episodeName: "Episode \(i)",
                channel: "NBC", countdown: "", dayHeading: nil, day: "")
        }
        sut.displaySchedule(viewModel: .init(title: "Tonight", rows: rows, emptyMessage: nil, message: nil, messageIsError: false, sourceLabel: "TVmaze live"))
        for width in [80, 120, 200] {
            let canvas = GridCanvas(width: width, height: 10)
            sut.draw(on: canvas, in: Rect(row: 0, column: 0, height: 10, width: width))
            let lines = (0..<10).map(canvas.line)
            XCTAssertTrue(lines.contains { $0.contains("S2020E113") }, "whole code at \(width): " + lines.joined(separator: "\n"))
            XCTAssertTrue(lines.contains { $0.contains("S08 speci") }, "ten cells of a longer code at \(width)")
            XCTAssertTrue(lines.allSatisfy { canvas.text.width($0) <= width })
        }
    }
}
