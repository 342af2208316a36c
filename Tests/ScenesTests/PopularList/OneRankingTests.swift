import Domain
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// Kept shows offline, and the provider's hits online, are ranked among the list's own rows by
/// the same tiers (`MatchTiers`); close matches come last and are never counted as found.
@MainActor
final class OneRankingTests: XCTestCase {
    /// Shows searched offline beyond the list (the snapshot's All shows).
    private struct KeptShowsStub: KeptShowsSearching {
        let shows: [TVShow]
        func keptShows() async -> [TVShow] { shows }
    }

    /// A live source whose search answers fixed hits.
    private struct SearchingWorkerStub: TVShowsWorking {
        let list: [TVShow]
        let hits: [TVShow]
        func popularShows(page: Int) async throws -> PagedResult<TVShow> {
            PagedResult(items: page == 0 ? list : [], page: page, hasMore: false, source: .live(provider: .tvmaze))
        }
        func showDetails(for show: TVShow) async throws -> TVShowDetails {
            TVShowDetails(show: show, cast: nil, seasons: nil, source: .live(provider: .tvmaze))
        }
        func searchShows(query: String) async throws -> [TVShow]? { hits }
    }

    private func show(_ id: Int, _ name: String, weight: Int, rating: Double? = nil, genre: String = "Drama") -> TVShow {
        TVShow(id: id, name: name, genres: [genre], rating: rating, weight: weight)
    }

    /// The recorded week's list offline (as the snapshot's names are), and the All shows
    /// catalogue it is searched beyond.
    private var week: [TVShow] {
        [
            show(1, "Throne of Seal", weight: 90), show(2, "The Daily Report with John Dickerson", weight: 80),
            show(3, "The Trust: A Game of Greed", weight: 70), show(4, "No Gamble, No Future", weight: 60),
            show(5, "Breaking News: No Laugh Newsroom", weight: 50)
        ]
    }
    private var catalogue: [TVShow] {
        [
            show(10, "Game of Thrones", weight: 99, rating: 8.9), show(11, "Breaking Bad", weight: 98, rating: 9.2),
            show(12, "Metal Hurlant Chronicles", weight: 40)
        ]
    }

    private func offline(kept: [TVShow]? = nil) async -> (PopularListInteractor, PopularListPresentationLogicSpy) {
        let snapshot = SnapshotShowsWorker(catalog: ShowCatalog(shows: week, source: .snapshotFile(path: "s.json")), pageSize: 50)
        let sut = PopularListInteractor(worker: snapshot, keptShows: KeptShowsStub(shows: kept ?? catalogue))
        let spy = PopularListPresentationLogicSpy()
        sut.presenter = spy
        await sut.loadShows(request: .init()).value
        return (sut, spy)
    }

    private func names(_ response: PopularList.LoadShows.Response?) -> [String] {
        response.map { r in r.shows.map(\.show.name) } ?? []
    }

    func testAKeptShowWhoseNameHoldsTheQueryGoesBeforeTheListsLettersInOrderMatches() async {
        // Given the recorded week offline, and All shows holding Game of Thrones
        let (sut, spy) = await offline()
        // When /thrones is typed
        await sut.filterShows(request: .init(query: "thrones")).value
        // Then Game of Thrones (a word of its name) comes first, marked +, and Throne of Seal
        // (its letters in order) after it, among the close matches
        let last = spy.responses.last
        XCTAssertEqual(names(last).first, "Game of Thrones")
        XCTAssertEqual(last?.shows.first?.isSearchResult, true)
        XCTAssertEqual(last?.closeFrom, 1)
        XCTAssertEqual(names(last).dropFirst().first, "Throne of Seal", "the tightest letters-in-order match next")
        XCTAssertTrue(names(last).contains("The Daily Report with John Dickerson"))
        XCTAssertEqual(last?.search, .kept(added: 1), "only the kept show that holds the query counts as found")
    }

    func testAKeptPrefixMatchGoesBeforeAListedWordMatch() async {
        let (sut, spy) = await offline()
        await sut.filterShows(request: .init(query: "game of")).value
        XCTAssertEqual(names(spy.responses.last), ["Game of Thrones", "The Trust: A Game of Greed", "No Gamble, No Future"])
        XCTAssertEqual(spy.responses.last?.closeFrom, 2)
    }

    func testInsideATierTheMorePopularShowGoesFirstWhereverItComesFrom() async {
        // Given Breaking News in the list and the more popular Breaking Bad in All shows: both prefixes
        let (sut, spy) = await offline()
        await sut.filterShows(request: .init(query: "breaking")).value
        XCTAssertEqual(names(spy.responses.last), ["Breaking Bad", "Breaking News: No Laugh Newsroom"])
        XCTAssertNil(spy.responses.last?.closeFrom, "no close match")
        // And by rating the same: Breaking Bad's 9.2 before no rating
        sut.cycleSort(request: .init())
        XCTAssertEqual(names(spy.responses.last), ["Breaking Bad", "Breaking News: No Laugh Newsroom"])
    }

    func testATieGoesToTheListsOwnRow() async {
        let (sut, spy) = await offline(kept: [show(20, "Breaking Point", weight: 50)])
        await sut.filterShows(request: .init(query: "breaking")).value
        XCTAssertEqual(names(spy.responses.last), ["Breaking News: No Laugh Newsroom", "Breaking Point"])
    }

    func testOnlyLettersInOrderMatchesAreAllCloseMatches() async {
        let (sut, spy) = await offline()
        await sut.filterShows(request: .init(query: "tnsl")).value
        let last = spy.responses.last
        XCTAssertFalse(names(last).isEmpty)
        XCTAssertEqual(last?.closeFrom, 0)
        XCTAssertEqual(last?.search, .kept(added: 0))
    }

    func testANarrowingLeavesOutKeptShowsOfAnotherGenre() async {
        let (sut, spy) = await offline(kept: catalogue + [show(30, "Thrones of Comedy", weight: 97, genre: "Comedy")])
        sut.narrow(request: .init(choice: .genre("Drama")))
        await sut.filterShows(request: .init(query: "thrones")).value
        XCTAssertFalse(names(spy.responses.last).contains("Thrones of Comedy"))
        XCTAssertEqual(names(spy.responses.last).first, "Game of Thrones")
    }

    func testTheProvidersHitsAreRankedByTheSameTiersWithItsUnexplainedHitsAmongTheCloseMatches() async {
        // Given a live list holding a letters-in-order match, and a search answering a hit its
        // name does not explain before an exact one
        let list = [show(1, "Three Hundred Roses", weight: 90)]
        let hits = [show(40, "The Office", weight: 95), show(41, "Throes", weight: 10)]
        let sut = PopularListInteractor(worker: SearchingWorkerStub(list: list, hits: hits), clock: ImmediateClock())
        let spy = PopularListPresentationLogicSpy()
        sut.presenter = spy
        await sut.loadShows(request: .init()).value
        // When the filter is searched at once
        sut.filterShows(request: .init(query: "throes"))
        await sut.searchCatalogue(request: .init()).value
        // Then the exact name first, then the provider's own match, then the letters in order
        XCTAssertEqual(names(spy.responses.last), ["Throes", "The Office", "Three Hundred Roses"])
        XCTAssertEqual(spy.responses.last?.closeFrom, 1)
        XCTAssertEqual(spy.responses.last?.search, .done(provider: .tvmaze, added: 1))
    }

    // MARK: Presenter

    func testTheCountSaysCloseMatchesApartAndNoneFoundWhenThereAreOnlyThose() {
        XCTAssertEqual(PopularListPresenter.countLabel(rows: 8, closeFrom: 1, added: 1, total: 420), "0 of 420 shows + 1 found · 7 close matches")
        XCTAssertEqual(PopularListPresenter.countLabel(rows: 3, closeFrom: nil, added: 1, total: 420), "2 of 420 shows + 1 found")
        XCTAssertEqual(PopularListPresenter.countLabel(rows: 5, closeFrom: 0, added: 0, total: 420), "none found · 5 close matches")
        XCTAssertEqual(PopularListPresenter.countLabel(rows: 3, closeFrom: 2, added: 0, total: 420), "2 of 420 shows · 1 close match")
    }

    func testCloseMatchRowsAreMarkedAndTheStatusSaysNoNameHoldsTheQuery() {
        let presenter = PopularListPresenter(now: { 0 })
        let display = PopularListDisplayLogicSpy()
        presenter.viewController = display
        let shows = [show(1, "Taigu Xing Shen Jue", weight: 9), show(2, "Tai Yi Jian Xian Chuan", weight: 8)]
        var response = PopularList.LoadShows.Response(
            shows: .init(shows: shows, positions: [0, 1]), totalCount: 2, query: "taxi", source: .snapshotFile(path: "s.json"),
            fallbackReasons: [], isLoading: false, isLoadingMore: false, hasMore: false, error: nil)
        response.closeFrom = 0
        presenter.presentShows(response: response)
        let model = display.viewModels.last
        XCTAssertEqual(model?.rows.map(\.isCloseMatch), [true, true])
        XCTAssertEqual(model?.countLabel, "none found · 2 close matches")
        XCTAssertEqual(model?.statusMessage, "No name holds “taxi”: close matches (its letters in order)")
        let cells = PopularListViewController.cells(model!.rows[0], symbols: Symbols(.unicode))
        XCTAssertEqual(cells[1].role, .dim, "a close match's name is drawn dim")
    }

    // MARK: discover-tui search

    func testTheSearchCommandSaysWhenNoNameHoldsTheQuery() {
        let text = CellText(repertoire: .unicode)
        let shows = [show(1, "Taigu Xing Shen Jue", weight: 9)]
        let none = ShowCommands.render(
            .init(shows: shows, closeFrom: 0, source: .snapshotFile(path: "s.json"), fallbackReason: nil),
            query: "taxi", json: false, text: text)
        XCTAssertTrue(none.hasPrefix("# No show's name holds “taxi”: 1 close match (its letters in order)"), none)
        XCTAssertFalse(none.contains("found"))
        let mixed = ShowCommands.render(
            .init(shows: catalogue, closeFrom: 1, source: .snapshotFile(path: "s.json"), fallbackReason: nil),
            query: "x", json: false, text: text)
        let lines = mixed.split(separator: "\n")
        XCTAssertTrue(lines[0].hasPrefix("# 1 show found for “x”, then 2 close matches"), mixed)
        XCTAssertEqual(lines[2], "# close matches (the query's letters in order):")
        let json = ShowCommands.render(
            .init(shows: catalogue, closeFrom: 1, source: .snapshotFile(path: "s.json"), fallbackReason: nil),
            query: "x", json: true, text: text)
        XCTAssertEqual(json.split(separator: "\n").map { $0.contains(#""closeMatch":true"#) }, [false, true, true])
    }

    func testTheProvidersHitsForTheSearchCommandAreRankedByTier() {
        let ranked = MatchTiers.rank(
            [show(40, "The Office", weight: 95), show(41, "Throes", weight: 10), show(42, "Throes of Love", weight: 5)],
            query: "Throes ")
        XCTAssertEqual(ranked.shows.map(\.name), ["Throes", "Throes of Love", "The Office"])
        XCTAssertEqual(ranked.closeFrom, 2)
    }
}
