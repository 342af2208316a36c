import Domain
import FoundationEssentials

/// Live shows first, what stands behind them when the live source cannot answer: the `auto`
/// source. Every request goes through a `FallbackSwitch`, whose one rule decides whether a
/// failure gives way (a first page, a search, a show opened before any live list) or is passed
/// on (a later page, the details of a show the live source listed); the pages and details say
/// which source answered through their `source`.
public struct FallbackShowsWorker: ShowCatalogWorking, FallbackDecorator {
    /// The live source, the one behind it and the switch on the live one.
    public let pair: FallbackPair<any TVShowsWorking>

    /// Makes the decorator over a pair (`init(primary:fallback:fallbackSwitch:)` makes the pair).
    /// - Parameter pair: the sources and the switch.
    public init(pair: FallbackPair<any TVShowsWorking>) {
        self.pair = pair
    }

    /// A page from the live source, or from the fallback once the switch gave way.
    public func popularShows(page: Int) async throws -> PagedResult<TVShow> {
        try await pair.ask(.listPage, page: page) { try await $0.popularShows(page: page) }
    }

    /// The fallback's whole catalogue once the list comes from it; nil while live.
    public func wholeCatalog() async throws -> PagedResult<TVShow>? {
        guard await pair.fallbackSwitch.usesRecording, let fallback = pair.fallback as? any ShowCatalogWorking else { return nil }
        return try await fallback.wholeCatalog()
    }

    /// Details from the live source, or the fallback's when the switch gives way.
    public func showDetails(for show: TVShow) async throws -> TVShowDetails {
        try await pair.ask(.details) { try await $0.showDetails(for: show) }
    }

    /// The live source's updates (a kept copy, then a fresh one); when it fails on page 0
    /// before yielding anything, the fallback's. A failed refresh after a kept copy is passed on
    /// as an error: the kept copy is live data, so the list stays on it.
    public func popularShowsUpdates(page: Int) -> AsyncThrowingStream<PagedResult<TVShow>, any Error> {
        pair.updates(.listPage, page: page) { $0.popularShowsUpdates(page: page) }
    }

    /// The live source's search while it is used; the fallback's once the switch gave way (a
    /// snapshot answers nil: it is searched whole by the list's filter).
    public func searchShows(query: String) async throws -> [TVShow]? {
        try await pair.ask(.search) { try await $0.searchShows(query: query) }
    }

    /// The show a name means, from the live source while it is used.
    public func showNamed(_ name: String) async throws -> TVShow?? {
        try await pair.ask(.search) { try await $0.showNamed(name) }
    }

    /// Details updates from the live source, or the fallback's when the switch gives way.
    public func showDetailsUpdates(for show: TVShow) -> AsyncThrowingStream<TVShowDetails, any Error> {
        pair.updates(.details) { $0.showDetailsUpdates(for: show) }
    }
}
