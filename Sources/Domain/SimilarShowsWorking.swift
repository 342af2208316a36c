/// What "More like this" needs from a source of similar shows.
///
/// Implementations are `Sendable`; each call may suspend on I/O and honours cancellation.
public protocol SimilarShowsWorking: Sendable {
    /// Shows like a show.
    /// - Parameter show: the show (its id is the source's provider's).
    /// - Returns: the list, best first; empty when nothing is like it.
    /// - Throws: `SourceError` when the source cannot answer.
    func similarShows(to show: TVShow) async throws -> SimilarShows
}
