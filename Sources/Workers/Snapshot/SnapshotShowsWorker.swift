import Domain
import FoundationEssentials
import Synchronization

/// Serves shows from a `ShowCatalog` held in memory: the embedded snapshot or a snapshot file.
///
/// The catalogue is loaded on first use, off the main actor, and then served in pages of
/// `pageSize` shows in popularity order.
public actor SnapshotShowsWorker: ShowCatalogWorking {
    /// Shows per page.
    public let pageSize: Int
    private let loader: @Sendable () throws -> ShowCatalog
    private var catalog: ShowCatalog?
    private let firstPage: (@Sendable (Int) -> (shows: [TVShow], source: DataSource)?)?
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
        self.firstPage = nil
    }

    /// Makes a worker over a catalogue loaded on first use whose first page can be had before
    /// it (the mirror's, `ShowCatalog.mirroredFirstPage`): the first page asked before the
    /// catalogue is loaded is `firstPage`'s, when it gives one.
    /// - Parameters:
    ///   - pageSize: shows per page (at least 1).
    ///   - basis: how the list is made, as its pages say.
    ///   - loader: loads the catalogue; its error is thrown by the first request that needs it.
    ///   - firstPage: the first `pageSize` shows in the catalogue's order and its source, or nil
    ///     (none to be had: the first page waits for the catalogue).
    public init(
        pageSize: Int = 250, basis: ListBasis?, loader: @escaping @Sendable () throws -> ShowCatalog,
        firstPage: @escaping @Sendable (Int) -> (shows: [TVShow], source: DataSource)?
    ) {
        self.pageSize = max(1, pageSize)
        self.loader = loader
        self.basis = basis
        self.firstPage = firstPage
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
        self.firstPage = nil
    }

    /// The catalogue, loading it on first use.
    /// - Throws: the loader's error.
    public func loadedCatalog() throws -> ShowCatalog {
        if let catalog { return catalog }
        let loaded = try loader()
        catalog = loaded
        return loaded
    }

    /// Loads the catalogue now, so that the first page does not wait for it; a failure is
    /// left for the first request to throw.
    public func prefetch() {
        _ = try? loadedCatalog()
    }

    /// A page of the catalogue; see `TVShowsWorking.popularShows(page:)`.
    public func popularShows(page: Int) async throws -> PagedResult<TVShow> {
        if catalog == nil, page == 0, let first = firstPage?(pageSize) {
            return PagedResult(items: first.shows, page: 0, hasMore: first.shows.count >= pageSize, source: first.source, basis: basis)
        }
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
