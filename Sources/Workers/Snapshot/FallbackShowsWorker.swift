import Domain
import FoundationEssentials

/// Live shows first, what stands behind them when the live source cannot answer: the `auto`
/// source. Every request goes through a `FallbackSwitch`, whose one rule decides whether a
/// failure gives way (a first page, a search, a show opened before any live list) or is passed
/// on (a later page, the details of a show the live source listed); the pages and details say
/// which source answered through their `source`.
public struct FallbackShowsWorker: ShowCatalogWorking {
    private let primary: any TVShowsWorking
    private let fallback: any TVShowsWorking
    /// The switch on the primary source (shared by every worker over that source).
    public let fallbackSwitch: FallbackSwitch

    /// Makes a worker.
    /// - Parameters:
    ///   - primary: the live source.
    ///   - fallback: the source behind it (another live source, or the recording).
    ///   - fallbackSwitch: the switch on the live source; a new one when nil.
    public init(primary: any TVShowsWorking, fallback: any TVShowsWorking, fallbackSwitch: FallbackSwitch? = nil) {
        self.primary = primary
        self.fallback = fallback
        self.fallbackSwitch = fallbackSwitch ?? FallbackSwitch(provider: .unnamed("live source"))
    }

    /// Why the live source was given up, for the status bar; nil while live.
    public var fallbackReason: SourceError? {
        get async { await fallbackSwitch.reason }
    }

    /// A page from the live source, or from the fallback once the switch gave way.
    public func popularShows(page: Int) async throws -> PagedResult<TVShow> {
        let primary = self.primary, fallback = self.fallback
        return try await fallbackSwitch.route(.listPage, page: page, live: { try await primary.popularShows(page: page) },
                                              recorded: { try await fallback.popularShows(page: page) })
    }

    /// The fallback's whole catalogue once the list comes from it; nil while live.
    public func wholeCatalog() async throws -> PagedResult<TVShow>? {
        guard await fallbackSwitch.usesRecording, let fallback = fallback as? any ShowCatalogWorking else { return nil }
        return try await fallback.wholeCatalog()
    }

    /// Details from the live source, or the fallback's when the switch gives way.
    public func showDetails(for show: TVShow) async throws -> TVShowDetails {
        let primary = self.primary, fallback = self.fallback
        return try await fallbackSwitch.route(.details, live: { try await primary.showDetails(for: show) },
                                              recorded: { try await fallback.showDetails(for: show) })
    }

    /// The live source's updates (a kept copy, then a fresh one); when it fails on page 0
    /// before yielding anything, the fallback's. A failed refresh after a kept copy is passed on
    /// as an error: the kept copy is live data, so the list stays on it.
    public func popularShowsUpdates(page: Int) -> AsyncThrowingStream<PagedResult<TVShow>, any Error> {
        updates(.listPage, page: page, live: { $0.popularShowsUpdates(page: page) })
    }

    /// The live source's search while it is used; the fallback's once the switch gave way (a
    /// snapshot answers nil: it is searched whole by the list's filter).
    public func searchShows(query: String) async throws -> [TVShow]? {
        let primary = self.primary, fallback = self.fallback
        return try await fallbackSwitch.route(.search, live: { try await primary.searchShows(query: query) },
                                              recorded: { try await fallback.searchShows(query: query) })
    }

    /// The show a name means, from the live source while it is used.
    public func showNamed(_ name: String) async throws -> TVShow?? {
        let primary = self.primary, fallback = self.fallback
        return try await fallbackSwitch.route(.search, live: { try await primary.showNamed(name) },
                                              recorded: { try await fallback.showNamed(name) })
    }

    /// Details updates from the live source, or the fallback's when the switch gives way.
    public func showDetailsUpdates(for show: TVShow) -> AsyncThrowingStream<TVShowDetails, any Error> {
        updates(.details, page: 0, live: { $0.showDetailsUpdates(for: show) })
    }

    /// A stream from the live source, or from the fallback once the switch gave way or when the
    /// live one fails before yielding anything and the rule gives way.
    private func updates<T: Sendable>(_ kind: RequestKind, page: Int,
                                      live stream: @escaping @Sendable (any TVShowsWorking) -> AsyncThrowingStream<T, any Error>)
        -> AsyncThrowingStream<T, any Error> {
        let primary = self.primary, fallback = self.fallback, fallbackSwitch = self.fallbackSwitch
        return .producing { continuation in
            if await fallbackSwitch.usesRecording {
                for try await result in stream(fallback) { continuation.yield(result) }
                return
            }
            var yielded = false
            do {
                for try await result in stream(primary) {
                    continuation.yield(result)
                    // A kept copy is the live source's answer too: its ids are the live source's.
                    if !yielded { await fallbackSwitch.answered(kind, page: page) }
                    yielded = true
                }
            } catch let error as SourceError where !yielded {
                guard await fallbackSwitch.giveWay(after: error, for: kind, page: page) else { throw error }
                for try await result in stream(fallback) { continuation.yield(result) }
            }
        }
    }
}
