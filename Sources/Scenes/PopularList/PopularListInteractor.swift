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
/// filter and the provider's search in `PopularListInteractor+Filter.swift`. What they keep
/// is held by collaborators: the loaded pages in a `ShowPages`, the query, narrowing, order
/// and matches in a `ShowFilter`, the search beyond the list in a `CatalogueSearch`.
@MainActor
package final class PopularListInteractor: PopularListBusinessLogic, PopularListDataStore {
    /// One list the scene can show (`switchList` goes from one to the next).
    package typealias ListSource = ShowListSource

    package var presenter: PopularListPresentationLogic?
    private let lists: [ListSource]
    private var listIndex = 0
    var worker: any TVShowsWorking { lists[listIndex].worker }
    package var listWorker: any TVShowsWorking { worker }
    /// The pages' loads: generation, tasks, next page, failed page.
    let loader = PageLoader()
    /// A rate limit's wait before the failed page is asked again.
    let countdown: RetryCountdown
    /// Where the use cases' tasks are tracked.
    let effects: RunningEffects
    /// The loaded pages, merged.
    var pages = ShowPages()
    package var shows: [TVShow] { pages.shows }
    package internal(set) var source: DataSource?
    var basis: ListBasis?
    var hasMore: Bool { loader.hasMore }
    /// The query, the narrowing, the order and the list's matches.
    var filter: ShowFilter
    /// The provider's search for the filter (live), or the kept shows' (offline).
    let search: CatalogueSearch
    /// True when the search was asked before the first page: it goes once the source is known.
    var searchWhenLoaded = false
    /// What is loading, the last failure, and the moments presented once.
    var loading = ShowListLoading()
    /// A snapshot's whole catalogue, made ready after its first page.
    let catalogue = SnapshotCatalogue()

    package private(set) var selectedShow: TVShow?

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
    package init(
        worker: any TVShowsWorking, fallbackReasons: @escaping @Sendable () async -> [SourceError] = { [] },
        otherLists: [ListSource] = [], startsOnOtherList: Bool = false, keptShows: (any KeptShowsSearching)? = nil,
        clock: any Clock<Duration> = ContinuousClock(), effects: RunningEffects = RunningEffects(), services: StreamingServices? = nil
    ) {
        self.lists = [ListSource(worker: worker, fallbackReasons: fallbackReasons)] + otherLists
        if startsOnOtherList && !otherLists.isEmpty { listIndex = 1 }
        self.countdown = RetryCountdown(clock: clock)
        self.effects = effects
        self.filter = ShowFilter(services: services)
        self.search = CatalogueSearch(clock: clock, keptShows: keptShows)
        search.subject = { [weak self] in
            CatalogueSearch.Subject(query: self?.filter.query ?? "", foldedQuery: self?.filter.foldedQuery ?? [], source: self?.source)
        }
        search.changed = { [weak self] in self?.present() }
    }

    /// Why each of the list's live sources was given up, asked after its first page.
    var fallbackReasons: @Sendable () async -> [SourceError] { lists[listIndex].fallbackReasons }

    @discardableResult
    package func switchList(request: PopularList.SwitchList.Request) -> Task<Void, Never> {
        guard lists.count > 1 else { return .nothing }
        cancelLoads()
        loader.restart()
        catalogue.reset()
        listIndex = (listIndex + 1) % lists.count
        pages.removeAll()
        filter.clearMatches()
        source = nil
        basis = nil
        loading.restart(clearingFallback: true)
        present()
        return effects.track(fetch(page: 0, replacing: true))
    }

    @discardableResult
    package func loadShows(request: PopularList.LoadShows.Request) -> Task<Void, Never> {
        if !request.reload && (loading.isLoading || !shows.isEmpty) {
            present()
            return .nothing
        }
        if request.reload, loader.failedPage != nil, !shows.isEmpty {
            return effects.track(retryFailedPage() ?? .nothing)
        }
        cancelLoads()
        loader.restart()
        loading.restart()
        present()
        return effects.track(fetch(page: 0, replacing: true))
    }

    @discardableResult
    package func loadNextPage(request: PopularList.LoadNextPage.Request) -> Task<Void, Never> {
        guard hasMore, !loading.isLoading, !shows.isEmpty, !countdown.isCounting else { return .nothing }
        guard !loader.isLoadingNextPage, !loading.isLoadingMore else {
            // One page load at a time: the wish is kept and sent when the current one lands.
            loading.wantsNextPage = true
            return .nothing
        }
        loading.startNextPage()
        loader.clearFailure()
        present()
        return effects.track(fetch(page: loader.nextPage, replacing: false))
    }

    @discardableResult
    package func loadRest(request: PopularList.LoadRest.Request) -> Task<Void, Never> {
        guard hasMore, !loading.isLoading, !shows.isEmpty, let source, !source.isFromNetwork else { return .nothing }
        loading.selectLastWhenLoaded = true
        takePreparedCatalog()
        guard hasMore else { return .nothing }
        return effects.track(loadRemainingSnapshotPages() ?? .nothing)
    }

    /// Stops every load, the search and the countdown (a reload, or the scene closing).
    func cancelLoads() {
        loading.stop()
        search.stop()
        loader.cancel()
        countdown.stop()
    }

    package func openShow(request: PopularList.OpenShow.Request) {
        selectedShow = request.show
    }

    package func selectShow(request: PopularList.SelectShow.Request) {
        selectedShow = shows.first { $0.id == request.id } ?? search.hit(id: request.id)
    }

    func present() {
        let moments = loading.takeMoments(hasMore: hasMore)
        let ranked = rankedRows()
        presenter?.presentShows(
            response: .init(
                shows: .init(shows: shows, positions: ranked.order, hits: ranked.hits), totalCount: shows.count, query: filter.query, source: source,
                fallbackReasons: loading.fallback, isLoading: loading.isLoading, isLoadingMore: loading.isLoadingMore, hasMore: hasMore,
                error: loading.error, isRefreshing: loading.isRefreshing, retryInSeconds: countdown.remainingSeconds,
                errorKeptCopy: loader.failedPage.map { pages.contains(page: $0) } ?? false,
                selectLast: moments.selectLast, tookWhole: moments.tookWhole,
                basis: basis, listCount: lists.count,
                search: search.state(of: search.subject(), added: ranked.foundHits),
                closeFrom: filter.foldedQuery.isEmpty || ranked.closeFrom >= ranked.order.count ? nil : ranked.closeFrom,
                sort: filter.sort, narrowedTo: filter.narrowedTo, services: filter.services
            ))
    }
}
