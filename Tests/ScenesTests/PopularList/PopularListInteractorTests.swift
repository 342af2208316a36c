import Domain
import TestSupport
import Workers
import XCTest

@testable import Scenes

@MainActor
final class PopularListInteractorTests: XCTestCase {
    func testLoadShowsPresentsLoadingThenThePageInPopularityOrder() async {
        // Given a worker with one page out of order
        let shows = makeShows(["A", "B", "C"])
        let worker = TVShowsWorkerStub(pages: [shows.reversed()])
        let sut = PopularListInteractor(worker: worker)
        let spy = PopularListPresentationLogicSpy()
        sut.presenter = spy
        // When the list loads
        let load = sut.loadShows(request: .init())
        // Then loading is presented first, then the shows ranked by weight
        XCTAssertEqual(spy.responses.first?.isLoading, true)
        await load.value
        XCTAssertEqual(spy.responses.last?.isLoading, false)
        let last = spy.responses.last
        XCTAssertEqual(last?.shows.map(\.show.name), ["A", "B", "C"])
        XCTAssertEqual(last?.shows.map(\.rank), [1, 2, 3])
        XCTAssertEqual(last?.source, .live(provider: .tvmaze))
    }

    func testLoadNextPageMergesWithoutDuplicatesAndStopsAtTheEnd() async {
        let first = makeShows(["A", "B"], startID: 1, weight: 90)
        let second = makeShows(["Top", "A again"], startID: 10, weight: 95) + [first[0]]
        let worker = TVShowsWorkerStub(pages: [first, second])
        let sut = PopularListInteractor(worker: worker)
        let spy = PopularListPresentationLogicSpy()
        sut.presenter = spy
        await sut.loadShows(request: .init()).value
        await sut.loadNextPage(request: .init()).value
        XCTAssertEqual(spy.responses.last?.isLoadingMore, false)
        XCTAssertEqual(spy.responses.last?.totalCount, 4)
        XCTAssertEqual(spy.responses.last?.shows.map(\.show.name), ["Top", "A again", "A", "B"])
        XCTAssertEqual(spy.responses.last?.hasMore, false)
        sut.loadNextPage(request: .init())
        let requested = await worker.requestedPages
        XCTAssertEqual(requested, [0, 1], "no request past the last page")
    }

    func testFilterMatchesNamesIgnoringCaseAndAccentsAndKeepsGlobalRanks() async {
        let worker = TVShowsWorkerStub(pages: [makeShows(["Amélie", "Breaking Bad", "AMERICAN Dad"])])
        let sut = PopularListInteractor(worker: worker)
        let spy = PopularListPresentationLogicSpy()
        sut.presenter = spy
        await sut.loadShows(request: .init()).value
        sut.filterShows(request: .init(query: "ame"))
        XCTAssertEqual(spy.responses.last?.shows.map(\.show.name), ["Amélie", "AMERICAN Dad"])
        XCTAssertEqual(spy.responses.last?.shows.map(\.rank), [1, 3])
        sut.filterShows(request: .init(query: "amer"))
        XCTAssertEqual(spy.responses.last?.shows.map(\.show.name), ["AMERICAN Dad"])
        sut.filterShows(request: .init(query: ""))
        XCTAssertEqual(spy.responses.last?.shows.count, 3)
        XCTAssertEqual(spy.responses.last?.query, "")
    }

    /// An interactor on an embedded snapshot of three pages (Alpha, Beta; Gamma; Betamax), with
    /// a spy for what it presents; nothing loaded yet.
    private func threePageSnapshot() async -> (PopularListInteractor, PopularListPresentationLogicSpy) {
        let worker = TVShowsWorkerStub(pages: [
            makeShows(["Alpha", "Beta"]), makeShows(["Gamma"], startID: 10, weight: 50),
            makeShows(["Betamax"], startID: 20, weight: 40)
        ])
        await worker.setSource(.embeddedSnapshot(provider: .tvmaze, capturedOn: nil))
        let sut = PopularListInteractor(worker: worker)
        let spy = PopularListPresentationLogicSpy()
        sut.presenter = spy
        return (sut, spy)
    }

    func testAFilterOnASnapshotLooksThroughEveryPageNotOnlyTheLoadedOnes() async {
        // Given a snapshot of three pages, of which only the first is loaded
        let (sut, spy) = await threePageSnapshot()
        await sut.loadShows(request: .init()).value
        XCTAssertEqual(spy.responses.last?.totalCount, 2)
        // When a filter is typed
        await sut.filterShows(request: .init(query: "beta")).value
        // Then the rest of the snapshot is read and searched too
        XCTAssertEqual(spy.responses.last?.totalCount, 4)
        XCTAssertEqual(spy.responses.last?.isLoadingMore, false)
        XCTAssertEqual(spy.responses.last?.shows.map(\.show.name), ["Beta", "Betamax"])
        XCTAssertEqual(spy.responses.last?.hasMore, false)
    }

    func testAFilterTypedBeforeTheFirstPageOfASnapshotStillLooksThroughEveryPage() async {
        // Given a snapshot of three pages whose first page has not arrived yet
        let (sut, spy) = await threePageSnapshot()
        let load = sut.loadShows(request: .init())
        // When the filter is typed at once (as `discover-tui search beta` or keys typed ahead do)
        sut.filterShows(request: .init(query: "beta"))
        await load.value
        await sut.effects.finished()
        // Then the rest of the snapshot is read once the first page is there, and searched
        XCTAssertEqual(spy.responses.last?.totalCount, 4)
        XCTAssertEqual(spy.responses.last?.shows.map(\.show.name), ["Beta", "Betamax"])
        XCTAssertEqual(spy.responses.last?.hasMore, false)
        XCTAssertEqual(spy.responses.last?.isLoadingMore, false)
    }

    func testAFilterOnASnapshotTakesTheWholeCatalogueAtOnce() async throws {
        // Given a real snapshot worker serving pages of two shows
        let shows = makeShows(["Alpha", "Beta", "Gamma", "Betamax", "Delta"])
        let worker = SnapshotShowsWorker(catalog: ShowCatalog(shows: shows, source: .snapshotFile(path: "s.json")), pageSize: 2)
        let sut = PopularListInteractor(worker: worker)
        let spy = PopularListPresentationLogicSpy()
        sut.presenter = spy
        await sut.loadShows(request: .init()).value
        // (the rest of the catalogue may already have been read in the background by now)
        XCTAssertEqual(spy.responses.first { $0.totalCount > 0 }?.totalCount, 2, "the first page is shown first")
        // When a filter is typed, then narrowed
        await sut.filterShows(request: .init(query: "bet")).value
        XCTAssertEqual(spy.responses.last?.totalCount, 5)
        XCTAssertEqual(spy.responses.last?.isLoadingMore, false)
        XCTAssertEqual(spy.responses.last?.shows.map(\.show.name), ["Beta", "Betamax"])
        XCTAssertEqual(spy.responses.last?.shows.map(\.rank), [2, 4])
        XCTAssertEqual(spy.responses.last?.hasMore, false)
        sut.filterShows(request: .init(query: "betam"))
        XCTAssertEqual(spy.responses.last?.shows.map(\.show.name), ["Betamax"])
        sut.filterShows(request: .init(query: ""))
        XCTAssertEqual(spy.responses.last?.shows.map(\.show.name), ["Alpha", "Beta", "Gamma", "Betamax", "Delta"])
    }

    func testASnapshotListIsWholeOnceItsNamesAreFoldedWithoutAFilterOrEnd() async throws {
        // Given a snapshot of pages of two shows, sorted by rating before its rest is there
        let shows = makeShows(["Alpha", "Beta", "Gamma", "Betamax", "Delta"])
        let worker = SnapshotShowsWorker(catalog: ShowCatalog(shows: shows, source: .snapshotFile(path: "s.json")), pageSize: 2)
        let effects = RunningEffects()
        let sut = PopularListInteractor(worker: worker, effects: effects)
        let spy = PopularListPresentationLogicSpy()
        sut.presenter = spy
        await sut.loadShows(request: .init()).value
        sut.cycleSort(request: .init())
        // When its whole catalogue has been read in the background
        await effects.finished()
        // Then every show is listed, nothing more to page, and the first row stays the top (on a
        // busy machine the rest may be read before the sort: then the sort's answer comes last)
        let last = try XCTUnwrap(spy.responses.last)
        XCTAssertEqual(last.totalCount, 5)
        XCTAssertFalse(last.hasMore)
        XCTAssertEqual(last.sort, .rating)
        let whole = try XCTUnwrap(spy.responses.firstIndex { $0.tookWhole }, "the answer that took the whole catalogue keeps the top")
        XCTAssertEqual(spy.responses[whole].totalCount, 5)
        XCTAssertTrue(spy.responses[whole...].allSatisfy { $0.totalCount == 5 && !$0.hasMore })
    }

    func testAFilterOnALiveSourceDoesNotFetchEveryPage() async {
        let worker = TVShowsWorkerStub(pages: [makeShows(["Alpha", "Beta"]), makeShows(["Betamax"], startID: 20, weight: 40)])
        let sut = PopularListInteractor(worker: worker, clock: ImmediateClock())
        let spy = PopularListPresentationLogicSpy()
        sut.presenter = spy
        await sut.loadShows(request: .init()).value
        await sut.filterShows(request: .init(query: "beta")).value
        let requested = await worker.requestedPages
        XCTAssertEqual(requested, [0])
        XCTAssertEqual(spy.responses.last?.shows.map(\.show.name), ["Beta"])
    }

    func testAFailedReloadKeepsTheShowsOnScreenAndReportsTheCause() async {
        let worker = TVShowsWorkerStub(pages: [makeShows(["A", "B"])])
        let clock = StoppedClock()
        let sut = PopularListInteractor(worker: worker, clock: clock)
        let spy = PopularListPresentationLogicSpy()
        sut.presenter = spy
        await sut.loadShows(request: .init()).value
        await worker.setFailure(.rateLimited(provider: .tvmaze, retryAfterSeconds: 8))
        let reload = sut.loadShows(request: .init(reload: true))
        await clock.sleeps.reach(1)
        XCTAssertEqual(spy.responses.last?.isLoading, false)
        XCTAssertEqual(spy.responses.last?.error, .rateLimited(provider: .tvmaze, retryAfterSeconds: 8))
        XCTAssertEqual(spy.responses.last?.retryInSeconds, 8)
        XCTAssertEqual(spy.responses.last?.shows.count, 2, "what was on screen stays on screen")
        sut.cancelLoads()
        await reload.value
    }

    func testSelectShowPutsTheShowInTheDataStoreForTheRouter() async {
        let worker = TVShowsWorkerStub(pages: [makeShows(["A", "B", "C"])])
        let sut = PopularListInteractor(worker: worker)
        sut.presenter = PopularListPresentationLogicSpy()
        await sut.loadShows(request: .init()).value
        sut.selectShow(request: .init(id: 3))
        XCTAssertEqual(sut.selectedShow?.name, "C")
        sut.selectShow(request: .init(id: 99))
        XCTAssertNil(sut.selectedShow)
    }
}
