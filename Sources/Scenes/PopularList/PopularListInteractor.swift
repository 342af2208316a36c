import Domain
import FoundationEssentials

/// The PopularList scene's business logic: loads pages from a `TVShowsWorking`, keeps them
/// merged in popularity order, filters by name, and remembers the selection for routing.
///
/// Pages come as the Worker's updates: a cached copy at once, then the fresh one, which
/// replaces that page's shows. The first page (and its refresh) loads in one task and later
/// pages in another, one at a time: asking for the next page while one is in flight is
/// remembered and sent when it lands. A reload cancels both. A failure keeps what is on screen;
/// `r` retries the failed page, and a rate limit is retried by itself when its countdown ends.
@MainActor
package final class PopularListInteractor: PopularListBusinessLogic, PopularListDataStore {
    /// The wait after a rate limit that gives no `Retry-After`, in seconds.
    static let defaultRateLimitWait = 10
    /// The longest wait honoured before retrying by itself, in seconds.
    static let longestRateLimitWait = 3_600

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
    private let lists: [ListSource]
    private var listIndex = 0
    private var worker: any TVShowsWorking { lists[listIndex].worker }
    package var listWorker: any TVShowsWorking { worker }
    private var fallbackReasons: @Sendable () async -> [SourceError] { lists[listIndex].fallbackReasons }
    private var basis: ListBasis?
    private let sleep: @Sendable (Int) async throws -> Void

    package private(set) var shows: [TVShow] = []
    private var names = ShowFilter()  // folded names, in the order of `shows`
    private var query = ""
    private var foldedQuery: [UInt8] = []
    private var matchSet: [Int] = []  // indices into shows of the matches, in list order
    private var matches: [Int] = []  // the same, best match first
    private var nextPage = 0
    private var hasMore = true
    package private(set) var source: DataSource?
    private var fallback: [SourceError] = []
    private var error: SourceError?
    private var isLoading = false
    private var isLoadingMore = false
    private var loadTask: Task<Void, Never>?
    private var generation = 0
    private var loadedPages: [Int: PagedResult<TVShow>] = [:]
    private var nextPageTask: Task<Void, Never>?
    private var wantsNextPage = false
    private var refreshingPages: Set<Int> = []
    private var failedPage: Int?
    private var retryCountdown: Int?
    private var countdownTask: Task<Void, Never>?
    /// A snapshot's whole catalogue with its names folded, made ready in the background after
    /// its first page so that the first keystroke of a filter does not wait for it.
    private var prepared: (generation: Int, whole: PagedResult<TVShow>, names: ShowFilter)?
    private var prepareTask: Task<Void, Never>?
    /// True from `loadRest` until the whole snapshot is loaded (or a load fails or restarts).
    private var selectLastWhenLoaded = false

    package private(set) var selectedShow: TVShow?

    // The provider's search for the filter (a live source only).
    private let searchDelay: @Sendable () async throws -> Void
    private var searchTask: Task<Void, Never>?
    private var searchingKey: String?
    private var searchCache: [String: [TVShow]] = [:]
    private var hitsKey: String?
    private var hits: [TVShow] = []
    private var searchError: SourceError?
    private var searchWhenLoaded = false
    // Offline: the shows kept from earlier live answers, read once on the first search.
    private let keptSource: (any KeptShowsSearching)?
    private var kept: (shows: [TVShow], names: ShowFilter)?
    private var keptTask: Task<Void, Never>?
    private var sort: PopularList.SortOrder = .popularity
    private var narrowedTo: PopularList.Narrow.Choice?

    /// Makes an Interactor.
    /// - Parameters:
    ///   - worker: the source of shows.
    ///   - fallbackReasons: why each live source was given up, asked after the first page.
    ///   - otherLists: the lists `switchList` goes on to (for example "All shows"), in order.
    ///   - startsOnOtherList: true to start on the first of `otherLists` (`--list all`).
    ///   - keptShows: shows seen earlier online and kept on disk, searched below the matches
    ///     when the source is not live (a snapshot); nil for none.
    ///   - sleep: waits a number of seconds (the rate-limit countdown's tick; tests pass a
    ///     quicker one); throws when cancelled.
    package init(worker: any TVShowsWorking, fallbackReasons: @escaping @Sendable () async -> [SourceError] = { [] },
         otherLists: [ListSource] = [], startsOnOtherList: Bool = false, keptShows: (any KeptShowsSearching)? = nil,
         sleep: @escaping @Sendable (Int) async throws -> Void = { try await Task.sleep(nanoseconds: UInt64($0) * 1_000_000_000) },
         searchDelay: @escaping @Sendable () async throws -> Void = { try await Task.sleep(nanoseconds: searchPauseNanoseconds) }) {
        self.lists = [ListSource(worker: worker, fallbackReasons: fallbackReasons)] + otherLists
        if startsOnOtherList && !otherLists.isEmpty { listIndex = 1 }
        self.sleep = sleep
        self.searchDelay = searchDelay
        self.keptSource = keptShows
    }

    /// The pause in typing after which the provider's search is asked: 300 ms.
    static let searchPauseNanoseconds: UInt64 = 300_000_000

    package func switchList(request: PopularList.SwitchList.Request) {
        guard lists.count > 1 else { return }
        cancelLoads()
        prepareTask?.cancel()
        prepareTask = nil
        prepared = nil
        listIndex = (listIndex + 1) % lists.count
        generation += 1
        shows = []
        names = ShowFilter()
        matchSet = []
        matches = []
        loadedPages = [:]
        nextPage = 0
        hasMore = true
        source = nil
        basis = nil
        fallback = []
        error = nil
        failedPage = nil
        isLoadingMore = false
        isLoading = true
        present()
        fetch(page: 0, replacing: true)
    }

    package func loadShows(request: PopularList.LoadShows.Request) {
        if !request.reload && (isLoading || !shows.isEmpty) {
            present()
            return
        }
        if request.reload, failedPage != nil, !shows.isEmpty {
            retryFailedPage()
            return
        }
        cancelLoads()
        generation += 1
        isLoading = true
        isLoadingMore = false
        error = nil
        present()
        fetch(page: 0, replacing: true)
    }

    package func loadNextPage(request: PopularList.LoadNextPage.Request) {
        guard hasMore, !isLoading, !shows.isEmpty, retryCountdown == nil else { return }
        guard nextPageTask == nil, !isLoadingMore else {
            // One page load at a time: the wish is kept and sent when the current one lands.
            wantsNextPage = true
            return
        }
        wantsNextPage = false
        isLoadingMore = true
        error = nil
        failedPage = nil
        present()
        fetch(page: nextPage, replacing: false)
    }

    package func loadRest(request: PopularList.LoadRest.Request) {
        guard hasMore, !isLoading, !shows.isEmpty, let source, !source.isFromNetwork else { return }
        selectLastWhenLoaded = true
        takePreparedCatalog()
        if hasMore { loadRemainingSnapshotPages() }
    }

    /// Stops every load and the countdown (a reload, or the scene closing).
    func cancelLoads() {
        selectLastWhenLoaded = false
        searchTask?.cancel()
        searchTask = nil
        searchingKey = nil
        loadTask?.cancel()
        loadTask = nil
        nextPageTask?.cancel()
        nextPageTask = nil
        countdownTask?.cancel()
        countdownTask = nil
        retryCountdown = nil
        wantsNextPage = false
        refreshingPages = []
    }

    /// Loads a page's updates: page 0 in `loadTask`, later pages in `nextPageTask`.
    private func fetch(page: Int, replacing: Bool) {
        let worker = self.worker
        let fallbackReasons = self.fallbackReasons
        let generation = self.generation
        let task = Task { [weak self] in
            var first = true
            do {
                for try await result in worker.popularShowsUpdates(page: page) {
                    let reasons = page == 0 ? await fallbackReasons() : []
                    self?.receive(result, replacing: replacing && first, fallback: reasons, generation: generation)
                    first = false
                }
                guard !Task.isCancelled else { return }
                self?.finish(page: page, generation: generation)
            } catch is CancellationError {
                return
            } catch {
                guard !Task.isCancelled else { return }
                self?.fail(error, page: page, generation: generation)
            }
        }
        if page == 0 { loadTask = task } else { nextPageTask = task }
    }

    private func receive(_ result: PagedResult<TVShow>, replacing: Bool, fallback: [SourceError], generation: Int) {
        guard generation == self.generation else { return }
        if result.page == 0 { self.fallback = fallback }
        if case .cache = result.source {
            refreshingPages.insert(result.page)
        } else {
            refreshingPages.remove(result.page)
        }
        if failedPage == nil || failedPage == result.page {
            error = nil
            failedPage = nil
        }
        merge([result], replacing: replacing)
    }

    /// A page's updates are over: frees its slot and sends a next-page wish kept meanwhile.
    private func finish(page: Int, generation: Int) {
        guard generation == self.generation else { return }
        if page == 0 { loadTask = nil } else { nextPageTask = nil }
        refreshingPages.remove(page)
        present()
        if selectLastWhenLoaded && hasMore {
            // End was pressed while this page loaded: the rest is read now.
            wantsNextPage = false
            loadRemainingSnapshotPages()
        } else if wantsNextPage && !isLoadingMore {
            wantsNextPage = false
            loadNextPage(request: .init())
        }
    }

    /// Merges pages into the list (without repeats), sorts it once, and presents it. A page
    /// that arrives again (fresh after cached) replaces its earlier copy.
    private func merge(_ pages: [PagedResult<TVShow>], replacing: Bool) {
        guard let last = pages.last else { return }
        if replacing { loadedPages = [:] }
        for page in pages { loadedPages[page.page] = page }
        var merged: [TVShow] = []
        var known = Set<Int>()
        for (_, page) in loadedPages.sorted(by: { $0.key < $1.key }) {
            for show in page.items where known.insert(show.id).inserted { merged.append(show) }
        }
        merged.sort(by: TVShow.ranksAbove)
        shows = merged
        names = ShowFilter(names: merged.lazy.map(\.name))
        finishMerge(last)
    }

    /// Takes a whole catalogue, already in popularity order, in place of the loaded pages when
    /// those are its beginning (as pages of the same snapshot are); else merges it as a page.
    /// - Parameters:
    ///   - whole: the catalogue.
    ///   - names: its names folded, made off the main actor.
    private func takeWholeCatalog(_ whole: PagedResult<TVShow>, names: ShowFilter) {
        guard whole.items.count >= shows.count, zip(shows, whole.items).allSatisfy({ $0.id == $1.id }) else {
            merge([whole], replacing: false)
            return
        }
        loadedPages = [whole.page: whole]
        shows = whole.items
        self.names = names
        finishMerge(whole)
    }

    /// After a snapshot's first page, fetches its whole catalogue (the worker's own array, not a
    /// copy) and folds its names in the background; nothing is presented until a filter starts.
    private func prepareWholeCatalog() {
        guard prepared == nil, prepareTask == nil, hasMore, let source, let catalog = worker as? any ShowCatalogWorking else { return }
        if source.isFromNetwork { return }
        let generation = self.generation
        prepareTask = Task { [weak self] in
            let whole = try? await catalog.wholeCatalog()
            let names = await Task.detached(priority: .utility) { whole.map { ShowFilter(names: $0.items.lazy.map(\.name)) } }.value
            guard let self else { return }
            self.prepareTask = nil
            guard generation == self.generation, let whole, let names else { return }
            self.prepared = (generation, whole, names)
        }
    }

    /// Takes the prepared whole catalogue, if it is ready and still current.
    /// - Returns: true when it was taken (and the matches made again for the query).
    @discardableResult
    private func takePreparedCatalog() -> Bool {
        guard let prepared else { return false }
        self.prepared = nil
        guard prepared.generation == generation, hasMore, !isLoading, !isLoadingMore else { return false }
        takeWholeCatalog(prepared.whole, names: prepared.names)
        return true
    }

    private func finishMerge(_ last: PagedResult<TVShow>) {
        defer { prepareWholeCatalog() }
        let lastPage = loadedPages.keys.max() ?? last.page
        nextPage = lastPage + 1
        hasMore = loadedPages[lastPage]?.hasMore ?? last.hasMore
        source = Self.shownSource(of: loadedPages.values.map(\.source)) ?? last.source
        basis = loadedPages[0]?.basis ?? last.basis
        if searchWhenLoaded, source != nil {
            searchWhenLoaded = false
            scheduleSearch(now: true)
        }
        isLoading = false
        isLoadingMore = false
        recomputeMatches()
        present()
    }

    /// The source the status bar names for a list of pages: the oldest cached copy when any
    /// page is one (the list is only as fresh as its stalest page), else the pages' source.
    static func shownSource(of sources: [DataSource]) -> DataSource? {
        var oldest: DataSource?
        var oldestTime = Int64.max
        for case .cache(let provider, let savedAt) in sources where savedAt < oldestTime {
            oldest = .cache(provider: provider, savedAt: savedAt)
            oldestTime = savedAt
        }
        return oldest ?? sources.first
    }

    /// A filter looks through every show of a snapshot, not only the pages loaded so far:
    /// the rest of a snapshot costs no network request, so it is read when filtering starts.
    /// (A live source is filtered over what is loaded; more loads as the selection nears the
    /// end.)
    private func loadRemainingSnapshotPages() {
        guard hasMore, !isLoading, !isLoadingMore, let source else { return }
        if source.isFromNetwork { return }
        isLoadingMore = true
        let worker = self.worker
        let generation = self.generation
        let first = nextPage
        nextPageTask = Task { [weak self] in
            var pages: [PagedResult<TVShow>] = []
            do {
                if let catalog = worker as? any ShowCatalogWorking, let whole = try await catalog.wholeCatalog() {
                    let names = await Task.detached { ShowFilter(names: whole.items.lazy.map(\.name)) }.value
                    guard let self, generation == self.generation else { return }
                    self.error = nil
                    self.nextPageTask = nil
                    self.takeWholeCatalog(whole, names: names)
                    return
                }
                var page = first
                while true {
                    let result = try await worker.popularShows(page: page)
                    pages.append(result)
                    if !result.hasMore || result.items.isEmpty { break }
                    page += 1
                }
                guard let self, generation == self.generation else { return }
                self.error = nil
                self.nextPageTask = nil
                self.merge(pages, replacing: false)
            } catch is CancellationError {
                return
            } catch {
                self?.fail(error, page: first, generation: generation)
            }
        }
    }

    /// A page failed: what is on screen stays, the error is shown, and a rate limit starts the
    /// countdown to an automatic retry.
    private func fail(_ failure: Error, page: Int, generation: Int) {
        guard generation == self.generation else { return }
        if page == 0 { loadTask = nil } else { nextPageTask = nil }
        refreshingPages.remove(page)
        wantsNextPage = false
        selectLastWhenLoaded = false
        isLoading = false
        isLoadingMore = false
        let sourceError = (failure as? SourceError) ?? .unreachable(provider: "source", reason: String(describing: type(of: failure)))
        error = sourceError
        failedPage = page
        if case .rateLimited(_, let seconds) = sourceError {
            startCountdown(seconds: seconds ?? Self.defaultRateLimitWait)
        }
        present()
    }

    /// Counts a rate limit's wait down once a second on screen, then retries.
    private func startCountdown(seconds: Int) {
        countdownTask?.cancel()
        let total = max(1, min(seconds, Self.longestRateLimitWait))
        retryCountdown = total
        let sleep = self.sleep
        let generation = self.generation
        countdownTask = Task { [weak self] in
            var remaining = total
            while remaining > 0 {
                do { try await sleep(1) } catch { return }
                remaining -= 1
                guard let self, generation == self.generation, !Task.isCancelled else { return }
                if remaining > 0 {
                    self.retryCountdown = remaining
                    self.present()
                }
            }
            guard let self, generation == self.generation, !Task.isCancelled else { return }
            self.retryFailedPage()
        }
    }

    /// Asks again for the page that failed, keeping the list on screen (`r`, or a countdown's end).
    private func retryFailedPage() {
        guard let page = failedPage else { return }
        countdownTask?.cancel()
        countdownTask = nil
        retryCountdown = nil
        failedPage = nil
        error = nil
        if page == 0 {
            loadTask?.cancel()
            isLoading = shows.isEmpty
            present()
            fetch(page: 0, replacing: shows.isEmpty)
        } else {
            nextPageTask?.cancel()
            isLoadingMore = loadedPages[page] == nil
            present()
            fetch(page: page, replacing: false)
        }
    }

    package func filterShows(request: PopularList.FilterShows.Request) {
        let folded = ShowFilter.fold(request.query)
        let narrowing = !foldedQuery.isEmpty && folded.starts(with: foldedQuery)
        query = request.query
        foldedQuery = folded
        // Taking the whole catalogue matches it against the query already.
        let took = !folded.isEmpty && takePreparedCatalog()
        if !took { recomputeMatches(narrowing: narrowing) }
        scheduleSearch(now: false)
        present()
        if !foldedQuery.isEmpty { loadRemainingSnapshotPages() }
    }

    package func searchCatalogue(request: PopularList.SearchCatalogue.Request) {
        // Before the first page the source is unknown: the search goes once it is.
        if source == nil { searchWhenLoaded = true }
        scheduleSearch(now: true)
        present()
    }

    package func listNarrowChoices(request: PopularList.Narrow.ChoicesRequest) {
        var genres: [String: Int] = [:], networks: [String: Int] = [:]
        for show in shows {
            for genre in show.genres where !genre.isEmpty { genres[genre, default: 0] += 1 }
            if let name = show.broadcaster?.name, !name.isEmpty { networks[name, default: 0] += 1 }
        }
        func ordered(_ counts: [String: Int]) -> [(String, Int)] {
            counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        let choices = ordered(genres).map { (choice: PopularList.Narrow.Choice.genre($0.0), count: $0.1) }
            + ordered(networks).map { (choice: PopularList.Narrow.Choice.network($0.0), count: $0.1) }
        presenter?.presentNarrowChoices(response: .init(choices: choices, current: narrowedTo))
    }

    package func narrow(request: PopularList.Narrow.Request) {
        narrowedTo = request.choice
        recomputeMatches()
        present()
    }

    package func cycleSort(request: PopularList.CycleSort.Request) {
        sort = sort.next
        recomputeMatches()
        present()
    }

    package func openShow(request: PopularList.OpenShow.Request) {
        selectedShow = request.show
    }

    package func selectShow(request: PopularList.SelectShow.Request) {
        selectedShow = shows.first { $0.id == request.id } ?? hits.first { $0.id == request.id }
    }

    /// The search's key for a query: trimmed, folded (so `Taxi` and `taxi ` are asked once).
    private static func searchKey(_ query: String) -> String {
        String(decoding: ShowFilter.fold(query.trimming(.whitespaces)), as: UTF8.self)
    }

    /// Asks the provider's search for the filter once typing pauses (`now`: at once): on a live
    /// source only, at most one request in flight (a new query cancels the last), each query
    /// asked once (answers are kept for the session; the worker keeps them on disk too).
    private func scheduleSearch(now: Bool) {
        let key = Self.searchKey(query)
        if !key.isEmpty, source != nil, source?.isFromNetwork != true, keptSource != nil {
            cancelSearch()
            searchKept(key: key)
            return
        }
        guard !key.isEmpty, source?.isFromNetwork == true else {
            cancelSearch()
            return
        }
        if let known = searchCache[key] {
            cancelSearch()
            hitsKey = key
            hits = known
            searchError = nil
            return
        }
        if searchingKey == key { return }
        searchTask?.cancel()
        searchingKey = key
        searchError = nil
        let worker = self.worker, delay = self.searchDelay, text = query.trimming(.whitespaces)
        let generation = self.generation
        searchTask = Task { [weak self] in
            do {
                if !now { try await delay() }
                let found = try await worker.searchShows(query: text)
                guard let self, !Task.isCancelled, generation == self.generation else { return }
                self.searchTask = nil
                self.searchingKey = nil
                self.searchCache[key] = found ?? []
                if Self.searchKey(self.query) == key {
                    self.hitsKey = key
                    self.hits = found ?? []
                }
                self.present()
            } catch is CancellationError {
                return
            } catch {
                guard let self, !Task.isCancelled, generation == self.generation else { return }
                self.searchTask = nil
                self.searchingKey = nil
                self.searchError = (error as? SourceError) ?? .unreachable(provider: self.source?.provider ?? "source", reason: "the search failed")
                self.present()
            }
        }
    }

    /// Offline: the kept shows that match the filter, best first, as the hits. The kept shows
    /// are read once, on the first search, off the main actor; every later keystroke matches
    /// them in memory.
    private func searchKept(key: String) {
        guard let kept else {
            guard keptTask == nil, let keptSource else { return }
            keptTask = Task { [weak self] in
                let loaded = await Task.detached(priority: .utility) { () -> (shows: [TVShow], names: ShowFilter) in
                    let shows = await keptSource.keptShows()
                    return (shows, ShowFilter(names: shows.lazy.map(\.name)))
                }.value
                guard let self else { return }
                self.kept = loaded
                self.keptTask = nil
                let key = Self.searchKey(self.query)
                if !key.isEmpty, self.source != nil, self.source?.isFromNetwork != true {
                    self.searchKept(key: key)
                    self.present()
                }
            }
            return
        }
        let positions = kept.names.ranked(foldedQuery, kept.names.matches(foldedQuery))
        hits = positions.map { kept.shows[$0] }
        hitsKey = key
    }

    private func cancelSearch() {
        searchTask?.cancel()
        searchTask = nil
        searchingKey = nil
        searchError = nil
        if query.trimming(.whitespaces).isEmpty {
            hits = []
            hitsKey = nil
        }
    }

    /// The search hits to list below the matches: those of this very query in the provider's
    /// order, or those of an earlier one that the filter still matches; never a listed show.
    private func shownHits() -> [TVShow] {
        guard !foldedQuery.isEmpty, !hits.isEmpty else { return [] }
        let listed = Set(matches.lazy.map { self.shows[$0].id })
        var seen = Set<Int>()
        let current = hitsKey == Self.searchKey(query)
        let known = Set(shows.lazy.map(\.id))
        return hits.filter { hit in
            guard !listed.contains(hit.id), !known.contains(hit.id), seen.insert(hit.id).inserted else { return false }
            return current || ShowFilter.score(name: ShowFilter.fold(hit.name), query: foldedQuery) != nil
        }
    }

    private func searchState(added: Int) -> PopularList.LoadShows.SearchState? {
        guard !foldedQuery.isEmpty, source != nil else { return nil }
        if source?.isFromNetwork != true {
            return keptSource != nil && hitsKey == Self.searchKey(query) ? .kept(added: added) : nil
        }
        let provider = source?.provider ?? "source"
        if let searchError { return .failed(searchError) }
        if searchingKey != nil { return .searching(provider: provider) }
        if hitsKey != nil { return .done(provider: provider, added: added) }
        return nil
    }

    /// Keeps `matches` in step with `shows` and the query, ranked best first (`ShowFilter.ranked`).
    /// A query that only grows narrows the previous matches instead of scanning every show again.
    private func recomputeMatches(narrowing: Bool = false) {
        matchSet = names.matches(foldedQuery, among: narrowing ? matchSet : nil)
        matches = names.ranked(foldedQuery, sorted(narrowed(matchSet)))
    }

    /// The positions of shows of the chosen genre or network (all without a narrowing).
    private func narrowed(_ positions: [Int]) -> [Int] {
        switch narrowedTo {
        case nil: return positions
        case .genre(let genre)?: return positions.filter { shows[$0].genres.contains(genre) }
        case .network(let name)?: return positions.filter { shows[$0].broadcaster?.name == name }
        }
    }

    /// Positions in the chosen order (`sort`); ties, and the popularity order, keep list order.
    /// Shows with no rating, premiere or name sort after those with one.
    private func sorted(_ positions: [Int]) -> [Int] {
        let shows = self.shows
        switch sort {
        case .popularity:
            return positions
        case .rating:
            return positions.sorted { a, b in
                let l = shows[a].rating ?? -1, r = shows[b].rating ?? -1
                return l != r ? l > r : a < b
            }
        case .premiered:
            return positions.sorted { a, b in
                switch (shows[a].premiered, shows[b].premiered) {
                case (let l?, let r?): return l != r ? l > r : a < b
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return a < b
                }
            }
        case .name:
            let keys = Dictionary(uniqueKeysWithValues: positions.map { ($0, shows[$0].name.lowercased()) })
            return positions.sorted { a, b in
                let l = keys[a] ?? "", r = keys[b] ?? ""
                if l.isEmpty != r.isEmpty { return !l.isEmpty }
                return l != r ? l < r : a < b
            }
        }
    }

    private func present() {
        let selectLast = selectLastWhenLoaded && !hasMore
        if selectLast { selectLastWhenLoaded = false }
        let extra = shownHits()
        presenter?.presentShows(response: .init(
            shows: .init(shows: shows, positions: matches, hits: extra), totalCount: shows.count, query: query, source: source, fallbackReasons: fallback,
            isLoading: isLoading, isLoadingMore: isLoadingMore, hasMore: hasMore, error: error,
            isRefreshing: !refreshingPages.isEmpty, retryCountdown: retryCountdown,
            errorKeptCopy: failedPage.map { loadedPages[$0] != nil } ?? false,
            selectLast: selectLast,
            basis: basis, listCount: lists.count,
            search: searchState(added: extra.count),
            sort: sort, narrowedTo: narrowedTo
        ))
    }
}
