import Domain
import XCTest

@testable import Scenes

@MainActor
final class PopularListPresenterTests: XCTestCase {
    private func present(
        _ shows: [TVShow], query: String = "", loading: Bool = false, error: SourceError? = nil,
        source: DataSource? = .live(provider: .tvmaze)
    ) -> PopularList.LoadShows.ViewModel? {
        let sut = PopularListPresenter(now: { 1_764_849_600 })
        let spy = PopularListDisplayLogicSpy()
        sut.viewController = spy
        let ranked = shows.enumerated().map { PopularList.LoadShows.Response.RankedShow(rank: $0.offset + 1, show: $0.element) }
        sut.presentShows(
            response: .init(
                shows: ranked, totalCount: max(shows.count, 10), query: query, source: source, fallbackReasons: [],
                isLoading: loading, isLoadingMore: false, hasMore: true, error: error))
        return spy.viewModels.last
    }

    func testYearsRatingsAndNetworksAreFormattedForTheRow() async {
        let running = TVShow(
            id: 1, name: "Fargo", genres: ["Drama", "Crime"], status: "Running", premiered: CalendarDate(iso: "2014-04-15"),
            rating: 8.66, broadcaster: Broadcaster(name: "FX", kind: .network))
        let ended = TVShow(id: 2, name: "Thrones", status: "Ended", premiered: CalendarDate(iso: "2011-04-17"), ended: CalendarDate(iso: "2019-05-19"), rating: 8.9)
        let oneYear = TVShow(id: 3, name: "Mini", status: "Ended", premiered: CalendarDate(iso: "2013-01-01"), ended: CalendarDate(iso: "2013-03-01"))
        let rows = present([running, ended, oneYear])?.rows ?? []
        XCTAssertEqual(rows.map(\.years), ["2014–", "2011–2019", "2013"])
        XCTAssertEqual(rows.map(\.rating), ["8.7", "8.9", "—"])
        XCTAssertEqual(rows.map(\.genres), ["Drama, Crime", "—", "—"])
        XCTAssertEqual(rows.map(\.network), ["FX", "—", "—"])
        XCTAssertEqual(rows.map(\.rank), ["1", "2", "3"])
    }

    func testNullsAndEmptyNamesGetPlaceholdersNeverBlanks() async {
        let rows = present([TVShow(id: 9, name: "   "), TVShow(id: 10, name: "")])?.rows ?? []
        XCTAssertEqual(rows.map(\.name), ["(untitled)", "(untitled)"])
        XCTAssertTrue(rows.allSatisfy { $0.nameIsPlaceholder })
        XCTAssertTrue(rows.allSatisfy { $0.years == "—" && $0.rating == "—" })
    }

    func testANameOfMegabytesIsCutToWhatALineCanShowAndStillHighlighted() async {
        let huge = "Quest " + String(repeating: "Q", count: 2 << 20)
        let exact = String(repeating: "é", count: ShowFormatting.longestName)
        let rows = present([TVShow(id: 1, name: huge), TVShow(id: 2, name: exact)], query: "quest")?.rows ?? []
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows.first?.name.count, ShowFormatting.longestName + 1)
        XCTAssertEqual(rows.first?.name.hasPrefix("Quest QQQ"), true)
        XCTAssertEqual(rows.first?.name.hasSuffix("Q…"), true)
        XCTAssertEqual(rows.first?.highlights, [0, 1, 2, 3, 4])
        XCTAssertEqual(rows.last?.name, exact, "500 characters (1,000 bytes) are kept whole")
    }

    func testOneCharacterOfMillionsOfCombiningMarksIsCutTooAndFavouritesKeepTheCutName() async throws {
        let marks = "a" + String(repeating: "\u{0301}", count: 1 << 20) + "b"
        let cut = ShowFormatting.capped(marks)
        XCTAssertEqual(cut.unicodeScalars.count, ShowFormatting.longestNameScalars + 1)
        XCTAssertTrue(cut.hasSuffix("…"))
        XCTAssertEqual(ShowFormatting.capped("Fargo"), "Fargo")
        let huge = String(repeating: "東", count: 1 << 20)
        let favourite = FavouriteEntry.show(TVShow(id: 7, name: huge), provider: "TVmaze", now: 0)
        XCTAssertEqual(favourite.name.count, ShowFormatting.longestName + 1, "the favourites file keeps the name as shown")
        let place = FavouriteEntry.place(TestPOIs.poi("osm:node/1", huge, at: try TestPOIs.center()), now: 0)
        XCTAssertEqual(place.name.count, ShowFormatting.longestName + 1)
    }

    func testSourcesAreNamedAsTheStatusBarSaysThem() async {
        XCTAssertEqual(present([], source: .live(provider: .tvmaze))?.sourceLabel, "TVmaze live")
        XCTAssertEqual(present([], source: .embeddedSnapshot(provider: .tvmaze, capturedOn: CalendarDate(iso: "2025-08-13")))?.sourceLabel, "offline snapshot 2025-08-13")
        XCTAssertEqual(present([], source: .snapshotFile(path: "/tmp/x/hostile.json"))?.sourceLabel, "snapshot file hostile.json")
    }

    func testEmptyLoadingAndFailedStatesSayWhatIsGoingOn() async {
        XCTAssertEqual(present([], loading: true)?.emptyMessage, "Loading popular shows…")
        XCTAssertEqual(
            present([], error: .unreachable(provider: .tvmaze, reason: "host not found"))?.emptyMessage,
            "TVmaze is unreachable (host not found). Press r to retry.")
        XCTAssertEqual(present([], query: "zzz")?.emptyMessage, "No show matches “zzz”.")
        let withRows = present(makeShows(["A"]), error: .rateLimited(provider: .tvmaze, retryAfterSeconds: 8))
        XCTAssertNil(withRows?.emptyMessage)
        XCTAssertEqual(withRows?.statusMessage, "TVmaze is rate limiting (it asks to wait 8 s; r retries)")
        XCTAssertEqual(withRows?.statusIsError, true)
        XCTAssertEqual(present(makeShows(["A", "B"]), query: "a")?.countLabel, "2 of 10 shows")
    }

    func testAnErrorAndItsKeyHintShareOnePairOfParentheses() {
        XCTAssertEqual(
            ShowFormatting.error(.unreachable(provider: .tvmaze, reason: "host not found"), hint: "r retries"),
            "TVmaze is unreachable (host not found; r retries)")
        XCTAssertEqual(
            ShowFormatting.error(.httpStatus(provider: .tmdb, status: 500, message: "Internal error"), hint: "r retries"),
            "TMDB answered HTTP 500: Internal error (r retries)")
        let withRows = present(makeShows(["A"]), error: .unreachable(provider: .tvmaze, reason: "host not found"))
        XCTAssertEqual(withRows?.statusMessage, "TVmaze is unreachable (host not found; r retries)")
        XCTAssertFalse(withRows?.statusMessage?.contains(") (") ?? true)
    }
}

@MainActor
final class ShowDetailPresenterTests: XCTestCase {
    private func present(_ response: ShowDetail.LoadDetails.Response) -> ShowDetail.LoadDetails.ViewModel? {
        let sut = ShowDetailPresenter(now: { 1_764_849_600 }, airClock: .utc(at: 1_764_849_600))
        let spy = ShowDetailDisplayLogicSpy()
        sut.viewController = spy
        sut.presentDetails(response: response)
        return spy.viewModels.last
    }

    func testTheDetailsSayBeforeTheGuideOpensThatNoEpisodeListIsRecorded() {
        let show = TVShow(id: 1058, name: "The A-Team")
        var details = TVShowDetails(show: show, cast: nil, seasons: nil, source: .embeddedSnapshot(provider: .tvmaze, capturedOn: nil))
        details.episodesRecorded = false
        let vm = present(.init(show: show, details: details, isLoading: false, error: nil))
        // After the seasons, before "Where to watch" (which ends the page without a TMDB key).
        XCTAssertEqual(vm?.sections.map(\.title), ["Summary", "Cast", "Seasons", "Episodes", "Where to watch"])
        XCTAssertEqual(vm?.sections.first { $0.title == "Episodes" }?.paragraphs, ["No episode list is recorded for this show in this source: e has no episode guide to show."])
        details.episodesRecorded = nil
        XCTAssertFalse(
            present(.init(show: show, details: details, isLoading: false, error: nil))?.sections.contains { $0.title == "Episodes" } ?? true,
            "a source that does not say is asked when the guide opens")
    }

    func testNoEpisodeListMeansNoEpisodesHint() async throws {
        // Given a show whose source records no episode list, and one that may have one
        let show = TVShow(id: 1058, name: "The A-Team")
        var details = TVShowDetails(show: show, cast: nil, seasons: [SeasonSummary(number: 1)], source: .embeddedSnapshot(provider: .tvmaze, capturedOn: nil))
        details.episodesRecorded = false
        let none = try XCTUnwrap(present(.init(show: show, details: details, isLoading: false, error: nil)))
        details.episodesRecorded = nil
        let some = try XCTUnwrap(present(.init(show: show, details: details, isLoading: false, error: nil)))

        // When each is on screen
        let sut = ShowDetailViewController()
        sut.displayDetails(viewModel: none)
        let withoutGuide = sut.statusBar.hints
        _ = sut.handle(key: .enter)
        let seasonPicked = sut.statusBar.hints
        let other = ShowDetailViewController()
        other.displayDetails(viewModel: some)

        // Then `e` is offered only where there is a guide, and Esc back always
        XCTAssertFalse(none.hasEpisodeGuide)
        XCTAssertEqual(withoutGuide, "Esc back  ↑↓ scroll  c cast  f fav  1–9 0 rate  ? help")
        XCTAssertEqual(seasonPicked, "↑↓ season  Esc stop")
        XCTAssertEqual(other.statusBar.hints, "Esc back  ↑↓ scroll  c cast  e episodes  f fav  1–9 0 rate  ? help")
    }

    func testTheShowIsShownAtOnceWhileDetailsLoad() async {
        let show = TVShow(
            id: 1, name: "Silicon Valley", status: "Ended", premiered: CalendarDate(iso: "2014-04-06"), ended: CalendarDate(iso: "2019-12-08"),
            rating: 8.5, summary: ["A comedy."])
        let vm = present(.init(show: show, details: nil, isLoading: true, error: nil))
        XCTAssertEqual(vm?.title, "Silicon Valley")
        XCTAssertEqual(vm?.subtitle, "2014–2019 · ★ 8.5 · Ended")
        XCTAssertEqual(vm?.message, "Loading cast and seasons…")
        XCTAssertEqual(vm?.sections.map(\.title), ["Summary"])
        XCTAssertEqual(vm?.sections.first?.paragraphs, ["A comedy."])
    }

    func testDetailsAddCastAndSeasonsAndMissingFactsGetPlaceholders() async {
        let show = TVShow(
            id: 1, name: "X", schedule: AirSchedule(time: "22:00", days: ["Sunday"]),
            broadcaster: Broadcaster(name: "Netflix", kind: .webChannel))
        let details = TVShowDetails(
            show: show,
            cast: [CastMember(personName: "A", characterName: "B", isVoice: true)],
            seasons: [SeasonSummary(number: 1, episodeCount: 8, premiered: CalendarDate(iso: "2014-04-06"), ended: CalendarDate(iso: "2014-06-01"))],
            source: .live(provider: .tvmaze))
        let vm = present(.init(show: show, details: details, isLoading: false, error: nil))
        XCTAssertNil(vm?.message)
        XCTAssertEqual(vm?.facts.first { $0.label == "Web channel" }?.value, "Netflix")
        XCTAssertEqual(vm?.facts.first { $0.label == "Schedule" }?.value, "Sunday at 22:00, the network's local time (its zone is not known)")
        XCTAssertEqual(vm?.facts.first { $0.label == "Language" }?.value, "—")
        XCTAssertEqual(vm?.sections.first { $0.title == "Cast" }?.paragraphs, ["A as B (voice)"])
        XCTAssertEqual(vm?.sections.first { $0.title.hasPrefix("Seasons") }?.title, "Seasons (1, 8 episodes)")
        XCTAssertEqual(vm?.sections.first { $0.title.hasPrefix("Seasons") }?.paragraphs, ["Season 1 · 8 episodes · 2014-04-06 – 2014-06-01"])
        XCTAssertEqual(vm?.sourceLabel, "TVmaze live")
    }

    func testUnrecordedDetailsAndFailuresAreSaid() async {
        let show = TVShow(id: 1, name: "X")
        let offline = TVShowDetails(show: show, cast: nil, seasons: nil, source: .embeddedSnapshot(provider: .tvmaze, capturedOn: nil))
        let vm = present(.init(show: show, details: offline, isLoading: false, error: nil))
        XCTAssertEqual(vm?.sections.first { $0.title == "Cast" }?.paragraphs, ["Not recorded in this source."])
        XCTAssertEqual(vm?.sections.first { $0.title == "Summary" }?.paragraphs, ["No summary."])
        let failed = present(.init(show: show, details: nil, isLoading: false, error: .httpStatus(provider: .tvmaze, status: 503, message: "service unavailable")))
        XCTAssertEqual(failed?.message, "TVmaze answered HTTP 503: service unavailable. Press r to retry.")
        XCTAssertEqual(failed?.messageIsError, true)
    }

    func testACastRecordedFromTMDBAddsTMDBsNoticeToTheCredit() async {
        let show = TVShow(id: 82, name: "Game of Thrones")
        let snapshot = DataSource.embeddedSnapshot(provider: .tvmaze, capturedOn: nil)
        let mixed = TVShowDetails(
            show: show, cast: [CastMember(personName: "Peter Dinklage", characterName: "Tyrion Lannister")], seasons: nil,
            source: snapshot, castSource: .embeddedSnapshot(provider: .tmdb, capturedOn: nil))
        let vm = present(.init(show: show, details: mixed, isLoading: false, error: nil))
        XCTAssertEqual(vm?.credit, "Data from TVmaze.com (CC BY-SA 4.0) Cast: Data from TMDB (themoviedb.org). This product uses the TMDB API but is not endorsed or certified by TMDB.")
        let own = present(.init(show: show, details: TVShowDetails(show: show, cast: [], seasons: nil, source: snapshot), isLoading: false, error: nil))
        XCTAssertEqual(own?.credit, "Data from TVmaze.com (CC BY-SA 4.0)")
    }
}
