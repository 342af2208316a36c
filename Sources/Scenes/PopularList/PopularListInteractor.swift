import Domain

/// The PopularList scene's business logic: loads pages from a `TVShowsWorking`, keeps them
/// merged in popularity order, filters by name, and remembers the selection for routing.
///
/// Pages come as the Worker's updates: a cached copy at once, then the fresh one, which
/// replaces that page's shows. Pages load through a `PageLoader`: the first page (and its
/// refresh) in one slot and later pages in another, one at a time: asking for the next page
/// while one is in flight is remembered and sent when it lands. A reload cancels both. A
/// failure keeps what is on screen; `r` retries the failed page, and a rate limit is retried by
/// itself when its `RetryCountdown` ends. Each use case that starts work returns its task.
///
/// The use cases live in extensions: loading in `PopularListInteractor+Loading.swift`, the
/// filter and the provider's search in `PopularListInteractor+Filter.swift`.
@MainActor
package final class PopularListInteractor: PopularListBusinessLogic, PopularListDataStore {
    /// One list the scene can show (`switchList` goes from one to the next): where its shows
    /// come from, and why its live source was given up.
    package struct ListSource {
        /// The source of shows.
        package let worker: any TVShowsWorking
        /// Why each live source was given up, asked after the first page.
        package var fallbackReasons: @Sendable () async -> [SourceError] = { [] }

        /// Makes one from its parts (the memberwise initialiser, visible to the composition root).
        package init(worker: any TVShowsWorking, fallbackReasons: @escaping @Sendable () async -> [SourceError] = { [] }) {
            self.worker = worker
            self.fallbackReasons = fallbackReasons
        }
    }

    package var presenter: PopularListPresentationLogic?
    let lists: [ListSource]
    var listIndex = 0
    var worker: any TVShowsWorking { lists[listIndex].worker }
    package var listWorker: any TVShowsWorking { worker }
    var fallbackReasons: @Sendable () async -> [SourceError] { lists[listIndex].fallbackReasons }
    var basis: ListBasis?
    /// The pages' loads: generation, tasks, next page, failed page.
    let loader = PageLoader()
    /// A rate limit's wait before the failed page is asked again.
    let countdown: RetryCountdown
    /// Where the use cases' tasks are tracked.
    let effects: RunningEffects

    package internal(set) var shows: [TVShow] = []
    var names = NameFilter()  // folded names, in the order of `shows`
    var query = ""
    var foldedQuery: [UInt8] = []
    var matchSet: [Int] = []  // indices into shows of the matches, in list order
    var matches = NameFilter.Tiers(matches: [], ranked: [], ends: [])  // the same, best match first, with their tiers
    var hasMore: Bool { loader.hasMore }
    package internal(set) var source: DataSource?
    var fallback: [SourceError] = []
    var error: SourceError?
    var isLoading = false
    var isLoadingMore = false
    var loadedPages: [Int: PagedResult<TVShow>] = [:]
    var wantsNextPage = false
    var refreshingPages: Set<Int> = []
    /// A snapshot's whole catalogue with its names folded, made ready in the background after
    /// its first page so that the first keystroke of a filter does not wait for it.
    var prepared: (generation: Int, whole: PagedResult<TVShow>, names: NameFilter)?
    var prepareTask: Task<Void, Never>?
    /// True from `loadRest` until the whole snapshot is loaded (or a load fails or restarts).
    var selectLastWhenLoaded = false
    /// True from a snapshot's whole catalogue taking the place of its pages until it is presented.
    var tookWhole = false

    package private(set) var selectedShow: TVShow?

    // The provider's search for the filter (a live source only).
    let searchClock: any Clock<Duration>
    var searchTask: Task<Void, Never>?
    var searchingKey: String?
    var searchCache: [String: [TVShow]] = [:]
    var hitsKey: String?
    var hits: [TVShow] = [] {
        didSet { hitKeysQuery = nil }
    }
    /// The rank keys of `hits` for the folded query `hitKeysQuery` (nil: not explained by
    /// the name), made once per keystroke for the kept shows.
    var hitKeys: [Int?] = []
    var hitKeysQuery: [UInt8]?
    var searchError: SourceError?
    var searchWhenLoaded = false
    // Offline: the shows kept from earlier live answers, read once on the first search.
    let keptSource: (any KeptShowsSearching)?
    var kept: (shows: [TVShow], names: NameFilter)?
    var keptTask: Task<Void, Never>?
    var sort: PopularList.SortOrder = .popularity
    var narrowedTo: PopularList.Narrow.Choice?
    /// The viewer's streaming services (`services` setting); nil for none.
    let services: StreamingServices?

    /// The pause in typing after which the provider's search is asked: 300 ms.
    static let searchPause: Duration = .milliseconds(300)

    /// Makes an Interactor.
    /// - Parameters:
    ///   - worker: the source of shows.
    ///   - fallbackReasons: why each live source was given up, asked after the first page.
    ///   - otherLists: the lists `switchList` goes on to (for example "All shows"), in order.
    ///   - startsOnOtherList: true to start on the first of `otherLists` (`--list all`).
    ///   - keptShows: shows seen earlier online and kept on disk, searched below the matches
    ///     when the source is not live (a snapshot); nil for none.
    ///   - clock: the clock the rate-limit countdown and the search's typing pause wait on
    ///     (tests pass one that does not wait).
    ///   - effects: where the use cases' tasks are tracked.
    ///   - services: the viewer's streaming services, whose shows the rows mark and `n` can
    ///     narrow to; nil for none.
    package init(worker: any TVShowsWorking, fallbackReasons: @escaping @Sendable () async -> [SourceError] = { [] },
         otherLists: [ListSource] = [], startsOnOtherList: Bool = false, keptShows: (any KeptShowsSearching)? = nil,
         clock: any Clock<Duration> = ContinuousClock(), effects: RunningEffects = RunningEffects(), services: StreamingServices? = nil) {
        self.services = services
        self.lists = [ListSource(worker: worker, fallbackReasons: fallbackReasons)] + otherLists
        if startsOnOtherList && !otherLists.isEmpty { listIndex = 1 }
        self.countdown = RetryCountdown(clock: clock)
        self.searchClock = clock
        self.effects = effects
        self.keptSource = keptShows
    }

    @discardableResult
    package func switchList(request: PopularList.SwitchList.Request) -> Task<Void, Never> {
        guard lists.count > 1 else { return .nothing }
        cancelLoads()
        loader.restart()
        prepareTask?.cancel()
        prepareTask = nil
        prepared = nil
        listIndex = (listIndex + 1) % lists.count
        shows = []
        names = NameFilter()
        matchSet = []
        matches = NameFilter.Tiers(matches: [], ranked: [], ends: [])
        loadedPages = [:]
        source = nil
        basis = nil
        fallback = []
        error = nil
        isLoadingMore = false
        isLoading = true
        present()
        return effects.track(fetch(page: 0, replacing: true))
    }

    @discardableResult
    package func loadShows(request: PopularList.LoadShows.Request) -> Task<Void, Never> {
        if !request.reload && (isLoading || !shows.isEmpty) {
            present()
            return .nothing
        }
        if request.reload, loader.failedPage != nil, !shows.isEmpty {
            return effects.track(retryFailedPage() ?? .nothing)
        }
        cancelLoads()
        loader.restart()
        isLoading = true
        isLoadingMore = false
        error = nil
        present()
        return effects.track(fetch(page: 0, replacing: true))
    }

    @discardableResult
    package func loadNextPage(request: PopularList.LoadNextPage.Request) -> Task<Void, Never> {
        guard hasMore, !isLoading, !shows.isEmpty, !countdown.isCounting else { return .nothing }
        guard !loader.isLoadingNextPage, !isLoadingMore else {
            // One page load at a time: the wish is kept and sent when the current one lands.
            wantsNextPage = true
            return .nothing
        }
        wantsNextPage = false
        isLoadingMore = true
        error = nil
        loader.clearFailure()
        present()
        return effects.track(fetch(page: loader.nextPage, replacing: false))
    }

    @discardableResult
    package func loadRest(request: PopularList.LoadRest.Request) -> Task<Void, Never> {
        guard hasMore, !isLoading, !shows.isEmpty, let source, !source.isFromNetwork else { return .nothing }
        selectLastWhenLoaded = true
        takePreparedCatalog()
        guard hasMore else { return .nothing }
        return effects.track(loadRemainingSnapshotPages() ?? .nothing)
    }

    /// Stops every load, the search and the countdown (a reload, or the scene closing).
    func cancelLoads() {
        selectLastWhenLoaded = false
        searchTask?.cancel()
        searchTask = nil
        searchingKey = nil
        loader.cancel()
        countdown.stop()
        wantsNextPage = false
        refreshingPages = []
    }

    package func openShow(request: PopularList.OpenShow.Request) {
        selectedShow = request.show
    }

    package func selectShow(request: PopularList.SelectShow.Request) {
        selectedShow = shows.first { $0.id == request.id } ?? hits.first { $0.id == request.id }
    }

    func present() {
        let selectLast = selectLastWhenLoaded && !hasMore
        if selectLast { selectLastWhenLoaded = false }
        let took = tookWhole
        tookWhole = false
        let ranked = rankedRows()
        presenter?.presentShows(response: .init(
            shows: .init(shows: shows, positions: ranked.order, hits: ranked.hits), totalCount: shows.count, query: query, source: source, fallbackReasons: fallback,
            isLoading: isLoading, isLoadingMore: isLoadingMore, hasMore: hasMore, error: error,
            isRefreshing: !refreshingPages.isEmpty, retryInSeconds: countdown.remainingSeconds,
            errorKeptCopy: loader.failedPage.map { loadedPages[$0] != nil } ?? false,
            selectLast: selectLast, tookWhole: took,
            basis: basis, listCount: lists.count,
            search: searchState(added: ranked.foundHits),
            closeFrom: foldedQuery.isEmpty || ranked.closeFrom >= ranked.order.count ? nil : ranked.closeFrom,
            sort: sort, narrowedTo: narrowedTo, services: services
        ))
    }
}
