/// What the TV scenes need from a source of shows (a live API, a snapshot, a fallback of both).
///
/// Implementations are `Sendable` and safe to call from any task; each call may suspend on I/O
/// and honours task cancellation by throwing `CancellationError`.
public protocol TVShowsWorking: Sendable {
    /// The popular shows, one page at a time, each page in popularity order
    /// (`TVShow.ranksAbove`).
    /// - Parameter page: the page number, from 0.
    /// - Returns: the page; `hasMore` is false past the last page.
    /// - Throws: `SourceError` when the source cannot answer.
    func popularShows(page: Int) async throws -> PagedResult<TVShow>

    /// The details of one show: the show, its cast and its seasons.
    /// - Parameter show: the show, as listed.
    /// - Returns: the details; cast and seasons are nil when the source does not know them.
    /// - Throws: `SourceError` when the source cannot answer.
    func showDetails(for show: TVShow) async throws -> TVShowDetails

    /// A page as soon as it is known, then again when it is fresh (stale-while-revalidate):
    /// a source with a cache yields its kept copy first (source `.cache`), then the provider's
    /// answer (source `.live`), then finishes. When the refresh fails after a kept copy was
    /// yielded, the stream ends with that `SourceError`.
    /// Ending the iteration (or cancelling its task) cancels any request in flight.
    /// The default yields `popularShows(page:)` once.
    /// - Parameter page: the page number, from 0.
    /// - Returns: one or two pages, oldest first.
    func popularShowsUpdates(page: Int) -> AsyncThrowingStream<PagedResult<TVShow>, any Error>

    /// A show's details as soon as they are known, then again when fresh; see
    /// `popularShowsUpdates(page:)`. The default yields `showDetails(for:)` once.
    /// - Parameter show: the show, as listed.
    /// - Returns: one or two details, oldest first.
    func showDetailsUpdates(for show: TVShow) -> AsyncThrowingStream<TVShowDetails, any Error>

    /// The provider's own search over its whole catalogue (TVmaze `/search/shows?q=`, TMDB
    /// `/3/search/tv?query=`), in the provider's order (best first).
    /// The default is nil: the source has no search of its own (a snapshot is searched whole
    /// by the list's filter).
    /// - Parameter query: the text typed, as typed.
    /// - Returns: the hits, or nil when the source cannot search.
    /// - Throws: `SourceError` when the provider cannot answer.
    func searchShows(query: String) async throws -> [TVShow]?

    /// The one show a name means, as the provider resolves it (TVmaze
    /// `/singlesearch/shows?q=`; by default the first hit of `searchShows(query:)`).
    /// - Parameter name: the name as typed.
    /// - Returns: `.some(nil)` when the provider knows no such show; nil when the source cannot
    ///   search.
    /// - Throws: `SourceError` when the provider cannot answer.
    func showNamed(_ name: String) async throws -> TVShow??
}

extension TVShowsWorking {
    /// Yields `popularShows(page:)` once.
    public func popularShowsUpdates(page: Int) -> AsyncThrowingStream<PagedResult<TVShow>, any Error> {
        AsyncThrowingStream.single { try await self.popularShows(page: page) }
    }

    /// Yields `showDetails(for:)` once.
    public func showDetailsUpdates(for show: TVShow) -> AsyncThrowingStream<TVShowDetails, any Error> {
        AsyncThrowingStream.single { try await self.showDetails(for: show) }
    }

    /// No search of its own.
    public func searchShows(query: String) async throws -> [TVShow]? { nil }

    /// The first hit of `searchShows(query:)`.
    public func showNamed(_ name: String) async throws -> TVShow?? {
        guard let hits = try await searchShows(query: name) else { return nil }
        return .some(hits.first)
    }
}

extension AsyncThrowingStream where Failure == any Error {
    /// A stream fed by one producer task, cancelled when the stream's consumer stops.
    /// - Parameter produce: yields elements through the continuation; its error ends the stream.
    /// - Returns: the stream.
    public static func producing(_ produce: @escaping @Sendable (Continuation) async throws -> Void) -> AsyncThrowingStream where Element: Sendable {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await produce(continuation)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// A stream of one element made by an async call.
    /// - Parameter make: makes the element; its error ends the stream.
    /// - Returns: the stream.
    public static func single(_ make: @escaping @Sendable () async throws -> Element) -> AsyncThrowingStream where Element: Sendable {
        producing { continuation in continuation.yield(try await make()) }
    }
}
