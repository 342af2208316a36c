import Domain
import FoundationEssentials
import Scenes
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
        /// The source the scenes use: the default list ("Popular now" on TVmaze, TMDB's
        /// popular list, the snapshot).
        let worker: any TVShowsWorking
        /// Why each live source was given up, a rejected key first; empty while one answers.
        let fallbackReasons: @Sendable () async -> [SourceError]
        /// The second list, "All shows" (TVmaze's whole index, paged), when the source has one.
        var allShows: PopularListInteractor.ListSource? = nil
        /// The switch on each live source in `auto`, tried first first (empty otherwise): the
        /// one place the fallback of the default list and of every request besides the lists
        /// (details, episodes, schedules, searches) is decided and its reason kept.
        var switches = FallbackSwitches()
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
    ///   - index: true for the whole index ("All shows": TVmaze's `/shows?page=N`), false for
    ///     the default list (TVmaze's "Popular now" from its schedules, TMDB's popular list).
    /// - Returns: the Worker, or nil when the source cannot be used (no TMDB credential, no
    ///   base URL, no index).
    static func liveWorker(_ source: LiveSource, options: AppOptions, timeout: Double, cache: ResponseCache? = nil,
                           index: Bool = false) -> (any TVShowsWorking)? {
        let http = ResilientHTTPClient.live(provider: source.provider, totalSeconds: timeout, authorities: options.authorities)
        let make: @Sendable (any HTTPFetching) -> any TVShowsWorking
        switch source {
        case .tmdb:
            guard !index, let credential = options.tmdbCredential, let base = options.tmdbBase ?? TMDBShowsWorker.defaultBaseURL else { return nil }
            make = { TMDBShowsWorker(credential: credential, baseURL: base, http: $0) }
        case .tvmaze:
            guard let base = options.tvmazeBase ?? TVmazeShowsWorker.defaultBaseURL else { return nil }
            if index {
                make = { TVmazeShowsWorker(baseURL: base, http: $0) }
            } else {
                let country = options.country
                make = { TVmazeAiringShowsWorker(baseURL: base, http: $0, country: country) }
            }
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
    ///   - snapshotPopular: the snapshot's "popular" list (the shows of its newest recorded week
    ///     of schedules), when it has one: the default list offline, `snapshot` then "All shows".
    static func shows(options: AppOptions, snapshot: SnapshotShowsWorker, cache: ResponseCache? = nil,
                      snapshotPopular: SnapshotShowsWorker? = nil) throws -> Shows {
        if options.source == .tmdb && options.tmdbCredential == nil {
            throw UsageError(message: "--source tmdb needs a TMDB key: set TMDB_READ_ACCESS_TOKEN or TMDB_API_KEY, or tmdb-read-access-token or tmdb-api-key in the config file")
        }
        let sources = liveSources(options)
        if options.source != .auto, let only = sources.first, let worker = liveWorker(only, options: options, timeout: 15, cache: cache) {
            let index = liveWorker(only, options: options, timeout: 15, cache: cache, index: true)
            return Shows(worker: worker, fallbackReasons: { [] }, allShows: index.map { .init(worker: $0) })
        }
        // `auto`: each live source gives way to the next as its switch rules. The default list
        // and every request besides the lists (details opened from the command line, episodes,
        // schedules, searches) share one switch a source; "All shows" has its own, since its
        // pages are other requests with their own kept copies (one list may be kept in the
        // cache while the other is not).
        let switches = FallbackSwitches(sources.map { FallbackSwitch(provider: $0.provider) })
        let indexSwitches = FallbackSwitches(sources.map { FallbackSwitch(provider: $0.provider) })
        let popular = chain(sources, options: options, snapshot: snapshotPopular ?? snapshot, cache: cache, index: false, switches: switches)
        let index = sources.isEmpty && snapshotPopular == nil ? nil
            : chain(sources, options: options, snapshot: snapshot, cache: cache, index: true, switches: indexSwitches)
        return Shows(worker: popular.worker, fallbackReasons: popular.fallbackReasons, allShows: index, switches: switches)
    }

    /// Every live source given up, a rejected key or a refusal before the rest.
    static func reasons(_ switches: FallbackSwitches) -> @Sendable () async -> [SourceError] {
        { ShowFormatting.refusalsFirst(await switches.reasons()) }
    }

    /// Live sources in turn, each giving way to the next through its switch, then the snapshot.
    private static func chain(_ sources: [LiveSource], options: AppOptions, snapshot: SnapshotShowsWorker, cache: ResponseCache?,
                              index: Bool, switches: FallbackSwitches) -> PopularListInteractor.ListSource {
        var chain: any TVShowsWorking = snapshot
        for source in sources.reversed() {
            // A live source with another behind it is waited for less long.
            guard let live = liveWorker(source, options: options, timeout: 8, cache: cache, index: index) else { continue }
            chain = FallbackShowsWorker(primary: live, fallback: chain, fallbackSwitch: switches.on(source.provider))
        }
        return .init(worker: chain, fallbackReasons: reasons(switches))
    }
}
