import Domain
import Workers

/// Chooses the source of a show's episodes: the one whose ids the show carries. A show read
/// from TVmaze (live or kept) gets TVmaze's episode lists, one from TMDB gets TMDB's seasons,
/// and one from a snapshot gets the snapshot's recorded lists; live ones go through the
/// response cache like the shows.
enum EpisodesComposition {
    /// The episodes source for shows from a source.
    /// - Parameters:
    ///   - source: where the show's details came from; nil for the snapshot.
    ///   - options: the settings (base URLs, the TMDB credential).
    ///   - cache: where live answers are kept, or nil for none.
    /// - Returns: the Worker; nil when the provider cannot be used (no TMDB credential, no base URL).
    static func worker(for source: DataSource?, options: AppOptions, cache: ResponseCache?) -> (any EpisodesWorking)? {
        guard let source, source.isFromNetwork else { return SnapshotEpisodesWorker() }
        let provider = source.provider
        let http = ResilientHTTPClient.live(provider: provider, totalSeconds: 15)
        switch provider {
        case TVmazeShowsWorker.provider:
            guard let base = options.tvmazeBase ?? TVmazeShowsWorker.defaultBaseURL else { return nil }
            let make: @Sendable (any HTTPFetching) -> TVmazeEpisodesWorker = { TVmazeEpisodesWorker(baseURL: base, http: $0) }
            guard let cache else { return make(http) }
            return CachingEpisodesWorker(provider: provider, cache: cache, http: http, makeWorker: make)
        case TMDBShowsWorker.provider:
            guard let credential = options.tmdbCredential, let base = options.tmdbBase ?? TMDBShowsWorker.defaultBaseURL else { return nil }
            let make: @Sendable (any HTTPFetching) -> TMDBShowsWorker = { TMDBShowsWorker(credential: credential, baseURL: base, http: $0) }
            guard let cache else { return make(http) }
            return CachingEpisodesWorker(provider: provider, cache: cache, http: http, makeWorker: make)
        default:
            return nil
        }
    }
}
