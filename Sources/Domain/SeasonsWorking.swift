/// What the finale badge needs: a show's seasons with their episode order (TVmaze
/// `/shows/{id}/seasons`, `episodeOrder`).
///
/// Implementations are `Sendable`; each call may suspend on I/O and honours task cancellation
/// by throwing `CancellationError`.
public protocol SeasonsWorking: Sendable {
    /// A show's seasons, by number; `episodeCount` is the season's episode order when the
    /// source knows it (nil when not).
    /// - Parameter showID: the show's id at this source's provider.
    /// - Returns: the seasons; nil when the source has none for the show (a snapshot that did
    ///   not record it).
    /// - Throws: `SourceError` when the source cannot answer.
    func seasons(showID: Int) async throws -> [SeasonSummary]?
}
