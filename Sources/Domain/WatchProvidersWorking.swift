/// What "Where to watch" needs from a source (TMDB's watch providers, with a key).
///
/// Implementations are `Sendable`; each call may suspend on I/O and honours cancellation.
public protocol WatchProvidersWorking: Sendable {
    /// Where a show can be watched in a country.
    /// - Parameters:
    ///   - showID: the show's id at the source's provider.
    ///   - countryCode: the ISO 3166-1 alpha-2 country, for example `GB`.
    /// - Returns: the providers; nil when the source lists none for that country.
    /// - Throws: `SourceError` when the source cannot answer.
    func watchProviders(showID: Int, countryCode: String) async throws -> WatchProviders?
}
