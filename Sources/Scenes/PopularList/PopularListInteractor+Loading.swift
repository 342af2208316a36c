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
        return loader.load(
            page: page,
            { [weak self] generation in
                var first = true
                for try await result in worker.popularShowsUpdates(page: page) {
                    let reasons = page == 0 ? await fallbackReasons() : []
                    self?.receive(result, replacing: replacing && first, fallback: reasons, generation: generation)
                    first = false
                }
            },
            finished: { [weak self] in self?.finish(page: page) },
            failed: { [weak self] error in self?.fail(error, page: page) })
    }

    private func receive(_ result: PagedResult<TVShow>, replacing: Bool, fallback: [SourceError], generation: Int) {
        guard loader.isCurrent(generation) else { return }
        loading.received(result, fallback: fallback)
        if loader.failedPage == nil || loader.failedPage == result.page {
            loading.error = nil
            loader.clearFailure()
        }
        merge([result], replacing: replacing)
    }

    /// A page's updates are over: sends a next-page wish kept meanwhile.
    /// - Returns: the task of the load it started, if any.
    private func finish(page: Int) -> Task<Void, Never>? {
        loading.ended(page: page)
        present()
        if loading.selectLastWhenLoaded && hasMore {
            // End was pressed while this page loaded: the rest is read now.
            loading.wantsNextPage = false
            return loadRemainingSnapshotPages()
        } else if !filter.foldedQuery.isEmpty, hasMore, let rest = loadRemainingSnapshotPages() {
            // A filter typed before this page arrived looks through the rest of a snapshot too.
            loading.wantsNextPage = false
            return rest
        } else if loading.wantsNextPage && !loading.isLoadingMore {
            loading.wantsNextPage = false
            return loadNextPage(request: .init())
        }
        return nil
    }

    /// Merges pages into the list (`ShowPages.merge`) and presents it.
    private func merge(_ results: [PagedResult<TVShow>], replacing: Bool) {
        guard let last = results.last else { return }
        pages.merge(results, replacing: replacing)
        finishMerge(last)
    }

    /// Takes a whole catalogue in place of the loaded pages when those are its beginning
    /// (`ShowPages.takeWhole`), else merges it as a page, and presents it.
    /// - Parameter names: its names folded; nil while they are being folded (`takeNames`).
    private func takeWholeCatalog(_ whole: PagedResult<TVShow>, names: NameFilter?) {
        if pages.takeWhole(whole, names: names) { loading.tookWhole = true }
        finishMerge(whole)
    }

    /// After a snapshot's first page, makes its whole catalogue ready in the background
    /// (`SnapshotCatalogue.prepare`), then takes it in place of the pages, the first page
    /// having been drawn meanwhile, before its names are folded; they are taken when they are.
    /// A page still loading then takes it when it lands (a filter or End too).
    private func prepareWholeCatalog() {
        guard catalogue.isIdle, hasMore, let source, let catalog = worker as? any ShowCatalogWorking else { return }
        if source.isFromNetwork { return }
        effects.track(
            catalogue.prepare(
                catalog, generation: loader.generation,
                isCurrent: { [weak self] in self?.loader.isCurrent($0) ?? false },
                ready: { [weak self] in
                    guard let self, !self.loading.isLoading, !self.loading.isLoadingMore else { return }
                    self.takePreparedCatalog()
                },
                named: { [weak self] generation, names in self?.takeNames(names, generation: generation) }))
    }

    /// Takes the names of the whole catalogue taken before them; matches the query again.
    private func takeNames(_ names: NameFilter, generation: Int) {
        guard loader.isCurrent(generation), pages.takeNames(names) else { return }
        recomputeMatches()
        present()
    }

    /// Takes the prepared whole catalogue, if it is ready and still current.
    /// - Returns: true when it was taken (and the matches made again for the query).
    @discardableResult
    func takePreparedCatalog() -> Bool {
        guard let prepared = catalogue.take() else { return false }
        guard loader.isCurrent(prepared.generation), hasMore, !loading.isLoading, !loading.isLoadingMore else { return false }
        takeWholeCatalog(prepared.whole, names: prepared.names)
        return true
    }

    private func finishMerge(_ last: PagedResult<TVShow>) {
        defer { prepareWholeCatalog() }
        let summary = pages.summary(landed: last)
        loader.advance(pastPage: summary.lastPage, hasMore: summary.hasMore)
        source = summary.source
        basis = summary.basis
        if searchWhenLoaded, source != nil {
            searchWhenLoaded = false
            if let search = self.search.schedule(worker: worker, now: true) { effects.track(search) }
        }
        loading.landed()
        recomputeMatches()
        present()
    }

    /// A filter looks through every show of a snapshot, not only the pages loaded so far:
    /// the rest of a snapshot costs no network request, so it is read when filtering starts.
    /// (A live source is filtered over what is loaded; more loads as the selection nears the
    /// end.)
    /// - Returns: the load's task, or nil when nothing is left to read.
    @discardableResult
    func loadRemainingSnapshotPages() -> Task<Void, Never>? {
        guard hasMore, !loading.isLoading, !loading.isLoadingMore, let source, !source.isFromNetwork else { return nil }
        loading.isLoadingMore = true
        let worker = self.worker
        let first = loader.nextPage
        return loader.load(
            page: first, in: .next,
            { [weak self] generation in
                let rest = try await SnapshotCatalogue.readRest(of: worker, from: first)
                guard let self, self.loader.isCurrent(generation), !Task.isCancelled else { return }
                self.loading.error = nil
                switch rest {
                case .whole(let whole, let names): self.takeWholeCatalog(whole, names: names)
                case .pages(let pages): self.merge(pages, replacing: false)
                }
            },
            failed: { [weak self] error in self?.fail(error, page: first) })
    }

    /// A page failed: what is on screen stays, the error is shown, and a rate limit starts the
    /// countdown to an automatic retry.
    /// - Returns: the countdown's task, for a rate limit.
    private func fail(_ sourceError: SourceError, page: Int) -> Task<Void, Never>? {
        loading.failed(page: page, sourceError)
        var countdownTask: Task<Void, Never>?
        if case .rateLimited(_, let seconds) = sourceError {
            countdownTask = countdown.start(
                retryAfter: seconds,
                tick: { [weak self] _ in self?.present() },
                retry: { [weak self] in self?.retryFailedPage() })
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
        loading.error = nil
        if page == 0 {
            loading.isLoading = shows.isEmpty
            present()
            return fetch(page: 0, replacing: shows.isEmpty)
        } else {
            loading.isLoadingMore = !pages.contains(page: page)
            present()
            return fetch(page: page, replacing: false)
        }
    }
}
