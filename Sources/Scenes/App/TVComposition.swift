import Domain
import Foundation
import Workers

/// Builds the Shows section's source from the options: a live source (TMDB or TVmaze), a
/// chain that falls back to the next one, or the snapshot.
///
/// `auto` tries TMDB first when a TMDB key or token is configured (someone who set a key wants
/// TMDB's data), then TVmaze, then the snapshot built into the program; without a TMDB key it
/// is TVmaze, then the snapshot, as before.
enum TVComposition {
    /// A live TV source.
    enum LiveSource: String, Sendable, Equatable {
        /// The Movie Database, https://www.themoviedb.org (needs a key).
        case tmdb
        /// TVmaze, https://www.tvmaze.com (no key).
        case tvmaze

        /// The provider's name as shown on screen.
        var provider: String {
            switch self {
            case .tmdb: return TMDBShowsWorker.provider
            case .tvmaze: return TVmazeShowsWorker.provider
            }
        }
    }

    /// The source of shows and why a live source was given up (for the status bar).
    struct Shows {
        /// The source the scenes use.
        let worker: any TVShowsWorking
        /// Why each live source was given up, a rejected key first; empty while one answers.
        let fallbackReasons: @Sendable () async -> [SourceError]
    }

    /// The live sources the options use, in the order tried; empty for the snapshot.
    /// - Parameter options: the parsed settings.
    /// - Returns: for example `[.tmdb, .tvmaze]` for `auto` with a TMDB key.
    static func liveSources(_ options: AppOptions) -> [LiveSource] {
        if options.snapshotPath != nil && options.source != .tmdb && options.source != .tvmaze { return [] }
        switch options.source {
        case .snapshot: return []
        case .tmdb: return [.tmdb]
        case .tvmaze: return [.tvmaze]
        case .auto: return options.tmdbCredential == nil ? [.tvmaze] : [.tmdb, .tvmaze]
        }
    }

    /// The one place a live TV Worker is made.
    /// - Parameters:
    ///   - source: which source.
    ///   - options: the settings (base URLs, the TMDB credential).
    ///   - timeout: the longest wait for a whole call, retries included, in seconds.
    ///   - cache: where answers are kept and shown from at once (stale-while-revalidate), or
    ///     nil for none.
    /// - Returns: the Worker, or nil when the source cannot be used (no TMDB credential, no
    ///   base URL).
    static func liveWorker(_ source: LiveSource, options: AppOptions, timeout: Double, cache: ResponseCache? = nil) -> (any TVShowsWorking)? {
        let http = ResilientHTTPClient.live(provider: source.provider, totalSeconds: timeout)
        let make: @Sendable (any HTTPFetching) -> any TVShowsWorking
        switch source {
        case .tmdb:
            guard let credential = options.tmdbCredential, let base = options.tmdbBase ?? TMDBShowsWorker.defaultBaseURL else { return nil }
            make = { TMDBShowsWorker(credential: credential, baseURL: base, http: $0) }
        case .tvmaze:
            guard let base = options.tvmazeBase ?? TVmazeShowsWorker.defaultBaseURL else { return nil }
            make = { TVmazeShowsWorker(baseURL: base, http: $0) }
        }
        guard let cache else { return make(http) }
        return CachingShowsWorker(provider: source.provider, cache: cache, http: http, makeWorker: make)
    }

    /// The source of shows for the options.
    /// - Parameters:
    ///   - options: the parsed settings.
    ///   - snapshot: the snapshot (embedded or `--snapshot PATH`).
    ///   - cache: where live answers are kept, or nil for none.
    /// - Returns: the source.
    /// - Throws: `UsageError` for `--source tmdb` without a TMDB key or token.
    static func shows(options: AppOptions, snapshot: SnapshotShowsWorker, cache: ResponseCache? = nil) throws -> Shows {
        if options.source == .tmdb && options.tmdbCredential == nil {
            throw UsageError(message: "--source tmdb needs a TMDB key: set TMDB_READ_ACCESS_TOKEN or TMDB_API_KEY, or tmdb-read-access-token or tmdb-api-key in the config file")
        }
        let sources = liveSources(options)
        if options.source != .auto, let only = sources.first, let worker = liveWorker(only, options: options, timeout: 15, cache: cache) {
            return Shows(worker: worker, fallbackReasons: { [] })
        }
        // `auto`: each live source gives way to the next when it cannot answer a first page.
        var chain: any TVShowsWorking = snapshot
        var layers: [FallbackShowsWorker] = []
        for source in sources.reversed() {
            // A live source with another behind it is waited for less long.
            guard let live = liveWorker(source, options: options, timeout: 8, cache: cache) else { continue }
            let fallback = FallbackShowsWorker(primary: live, fallback: chain)
            layers.append(fallback)
            chain = fallback
        }
        let taken = layers
        // Every source given up, outermost first, a rejected key or a refusal before the rest.
        return Shows(worker: chain, fallbackReasons: {
            var reasons: [SourceError] = []
            for layer in taken.reversed() {
                if let reason = await layer.fallbackReason { reasons.append(reason) }
            }
            return ShowFormatting.refusalsFirst(reasons)
        })
    }
}
