import Domain
import Foundation
import Workers
import XCTest

/// The one fallback rule (`FallbackSwitch`) and the shows and episodes Workers that route
/// through it: the same answer whatever the request came through.
final class FallbackSwitchTests: XCTestCase {
    private let down = SourceError.unreachable(provider: .tvmaze, reason: "host not found")

    /// A live source that cannot answer anything, counting what it is asked.
    private actor Down: TVShowsWorking, EpisodesWorking, ScheduleWorking {
        let error: SourceError
        private(set) var asked = 0
        init(_ error: SourceError) { self.error = error }
        func popularShows(page: Int) async throws -> PagedResult<TVShow> { asked += 1; throw error }
        func showDetails(for show: TVShow) async throws -> TVShowDetails { asked += 1; throw error }
        func episodes(showID: Int) async throws -> ShowEpisodes? { asked += 1; throw error }
        func nextAndPreviousEpisode(showID: Int) async throws -> NextAndPreviousEpisode? { asked += 1; throw error }
        func schedule(countryCode: String, date: CalendarDate) async throws -> Schedule? { asked += 1; throw error }
        func webSchedule(date: CalendarDate) async throws -> Schedule? { asked += 1; throw error }
    }

    /// A live source that answers its first page, then fails.
    private actor LiveThenDown: TVShowsWorking {
        let error: SourceError
        init(_ error: SourceError) { self.error = error }
        func popularShows(page: Int) async throws -> PagedResult<TVShow> {
            guard page == 0 else { throw error }
            return PagedResult(items: [TVShow(id: 1, name: "Live")], page: 0, hasMore: true, source: .live(provider: .tvmaze))
        }
        func showDetails(for show: TVShow) async throws -> TVShowDetails { throw error }
    }

    private var snapshot: SnapshotShowsWorker {
        SnapshotShowsWorker(catalog: ShowCatalog(shows: [TVShow(id: 82, name: "Game of Thrones")], source: .embeddedSnapshot(provider: .tvmaze, capturedOn: nil)))
    }

    func testTheRuleGivesWayForWhatStartsAndPassesOnWhatContinuesALiveAnswer() {
        for kind in [RequestKind.listPage, .places] {
            XCTAssertTrue(FallbackSwitch.givesWay(kind, page: 0, liveListed: false), "\(kind)")
            XCTAssertFalse(FallbackSwitch.givesWay(kind, page: 1, liveListed: true), "\(kind)")
        }
        for kind in [RequestKind.details, .cast, .seasons] {
            XCTAssertTrue(FallbackSwitch.givesWay(kind, page: 0, liveListed: false), "\(kind) opened before any live list")
            XCTAssertFalse(FallbackSwitch.givesWay(kind, page: 0, liveListed: true), "\(kind) of a show the live source listed")
        }
        for kind in [RequestKind.episodes, .schedule, .search, .cities] {
            XCTAssertTrue(FallbackSwitch.givesWay(kind, page: 0, liveListed: true), "\(kind)")
        }
        XCTAssertTrue(RequestKind.allCases.filter { FallbackPolicy.of($0) == .eachRequest } == [.cities])
        XCTAssertEqual(Set(RequestKind.allCases.map(FallbackPolicy.of)), Set(FallbackPolicy.allCases), "two policies, both used")
    }

    func testAShowOpenedByIDBeforeAnyListGetsTheRecordingsDetails() async throws {
        // Given no list has been asked for (the command line's door)
        let sut = FallbackShowsWorker(primary: Down(down), fallback: snapshot, fallbackSwitch: FallbackSwitch(provider: .tvmaze))

        // When the show is opened by its id
        let details = try await sut.showDetails(for: TVShow(id: 82, name: ""))

        // Then the recording answers, and the reason is kept once
        XCTAssertEqual(details.show.name, "Game of Thrones")
        XCTAssertEqual(details.source, .embeddedSnapshot(provider: .tvmaze, capturedOn: nil))
        let reason = await sut.fallbackReason
        XCTAssertEqual(reason, down)
    }

    func testOnceGivenUpTheLiveSourceIsNotAskedAgainByAnyWorkerOnTheSameSwitch() async throws {
        // Given shows and episodes over one TVmaze that cannot be reached
        let live = Down(down)
        let fallbackSwitch = FallbackSwitch(provider: .tvmaze)
        let shows = FallbackShowsWorker(primary: live, fallback: snapshot, fallbackSwitch: fallbackSwitch)
        let episodes = FallbackEpisodesWorker(primary: live, fallback: SnapshotEpisodesWorker(), fallbackSwitch: fallbackSwitch)

        // When the details give way, then the list, the episodes and a schedule are asked
        _ = try await shows.showDetails(for: TVShow(id: 82, name: ""))
        let page = try await shows.popularShows(page: 0)
        let guide = try await episodes.episodes(showID: 82)
        let day = try XCTUnwrap(CalendarDate(iso: "2020-12-01"))
        let schedule = try await episodes.schedule(countryCode: "US", date: day)

        // Then the live source was asked once, and the recordings answered the rest
        let asked = await live.asked
        XCTAssertEqual(asked, 1)
        XCTAssertEqual(page.items.map(\.id), [82])
        XCTAssertEqual(guide?.regularEpisodes.count, 73)
        XCTAssertEqual(schedule?.date, day)
        let reasons = await FallbackSwitches([fallbackSwitch]).reasons()
        XCTAssertEqual(reasons, [down])
    }

    func testALaterPageAndTheDetailsOfALiveListedShowPassTheirErrorOn() async throws {
        // Given a live list's first page
        let sut = FallbackShowsWorker(primary: LiveThenDown(down), fallback: snapshot, fallbackSwitch: FallbackSwitch(provider: .tvmaze))
        let first = try await sut.popularShows(page: 0)
        XCTAssertEqual(first.source, .live(provider: .tvmaze))

        // When its next page and a listed show's details fail, then each is an error, not the recording
        do {
            _ = try await sut.popularShows(page: 1)
            XCTFail("a later page is not mixed with the recording")
        } catch let error as SourceError {
            XCTAssertEqual(error, down)
        }
        do {
            _ = try await sut.showDetails(for: TVShow(id: 1, name: "Live"))
            XCTFail("a live-listed show's details are not the recording's")
        } catch let error as SourceError {
            XCTAssertEqual(error, down)
        }
        let reason = await sut.fallbackReason
        XCTAssertNil(reason)
    }

    func testRetryAsksTheLiveSourceAgain() async throws {
        let live = Down(down)
        let fallbackSwitch = FallbackSwitch(provider: .tvmaze)
        let sut = FallbackShowsWorker(primary: live, fallback: snapshot, fallbackSwitch: fallbackSwitch)
        _ = try await sut.popularShows(page: 0)
        await FallbackSwitches([fallbackSwitch]).retry()
        let cleared = await fallbackSwitch.reason
        XCTAssertNil(cleared)
        _ = try await sut.popularShows(page: 0)
        let asked = await live.asked
        XCTAssertEqual(asked, 2)
    }
}
