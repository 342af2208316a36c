import Domain
import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import Scenes

/// What a scripted request does, step by step.
enum ScriptStep: Sendable {
    /// Yields a page.
    case page(PagedResult<TVShow>)
    /// Yields details.
    case details(TVShowDetails)
    /// Ends the request with an error.
    case fail(SourceError)
    /// Waits the given seconds.
    case delay(Double)
    /// Never answers (until cancelled).
    case hang
    /// Waits at a gate until the test opens it.
    case gate(Gate)
}

/// A TV Worker whose updates follow scripts: each request for a page (or details) takes the
/// next script for it (the last repeats). Records requests and cancellations.
final class ScriptedShowsWorker: TVShowsWorking {
    private struct State {
        var pageScripts: [Int: [[ScriptStep]]] = [:]
        var detailScripts: [[ScriptStep]] = []
        var requestedPages: [Int] = []
        var detailRequests = 0
    }
    private let state = Mutex(State())

    func script(page: Int, _ steps: [ScriptStep]...) { state.withLock { $0.pageScripts[page, default: []] += steps } }
    func scriptDetails(_ steps: [ScriptStep]...) { state.withLock { $0.detailScripts += steps } }
    var requestedPages: [Int] { state.withLock { $0.requestedPages } }
    var detailRequests: Int { state.withLock { $0.detailRequests } }
    var cancellations: Int { cancelled.value }
    /// The number of requests that reached a `.hang` step.
    let hangs = AwaitableCount()
    /// The number of hanging requests cancelled.
    let cancelled = AwaitableCount()

    private func take(page: Int?) -> [ScriptStep] {
        state.withLock { s in
            if let page {
                s.requestedPages.append(page)
                var scripts = s.pageScripts[page] ?? [[.page(PagedResult(items: [], page: page, hasMore: false, source: .live(provider: .tvmaze)))]]
                let next = scripts.count > 1 ? scripts.removeFirst() : scripts[0]
                s.pageScripts[page] = scripts
                return next
            }
            s.detailRequests += 1
            return s.detailScripts.count > 1 ? s.detailScripts.removeFirst() : (s.detailScripts.first ?? [.hang])
        }
    }

    private func run<T: Sendable>(_ steps: [ScriptStep], _ continuation: AsyncThrowingStream<T, any Error>.Continuation, pick: (ScriptStep) -> T?) async throws {
        for step in steps {
            switch step {
            case .fail(let error): throw error
            case .delay(let seconds): try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            case .gate(let gate): await gate.pass()
            case .hang:
                hangs.increment()
                do {
                    try await Task.sleep(nanoseconds: 60_000_000_000)
                } catch {
                    cancelled.increment()
                    throw CancellationError()
                }
            default:
                if let value = pick(step) { continuation.yield(value) }
            }
        }
    }

    func popularShowsUpdates(page: Int) -> AsyncThrowingStream<PagedResult<TVShow>, any Error> {
        .producing { continuation in
            try await self.run(self.take(page: page), continuation) { if case .page(let p) = $0 { return p } else { return nil } }
        }
    }

    func showDetailsUpdates(for show: TVShow) -> AsyncThrowingStream<TVShowDetails, any Error> {
        .producing { continuation in
            try await self.run(self.take(page: nil), continuation) { if case .details(let d) = $0 { return d } else { return nil } }
        }
    }

    func popularShows(page: Int) async throws -> PagedResult<TVShow> {
        var last: PagedResult<TVShow>?
        for try await result in popularShowsUpdates(page: page) { last = result }
        guard let last else { throw SourceError.notFound(provider: .tvmaze) }
        return last
    }

    func showDetails(for show: TVShow) async throws -> TVShowDetails {
        var last: TVShowDetails?
        for try await details in showDetailsUpdates(for: show) { last = details }
        guard let last else { throw SourceError.notFound(provider: .tvmaze) }
        return last
    }
}

private let live = DataSource.live(provider: .tvmaze)
private let savedAt: Int64 = 1_764_400_000
private let cached = DataSource.cache(provider: .tvmaze, savedAt: savedAt)
private let threeHoursLater = savedAt + 3 * 3_600

private func page(_ number: Int, _ shows: [TVShow], hasMore: Bool = true, source: DataSource = live) -> ScriptStep {
    .page(PagedResult(items: shows, page: number, hasMore: hasMore, source: source))
}

@MainActor
final class PopularListStaleWhileRevalidateTests: XCTestCase {
    private func makeScene(_ worker: ScriptedShowsWorker, clock: ImmediateClock = ImmediateClock())
        -> (PopularListInteractor, PopularListPresentationLogicSpy)
    {
        let sut = PopularListInteractor(worker: worker, clock: clock)
        let spy = PopularListPresentationLogicSpy()
        sut.presenter = spy
        return (sut, spy)
    }

    /// The view model the real Presenter makes of a response, three hours after `savedAt`.
    private func viewModel(_ response: PopularList.LoadShows.Response?) -> PopularList.LoadShows.ViewModel? {
        guard let response else { return nil }
        let presenter = PopularListPresenter(now: { threeHoursLater })
        let display = PopularListDisplayLogicSpy()
        presenter.viewController = display
        presenter.presentShows(response: response)
        return display.viewModels.last
    }

    func testTheCachedPageShowsAtOnceWithItsAgeThenTheFreshOneReplacesIt() async {
        let worker = ScriptedShowsWorker()
        worker.script(page: 0, [page(0, makeShows(["Old A", "Old B"]), source: cached), .delay(0.2), page(0, makeShows(["New A", "New B", "New C"]))])
        let (sut, spy) = makeScene(worker)
        await sut.loadShows(request: .init()).value
        let stale = spy.responses.last { $0.source == cached }
        XCTAssertEqual(stale?.shows.map(\.show.name), ["Old A", "Old B"])
        XCTAssertEqual(stale?.isRefreshing, true)
        XCTAssertEqual(stale?.isLoading, false, "the cached list is shown, not a loading message")
        XCTAssertEqual(viewModel(stale)?.sourceLabel, "TVmaze · cached 3 h ago")
        XCTAssertEqual(viewModel(stale)?.statusMessage, "Checking TVmaze for newer data…")
        let fresh = spy.responses.last
        XCTAssertEqual(fresh?.shows.map(\.show.name), ["New A", "New B", "New C"], "the fresh page replaces the cached one")
        XCTAssertEqual(fresh?.isRefreshing, false)
        XCTAssertEqual(viewModel(fresh)?.sourceLabel, "TVmaze live")
        XCTAssertNil(viewModel(fresh)?.statusMessage)
        XCTAssertEqual(worker.requestedPages, [0])
    }

    func testAFailedRefreshKeepsTheCachedListAndSaysWhoFailedAndWhyThenRRetriesKeepingIt() async {
        let worker = ScriptedShowsWorker()
        worker.script(
            page: 0, [page(0, makeShows(["A", "B"]), source: cached), .fail(.unreachable(provider: .tvmaze, reason: "connection refused"))],
            [page(0, makeShows(["A", "B"]), source: cached), .delay(0.1), page(0, makeShows(["A", "B", "C"]))])
        let (sut, spy) = makeScene(worker)
        await sut.loadShows(request: .init()).value
        let failed = spy.responses.last
        XCTAssertNotNil(failed?.error)
        XCTAssertEqual(failed?.shows.map(\.show.name), ["A", "B"], "the cached list stays")
        XCTAssertEqual(failed?.source, cached)
        let vm = viewModel(failed)
        XCTAssertEqual(vm?.sourceLabel, "TVmaze · cached 3 h ago")
        XCTAssertEqual(vm?.statusMessage, "TVmaze is unreachable (connection refused; r retries)")
        XCTAssertEqual(vm?.statusIsError, true)
        XCTAssertEqual(vm?.rows.count, 2)
        // r: the list stays on screen while page 0 is asked again.
        let before = spy.responses.count
        await sut.loadShows(request: .init(reload: true)).value
        XCTAssertEqual(spy.responses.last?.source, live)
        XCTAssertTrue(spy.responses.dropFirst(before).allSatisfy { $0.totalCount >= 2 }, "never an empty list while retrying")
        XCTAssertEqual(spy.responses.last?.totalCount, 3)
        XCTAssertNil(spy.responses.last?.error)
        XCTAssertEqual(worker.requestedPages, [0, 0])
    }

    func testOfflineTheCachedPagesCanStillBePagedThroughButAMissingPageIsNotAskedAgainAndAgain() async {
        let worker = ScriptedShowsWorker()
        let refused = SourceError.unreachable(provider: .tvmaze, reason: "connection refused")
        worker.script(page: 0, [page(0, makeShows(["A"]), source: cached), .fail(refused)])
        worker.script(page: 1, [page(1, makeShows(["B"], startID: 10, weight: 50), source: cached), .fail(refused)])
        worker.script(page: 2, [.fail(refused)])
        let (sut, spy) = makeScene(worker)
        await sut.loadShows(request: .init()).value
        XCTAssertNotNil(spy.responses.last?.error)
        XCTAssertEqual(viewModel(spy.responses.last)?.canLoadMore, true, "page 0's refresh failed but its copy is shown")
        await sut.loadNextPage(request: .init()).value
        XCTAssertEqual(spy.responses.last?.totalCount, 2)
        XCTAssertNotNil(spy.responses.last?.error)
        XCTAssertEqual(viewModel(spy.responses.last)?.canLoadMore, true)
        XCTAssertEqual(viewModel(spy.responses.last)?.sourceLabel, "TVmaze · cached 3 h ago")
        await sut.loadNextPage(request: .init()).value
        XCTAssertEqual(worker.requestedPages, [0, 1, 2])
        XCTAssertEqual(spy.responses.last?.isLoadingMore, false)
        let missing = viewModel(spy.responses.last)
        XCTAssertEqual(missing?.canLoadMore, false, "page 2 has no copy: it waits for r")
        XCTAssertEqual(missing?.statusMessage, "TVmaze is unreachable (connection refused; r retries)")
        XCTAssertEqual(missing?.rows.count, 2)
    }

    func testARateLimitCountsDownOnScreenAndRetriesByItself() async {
        let worker = ScriptedShowsWorker()
        worker.script(page: 0, [.fail(.rateLimited(provider: .tvmaze, retryAfterSeconds: nil))], [page(0, makeShows(["A"]))])
        let clock = ImmediateClock()
        let (sut, spy) = makeScene(worker, clock: clock)
        await sut.loadShows(request: .init()).value
        XCTAssertEqual(spy.responses.last?.totalCount, 1)
        let countdown = spy.responses.compactMap(\.retryInSeconds)
        XCTAssertEqual(countdown, Array((1...10).reversed()), "the documented default of 10 s without Retry-After")
        XCTAssertEqual(clock.slept, .seconds(10))
        let first = spy.responses.first { $0.retryInSeconds == 8 }
        XCTAssertEqual(viewModel(first)?.emptyMessage, "TVmaze is rate limiting: retrying in 8 s. Press r to retry now.")
        XCTAssertEqual(worker.requestedPages, [0, 0], "retried once, by itself")
        XCTAssertNil(spy.responses.last?.error)
    }

    func testARateLimitUnderAListKeepsTheListAndUsesRetryAfter() async {
        let worker = ScriptedShowsWorker()
        worker.script(page: 0, [page(0, makeShows(["A", "B"]))])
        worker.script(page: 1, [.fail(.rateLimited(provider: .tvmaze, retryAfterSeconds: 3))], [page(1, makeShows(["C"], startID: 10, weight: 10), hasMore: false)])
        let clock = ImmediateClock()
        let (sut, spy) = makeScene(worker, clock: clock)
        await sut.loadShows(request: .init()).value
        XCTAssertEqual(spy.responses.last?.totalCount, 2)
        await sut.loadNextPage(request: .init()).value
        XCTAssertEqual(spy.responses.last?.totalCount, 3)
        let waiting = spy.responses.first { $0.retryInSeconds == 3 }
        XCTAssertEqual(waiting?.totalCount, 2, "the list stays while waiting")
        XCTAssertEqual(viewModel(waiting)?.statusMessage, "TVmaze is rate limiting: retrying in 3 s (r retries now)")
        XCTAssertEqual(viewModel(waiting)?.canLoadMore, false, "no other page load while waiting")
        XCTAssertEqual(clock.slept, .seconds(3))
        XCTAssertEqual(worker.requestedPages, [0, 1, 1])
    }

    func testPageLoadsGoOutOneAtATimeAndAWishMadeMeanwhileIsSentOnce() async {
        let worker = ScriptedShowsWorker()
        let gate = Gate()
        worker.script(page: 0, [page(0, makeShows(["A"]))])
        worker.script(page: 1, [page(1, makeShows(["B"], startID: 10, weight: 50), source: cached), .gate(gate), page(1, makeShows(["B"], startID: 10, weight: 50))])
        worker.script(page: 2, [page(2, makeShows(["C"], startID: 20, weight: 40), hasMore: false)])
        let (sut, spy) = makeScene(worker)
        await sut.loadShows(request: .init()).value
        XCTAssertEqual(spy.responses.last?.totalCount, 1)
        let pageOne = sut.loadNextPage(request: .init())
        for _ in 0..<4 { sut.loadNextPage(request: .init()) }
        // Page 1 comes cached at once (after "loading more"), then its refresh waits at the
        // gate: more wishes wait.
        await spy.presented.reach(spy.responses.count + 1)
        await gate.arrival()
        XCTAssertEqual(spy.responses.last?.totalCount, 2)
        for _ in 0..<5 { sut.loadNextPage(request: .init()) }
        XCTAssertEqual(worker.requestedPages, [0, 1], "one page request at a time")
        gate.open()
        await pageOne.value
        XCTAssertEqual(spy.responses.last?.totalCount, 3)
        XCTAssertEqual(worker.requestedPages, [0, 1, 2], "the kept wish went out once, after page 1 landed")
        XCTAssertEqual(spy.responses.last?.hasMore, false)
    }

    func testAReloadCancelsThePageLoadInFlight() async {
        let worker = ScriptedShowsWorker()
        worker.script(page: 0, [page(0, makeShows(["A"]))])
        worker.script(page: 1, [.hang])
        let (sut, spy) = makeScene(worker)
        await sut.loadShows(request: .init()).value
        XCTAssertEqual(spy.responses.last?.totalCount, 1)
        let hanging = sut.loadNextPage(request: .init())
        await worker.hangs.reach(1)
        XCTAssertEqual(worker.requestedPages, [0, 1])
        await sut.loadShows(request: .init(reload: true)).value
        await hanging.value
        await worker.cancelled.reach(1)
        XCTAssertEqual(worker.cancellations, 1)
        XCTAssertEqual(spy.responses.last?.isLoading, false)
        XCTAssertEqual(spy.responses.last?.isLoadingMore, false)
        XCTAssertEqual(spy.responses.last?.totalCount, 1)
    }
}

@MainActor
final class ShowDetailStaleWhileRevalidateTests: XCTestCase {
    private let show = makeShows(["Silicon Valley"])[0]

    private func makeScene(_ worker: ScriptedShowsWorker, clock: ImmediateClock = ImmediateClock())
        -> (ShowDetailInteractor, ShowDetailDisplayLogicSpy)
    {
        let sut = ShowDetailInteractor(worker: worker, clock: clock)
        let presenter = ShowDetailPresenter(now: { threeHoursLater }, airClock: .utc(at: threeHoursLater))
        let spy = ShowDetailDisplayLogicSpy()
        sut.presenter = presenter
        presenter.viewController = spy
        sut.show = show
        return (sut, spy)
    }

    private func details(_ cast: String, source: DataSource) -> ScriptStep {
        .details(TVShowDetails(show: show, cast: [CastMember(personName: cast, characterName: nil)], seasons: [], source: source))
    }

    func testCachedDetailsShowAtOnceThenFreshOnesAndAFailedRefreshKeepsThem() async {
        let worker = ScriptedShowsWorker()
        worker.scriptDetails(
            [details("Kept Cast", source: cached), .delay(0.1), details("Fresh Cast", source: live)],
            [details("Kept Cast", source: cached), .fail(.httpStatus(provider: .tvmaze, status: 503, message: "service unavailable"))])
        let (sut, spy) = makeScene(worker)
        await sut.loadDetails(request: .init()).value
        let kept = spy.viewModels.last { $0.sourceLabel == "TVmaze · cached 3 h ago" }
        XCTAssertEqual(kept?.sections.first { $0.title == "Cast" }?.paragraphs, ["Kept Cast"])
        XCTAssertEqual(kept?.message, "Checking TVmaze for newer details…")
        XCTAssertEqual(spy.viewModels.last?.sourceLabel, "TVmaze live")
        XCTAssertEqual(spy.viewModels.last?.sections.first { $0.title == "Cast" }?.paragraphs, ["Fresh Cast"])
        XCTAssertNil(spy.viewModels.last?.message)
        // r: cached again, and this time the refresh fails; the details stay and the line says why.
        await sut.loadDetails(request: .init(retry: true)).value
        XCTAssertEqual(spy.viewModels.last?.messageIsError, true)
        XCTAssertEqual(spy.viewModels.last?.message, "TVmaze answered HTTP 503: service unavailable. Press r to retry.")
        XCTAssertEqual(spy.viewModels.last?.sourceLabel, "TVmaze · cached 3 h ago")
        XCTAssertEqual(spy.viewModels.last?.sections.first { $0.title == "Cast" }?.paragraphs, ["Kept Cast"])
    }

    func testClosingTheSceneCancelsTheLoadAndARateLimitCountsDown() async {
        let worker = ScriptedShowsWorker()
        worker.scriptDetails([.hang])
        let (sut, spy) = makeScene(worker)
        let load = sut.loadDetails(request: .init())
        await worker.hangs.reach(1)
        XCTAssertEqual(worker.detailRequests, 1)
        let shown = spy.viewModels.count
        sut.cancel()
        await load.value
        await worker.cancelled.reach(1)
        XCTAssertEqual(worker.cancellations, 1)
        XCTAssertEqual(spy.viewModels.count, shown, "nothing is presented after closing")

        let limited = ScriptedShowsWorker()
        limited.scriptDetails([.fail(.rateLimited(provider: .tvmaze, retryAfterSeconds: 2))], [details("Cast", source: live)])
        let clock = ImmediateClock()
        let (second, secondSpy) = makeScene(limited, clock: clock)
        await second.loadDetails(request: .init()).value
        XCTAssertEqual(secondSpy.viewModels.last?.sourceLabel, "TVmaze live")
        XCTAssertTrue(secondSpy.viewModels.contains { $0.message == "TVmaze is rate limiting: retrying in 2 s. Press r to retry now." })
        XCTAssertTrue(secondSpy.viewModels.contains { $0.message == "TVmaze is rate limiting: retrying in 1 s. Press r to retry now." })
        XCTAssertEqual(limited.detailRequests, 2)
        XCTAssertEqual(clock.slept, .seconds(2))
    }
}
