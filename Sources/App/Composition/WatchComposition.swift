import Domain
import FoundationEssentials
import Workers

/// Builds the source of "Where to watch": TMDB's watch providers (JustWatch's data) for a TMDB
/// show when a TMDB key is set; none otherwise (the section then names the show's broadcaster).
enum WatchComposition {
    /// The watch-providers source for details from `source`, or nil.
    /// - Parameters:
    ///   - source: where the show's details came from (TMDB's ids are needed).
    ///   - options: the settings (the TMDB key and base URL).
    ///   - table: the providers (TMDB's row makes the client, with its pacer).
    static func worker(for source: DataSource, options: AppOptions, table: ProviderTable = .standard) -> (any WatchProvidersWorking)? {
        guard source.isFromNetwork, source.provider == TMDBShowsWorker.provider, let row = table.row(TMDBShowsWorker.provider),
            let credential = options.tmdbCredential, let base = options.tmdbBase ?? TMDBShowsWorker.defaultBaseURL
        else { return nil }
        let http = row.client(totalSeconds: 15, authorities: options.authorities)
        return TMDBWatchProvidersWorker(credential: credential, baseURL: base, http: http)
    }
}
