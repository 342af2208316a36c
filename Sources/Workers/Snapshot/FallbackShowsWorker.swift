import Domain
import FoundationEssentials
import Synchronization

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
