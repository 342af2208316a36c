import Domain
import Foundation

/// The PopularList scene's business logic: loads pages from a `TVShowsWorking`, keeps them
/// merged in popularity order, filters by name, and remembers the selection for routing.
///
/// One task per use case: a reload cancels the page load it supersedes.
@MainActor
final class PopularListInteractor: PopularListBusinessLogic, PopularListDataStore {
    var presenter: PopularListPresentationLogic?
    private let worker: any TVShowsWorking
    private let fallbackReason: @Sendable () async -> SourceError?

    private(set) var shows: [TVShow] = []
    private var names = ShowFilter()  // folded names, in the order of `shows`
    private var query = ""
    private var foldedQuery: [UInt8] = []
    private var matches: [Int] = []  // indices into shows
    private var nextPage = 0
    private var hasMore = true
    private var source: DataSource?
    private var fallback: SourceError?
    private var error: SourceError?
    private var isLoading = false
    private var isLoadingMore = false
    private var loadTask: Task<Void, Never>?
    private var generation = 0
    /// A snapshot's whole catalogue with its names folded, made ready in the background after
    /// its first page so that the first keystroke of a filter does not wait for it.
    private var prepared: (generation: Int, whole: PagedResult<TVShow>, names: ShowFilter)?
    private var prepareTask: Task<Void, Never>?

    private(set) var selectedShow: TVShow?

    /// Makes an Interactor.
    /// - Parameters:
    ///   - worker: the source of shows.
    ///   - fallbackReason: why the live source was given up, asked after the first page.
    init(worker: any TVShowsWorking, fallbackReason: @escaping @Sendable () async -> SourceError? = { nil }) {
        self.worker = worker
        self.fallbackReason = fallbackReason
    }

    func loadShows(request: PopularList.LoadShows.Request) {
        if !request.reload && (isLoading || !shows.isEmpty) {
            present()
            return
        }
        loadTask?.cancel()
        generation += 1
        isLoading = true
        isLoadingMore = false
        error = nil
        present()
        fetch(page: 0, replacing: true)
    }

    func loadNextPage(request: PopularList.LoadNextPage.Request) {
        guard hasMore, !isLoading, !isLoadingMore, !shows.isEmpty else { return }
        isLoadingMore = true
        error = nil
        present()
        fetch(page: nextPage, replacing: false)
    }

    private func fetch(page: Int, replacing: Bool) {
        let worker = self.worker
        let fallbackReason = self.fallbackReason
        let generation = self.generation
        loadTask = Task { [weak self] in
            do {
                let result = try await worker.popularShows(page: page)
                let reason = page == 0 ? await fallbackReason() : nil
                self?.receive(result, replacing: replacing, fallback: reason, generation: generation)
            } catch is CancellationError {
                return
            } catch {
                self?.fail(error, generation: generation)
            }
        }
    }

    private func receive(_ result: PagedResult<TVShow>, replacing: Bool, fallback: SourceError?, generation: Int) {
        guard generation == self.generation else { return }
        if result.page == 0 { self.fallback = fallback }
        merge([result], replacing: replacing)
    }

    /// Merges pages into the list (without repeats), sorts it once, and presents it.
    private func merge(_ pages: [PagedResult<TVShow>], replacing: Bool) {
        guard let last = pages.last else { return }
        var merged = replacing ? [] : shows
        var known = Set(merged.map(\.id))
        for page in pages {
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
        shows = whole.items
        self.names = names
        finishMerge(whole)
    }

    /// After a snapshot's first page, fetches its whole catalogue (the worker's own array, not a
    /// copy) and folds its names in the background; nothing is presented until a filter starts.
    private func prepareWholeCatalog() {
        guard prepared == nil, prepareTask == nil, hasMore, let source, let catalog = worker as? any ShowCatalogWorking else { return }
        if case .live = source { return }
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
    private func takePreparedCatalog() {
        guard let prepared else { return }
        self.prepared = nil
        guard prepared.generation == generation, hasMore, !isLoading, !isLoadingMore else { return }
        takeWholeCatalog(prepared.whole, names: prepared.names)
    }

    private func finishMerge(_ last: PagedResult<TVShow>) {
        defer { prepareWholeCatalog() }
        nextPage = last.page + 1
        hasMore = last.hasMore
        source = last.source
        isLoading = false
        isLoadingMore = false
        error = nil
        recomputeMatches()
        present()
    }

    /// A filter looks through every show of a snapshot, not only the pages loaded so far:
    /// the rest of a snapshot costs no network request, so it is read when filtering starts.
    /// (A live source is filtered over what is loaded; more loads as the selection nears the
    /// end.)
    private func loadRemainingSnapshotPages() {
        guard hasMore, !isLoading, !isLoadingMore, let source else { return }
        if case .live = source { return }
        isLoadingMore = true
        let worker = self.worker
        let generation = self.generation
        let first = nextPage
        loadTask = Task { [weak self] in
            var pages: [PagedResult<TVShow>] = []
            do {
                if let catalog = worker as? any ShowCatalogWorking, let whole = try await catalog.wholeCatalog() {
                    let names = await Task.detached { ShowFilter(names: whole.items.lazy.map(\.name)) }.value
                    guard let self, generation == self.generation else { return }
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
                self.merge(pages, replacing: false)
            } catch is CancellationError {
                return
            } catch {
                self?.fail(error, generation: generation)
            }
        }
    }

    private func fail(_ failure: Error, generation: Int) {
        guard generation == self.generation else { return }
        isLoading = false
        isLoadingMore = false
        error = (failure as? SourceError) ?? .unreachable(provider: "source", reason: String(describing: type(of: failure)))
        present()
    }

    func filterShows(request: PopularList.FilterShows.Request) {
        let folded = ShowFilter.fold(request.query)
        let narrowing = !foldedQuery.isEmpty && folded.starts(with: foldedQuery)
        query = request.query
        foldedQuery = folded
        if !folded.isEmpty { takePreparedCatalog() }
        recomputeMatches(narrowing: narrowing)
        present()
        if !foldedQuery.isEmpty { loadRemainingSnapshotPages() }
    }

    func selectShow(request: PopularList.SelectShow.Request) {
        selectedShow = shows.first { $0.id == request.id }
    }

    /// Keeps `matches` in step with `shows` and the query. A query that only grows narrows the
    /// previous matches instead of scanning every show again.
    private func recomputeMatches(narrowing: Bool = false) {
        matches = names.matches(foldedQuery, among: narrowing ? matches : nil)
    }

    private func present() {
        presenter?.presentShows(response: .init(
            shows: .init(shows: shows, positions: matches), totalCount: shows.count, query: query, source: source, fallbackReason: fallback,
            isLoading: isLoading, isLoadingMore: isLoadingMore, hasMore: hasMore, error: error
        ))
    }
}
