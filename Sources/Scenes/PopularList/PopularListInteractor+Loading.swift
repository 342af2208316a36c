import Domain

/// Loading: the pages' updates, merged in popularity order; a snapshot's whole catalogue; a
/// failure, its countdown and its retry.
extension PopularListInteractor {
    /// Loads a page's updates: page 0 in the loader's first slot, later pages in its next slot.
    /// - Returns: the load's task.
    @discardableResult
    func fetch(page: Int, replacing: Bool) -> Task<Void, Never> {
        let worker = self.worker
        let fallbackReasons = self.fallbackReasons
        return loader.load(page: page, { [weak self] generation in
            var first = true
            for try await result in worker.popularShowsUpdates(page: page) {
                let reasons = page == 0 ? await fallbackReasons() : []
                self?.receive(result, replacing: replacing && first, fallback: reasons, generation: generation)
                first = false
            }
        }, finished: { [weak self] in
            self?.finish(page: page)
        }, failed: { [weak self] error in
            self?.fail(error, page: page)
        })
    }

    private func receive(_ result: PagedResult<TVShow>, replacing: Bool, fallback: [SourceError], generation: Int) {
        guard loader.isCurrent(generation) else { return }
        if result.page == 0 { self.fallback = fallback }
        if case .cache = result.source {
            refreshingPages.insert(result.page)
        } else {
            refreshingPages.remove(result.page)
        }
        if loader.failedPage == nil || loader.failedPage == result.page {
            error = nil
            loader.clearFailure()
        }
        merge([result], replacing: replacing)
    }

    /// A page's updates are over: sends a next-page wish kept meanwhile.
    /// - Returns: the task of the load it started, if any.
    private func finish(page: Int) -> Task<Void, Never>? {
        refreshingPages.remove(page)
        present()
        if selectLastWhenLoaded && hasMore {
            // End was pressed while this page loaded: the rest is read now.
            wantsNextPage = false
            return loadRemainingSnapshotPages()
        } else if !foldedQuery.isEmpty, hasMore, let rest = loadRemainingSnapshotPages() {
            // A filter typed before this page arrived looks through the rest of a snapshot too.
            wantsNextPage = false
            return rest
        } else if wantsNextPage && !isLoadingMore {
            wantsNextPage = false
            return loadNextPage(request: .init())
        }
        return nil
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
        names = NameFilter(namesOf: merged)
        finishMerge(last)
    }

    /// Takes a whole catalogue, already in popularity order, in place of the loaded pages when
    /// those are its beginning (as pages of the same snapshot are); else merges it as a page.
    /// - Parameters:
    ///   - whole: the catalogue.
    ///   - names: its names folded, made off the main actor.
    private func takeWholeCatalog(_ whole: PagedResult<TVShow>, names: NameFilter) {
        guard whole.items.count >= shows.count, zip(shows, whole.items).allSatisfy({ $0.id == $1.id }) else {
            merge([whole], replacing: false)
            return
        }
        loadedPages = [whole.page: whole]
        shows = whole.items
        self.names = names
        tookWhole = true
        finishMerge(whole)
    }

    /// After a snapshot's first page, fetches its whole catalogue (the worker's own array, not a
    /// copy) and folds its names in the background, then takes it in place of the pages: every
    /// show of a snapshot is local, so its list is whole (no paging, and a sort orders every
    /// show) as soon as the names are folded, the first page having been drawn meanwhile. A
    /// page still loading then takes it when it lands (a filter or End too).
    private func prepareWholeCatalog() {
        guard prepared == nil, prepareTask == nil, hasMore, let source, let catalog = worker as? any ShowCatalogWorking else { return }
        if source.isFromNetwork { return }
        let generation = loader.generation
        prepareTask = effects.track(Task { [weak self] in
            let whole = try? await catalog.wholeCatalog()
            let names = await Task.detached(priority: .utility) { whole.map { NameFilter(namesOf: $0.items) } }.value
            guard let self else { return }
            self.prepareTask = nil
            guard self.loader.isCurrent(generation), let whole, let names else { return }
            self.prepared = (generation, whole, names)
            if !self.isLoading && !self.isLoadingMore { self.takePreparedCatalog() }
        })
    }

    /// Takes the prepared whole catalogue, if it is ready and still current.
    /// - Returns: true when it was taken (and the matches made again for the query).
    @discardableResult
    func takePreparedCatalog() -> Bool {
        guard let prepared else { return false }
        self.prepared = nil
        guard loader.isCurrent(prepared.generation), hasMore, !isLoading, !isLoadingMore else { return false }
        takeWholeCatalog(prepared.whole, names: prepared.names)
        return true
    }

    private func finishMerge(_ last: PagedResult<TVShow>) {
        defer { prepareWholeCatalog() }
        let lastPage = loadedPages.keys.max() ?? last.page
        loader.advance(pastPage: lastPage, hasMore: loadedPages[lastPage]?.hasMore ?? last.hasMore)
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
    /// - Returns: the load's task, or nil when nothing is left to read.
    @discardableResult
    func loadRemainingSnapshotPages() -> Task<Void, Never>? {
        guard hasMore, !isLoading, !isLoadingMore, let source, !source.isFromNetwork else { return nil }
        isLoadingMore = true
        let worker = self.worker
        let first = loader.nextPage
        return loader.load(page: first, in: .next, { [weak self] generation in
            if let catalog = worker as? any ShowCatalogWorking, let whole = try await catalog.wholeCatalog() {
                let names = await Task.detached { NameFilter(namesOf: whole.items) }.value
                guard let self, self.loader.isCurrent(generation), !Task.isCancelled else { return }
                self.error = nil
                self.takeWholeCatalog(whole, names: names)
                return
            }
            var pages: [PagedResult<TVShow>] = []
            var page = first
            while true {
                let result = try await worker.popularShows(page: page)
                pages.append(result)
                if !result.hasMore || result.items.isEmpty { break }
                page += 1
            }
            guard let self, self.loader.isCurrent(generation), !Task.isCancelled else { return }
            self.error = nil
            self.merge(pages, replacing: false)
        }, failed: { [weak self] error in
            self?.fail(error, page: first)
        })
    }

    /// A page failed: what is on screen stays, the error is shown, and a rate limit starts the
    /// countdown to an automatic retry.
    /// - Returns: the countdown's task, for a rate limit.
    private func fail(_ sourceError: SourceError, page: Int) -> Task<Void, Never>? {
        refreshingPages.remove(page)
        wantsNextPage = false
        selectLastWhenLoaded = false
        isLoading = false
        isLoadingMore = false
        error = sourceError
        var countdownTask: Task<Void, Never>?
        if case .rateLimited(_, let seconds) = sourceError {
            countdownTask = countdown.start(retryAfter: seconds, tick: { [weak self] _ in
                self?.present()
            }, retry: { [weak self] in
                self?.retryFailedPage()
            })
        }
        present()
        return countdownTask
    }

    /// Asks again for the page that failed, keeping the list on screen (`r`, or a countdown's end).
    /// - Returns: the load's task, or nil when no page failed.
    @discardableResult
    func retryFailedPage() -> Task<Void, Never>? {
        guard let page = loader.failedPage else { return nil }
        countdown.stop()
        loader.clearFailure()
        error = nil
        if page == 0 {
            isLoading = shows.isEmpty
            present()
            return fetch(page: 0, replacing: shows.isEmpty)
        } else {
            isLoadingMore = loadedPages[page] == nil
            present()
            return fetch(page: page, replacing: false)
        }
    }
}
