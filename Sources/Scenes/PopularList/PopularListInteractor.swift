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
    private var foldedNames: [String] = []
    private var query = ""
    private var foldedQuery = ""
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
        foldedNames = merged.map { Self.fold($0.name) }
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
        let narrowing = !foldedQuery.isEmpty && Self.fold(request.query).hasPrefix(foldedQuery)
        query = request.query
        foldedQuery = Self.fold(request.query)
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
        if foldedQuery.isEmpty {
            matches = Array(shows.indices)
        } else if narrowing {
            matches = matches.filter { foldedNames[$0].contains(foldedQuery) }
        } else {
            matches = shows.indices.filter { foldedNames[$0].contains(foldedQuery) }
        }
    }

    private func present() {
        let ranked = matches.map { PopularList.LoadShows.Response.RankedShow(rank: $0 + 1, show: shows[$0]) }
        presenter?.presentShows(response: .init(
            shows: ranked, totalCount: shows.count, query: query, source: source, fallbackReason: fallback,
            isLoading: isLoading, isLoadingMore: isLoadingMore, hasMore: hasMore, error: error
        ))
    }

    /// Case- and diacritic-insensitive form of a name for matching.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
