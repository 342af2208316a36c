import Domain
import FoundationEssentials
import Synchronization

/// A catalogue loaded once and shared (the embedded snapshot serves two lists: the recorded
/// week's shows and every show), loaded on first use from any thread.
public final class SharedCatalog: Sendable {
    private let state: Mutex<Result<ShowCatalog, SourceError>?>
    private let load: @Sendable () throws -> ShowCatalog

    /// Makes a shared catalogue.
    /// - Parameter load: loads it; its `SourceError` is kept and thrown to every caller.
    public init(load: @escaping @Sendable () throws -> ShowCatalog) {
        self.load = load
        self.state = Mutex(nil)
    }

    /// The catalogue, loaded by the first caller.
    /// - Throws: the loader's `SourceError` (any other error as `.badData`).
    public func get() throws -> ShowCatalog {
        let result = state.withLock { kept -> Result<ShowCatalog, SourceError> in
            if let kept { return kept }
            let made: Result<ShowCatalog, SourceError>
            do {
                made = .success(try load())
            } catch let error as SourceError {
                made = .failure(error)
            } catch {
                made = .failure(.badData(provider: ShowCatalog.embeddedProvider, reason: "unreadable"))
            }
            kept = made
            return made
        }
        return try result.get()
    }
}

/// Serves shows from a `ShowCatalog` held in memory: the embedded snapshot or a snapshot file.
///
/// The catalogue is loaded on first use, off the main actor, and then served in pages of
/// `pageSize` shows in popularity order.
public actor SnapshotShowsWorker: ShowCatalogWorking {
    /// Shows per page.
    public let pageSize: Int
    private let loader: @Sendable () throws -> ShowCatalog
    private var catalog: ShowCatalog?
    /// How the list is made, as its pages say (`.allShows` for the whole catalogue as a
    /// second list); nil when not said.
    public let basis: ListBasis?

    /// Makes a worker over a catalogue loaded on first use.
    /// - Parameters:
    ///   - pageSize: shows per page (at least 1; default 250, as TVmaze's index).
    ///   - loader: loads the catalogue; its error is thrown by the first request.
    ///   - basis: how the list is made, as its pages say (default nil: not said).
    public init(pageSize: Int = 250, basis: ListBasis? = nil, loader: @escaping @Sendable () throws -> ShowCatalog) {
        self.pageSize = max(1, pageSize)
        self.loader = loader
        self.basis = basis
    }

    /// Makes a worker over a catalogue already in memory.
    /// - Parameters:
    ///   - catalog: the catalogue.
    ///   - pageSize: shows per page (default 250).
    ///   - basis: how the list is made, as its pages say (default nil: not said).
    public init(catalog: ShowCatalog, pageSize: Int = 250, basis: ListBasis? = nil) {
        self.pageSize = max(1, pageSize)
        self.loader = { catalog }
        self.catalog = catalog
        self.basis = basis
    }

    /// The catalogue, loading it on first use.
    /// - Throws: the loader's error.
    public func loadedCatalog() throws -> ShowCatalog {
        if let catalog { return catalog }
        let loaded = try loader()
        catalog = loaded
        return loaded
    }

    /// A page of the catalogue; see `TVShowsWorking.popularShows(page:)`.
    public func popularShows(page: Int) async throws -> PagedResult<TVShow> {
        let catalog = try loadedCatalog()
        let start = min(max(0, page) * pageSize, catalog.shows.count)
        let end = min(start + pageSize, catalog.shows.count)
        return PagedResult(items: Array(catalog.shows[start..<end]), page: page, hasMore: end < catalog.shows.count, source: catalog.source, basis: basis)
    }

    /// Every show at once, already sorted: the catalogue's own array, not a copy; see
    /// `ShowCatalogWorking.wholeCatalog()`.
    public func wholeCatalog() async throws -> PagedResult<TVShow>? {
        let catalog = try loadedCatalog()
        let lastPage = max(0, (catalog.shows.count - 1) / pageSize)
        return PagedResult(items: catalog.shows, page: lastPage, hasMore: false, source: catalog.source, basis: basis)
    }

    /// The show's details as recorded in the catalogue; see `TVShowsWorking.showDetails(for:)`.
    /// A synopsis, cast and seasons are read from the snapshot now.
    public func showDetails(for show: TVShow) async throws -> TVShowDetails {
        try loadedCatalog().loadDetails(for: show)
    }
}

/// Live data first, recorded data when the live source cannot answer: the `auto` source.
///
/// The first page decides: when the live source fails on it, every later request goes to the
/// fallback, and the pages say so through their `source`. Once live, a later failure is
/// reported as an error rather than mixing sources in one list.
public actor FallbackShowsWorker: ShowCatalogWorking {
    private let primary: any TVShowsWorking
    private let fallback: any TVShowsWorking
    private var useFallback = false
    /// Why the live source was given up, for the status bar; nil while live.
    public private(set) var fallbackReason: SourceError?

    /// Makes a worker.
    /// - Parameters:
    ///   - primary: the live source.
    ///   - fallback: the recorded source.
    public init(primary: any TVShowsWorking, fallback: any TVShowsWorking) {
        self.primary = primary
        self.fallback = fallback
    }

    /// A page from the live source, or from the fallback once the live one failed on page 0.
    public func popularShows(page: Int) async throws -> PagedResult<TVShow> {
        if useFallback { return try await fallback.popularShows(page: page) }
        do {
            return try await primary.popularShows(page: page)
        } catch let error as SourceError where page == 0 {
            useFallback = true
            fallbackReason = error
            return try await fallback.popularShows(page: page)
        }
    }

    /// The fallback's whole catalogue once the list comes from it; nil while live.
    public func wholeCatalog() async throws -> PagedResult<TVShow>? {
        guard useFallback, let fallback = fallback as? any ShowCatalogWorking else { return nil }
        return try await fallback.wholeCatalog()
    }

    /// Details from whichever source the list came from.
    public func showDetails(for show: TVShow) async throws -> TVShowDetails {
        if useFallback { return try await fallback.showDetails(for: show) }
        return try await primary.showDetails(for: show)
    }

    /// The live source's updates (a kept copy, then a fresh one); when it fails on page 0
    /// before yielding anything, the fallback's. A failed refresh after a kept copy is passed on
    /// as an error: the kept copy is live data, so the list stays on it.
    public nonisolated func popularShowsUpdates(page: Int) -> AsyncThrowingStream<PagedResult<TVShow>, any Error> {
        .producing { continuation in
            if await self.useFallback {
                for try await result in self.fallback.popularShowsUpdates(page: page) { continuation.yield(result) }
                return
            }
            var yielded = false
            do {
                for try await result in self.primary.popularShowsUpdates(page: page) {
                    continuation.yield(result)
                    yielded = true
                }
            } catch let error as SourceError where page == 0 && !yielded {
                await self.giveUpPrimary(error)
                for try await result in self.fallback.popularShowsUpdates(page: page) { continuation.yield(result) }
            }
        }
    }

    /// The live source's search while the list is live; nil once the fallback is used (a
    /// snapshot is searched whole by the list's filter).
    public func searchShows(query: String) async throws -> [TVShow]? {
        if useFallback { return try await fallback.searchShows(query: query) }
        return try await primary.searchShows(query: query)
    }

    /// The show a name means, from the live source while the list is live.
    public func showNamed(_ name: String) async throws -> TVShow?? {
        if useFallback { return try await fallback.showNamed(name) }
        return try await primary.showNamed(name)
    }

    /// Details updates from whichever source the list came from.
    public nonisolated func showDetailsUpdates(for show: TVShow) -> AsyncThrowingStream<TVShowDetails, any Error> {
        .producing { continuation in
            let source = await self.useFallback ? self.fallback : self.primary
            for try await details in source.showDetailsUpdates(for: show) { continuation.yield(details) }
        }
    }

    private func giveUpPrimary(_ reason: SourceError) {
        useFallback = true
        fallbackReason = reason
    }
}
