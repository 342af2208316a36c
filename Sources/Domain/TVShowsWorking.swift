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
}

/// Why a source could not answer, in words a person can act on.
public enum SourceError: Error, Sendable, Equatable {
    /// The network failed or timed out: provider name and cause.
    case unreachable(provider: String, reason: String)
    /// The provider answered with an HTTP error status: provider name, status code, message.
    case httpStatus(provider: String, status: Int, message: String)
    /// The provider asked us to slow down; retry after the given number of seconds, if said.
    case rateLimited(provider: String, retryAfterSeconds: Int?)
    /// The answer could not be read: provider name and what was wrong.
    case badData(provider: String, reason: String)
    /// A local file could not be read: path and cause.
    case file(path: String, reason: String)
    /// Nothing with that id exists at the source.
    case notFound(provider: String)
}
