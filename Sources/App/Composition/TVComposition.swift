import Domain
import FoundationEssentials
import Scenes
import Workers

/// Builds the Shows section's source from the options and the provider table: a live source
/// (a TV row: TMDB or TVmaze), a chain that falls back to the next one, or the snapshot.
///
/// `auto` tries TMDB first when a TMDB key or token is configured (someone who set a key wants
/// TMDB's data), then TVmaze, then the snapshot built into the program; without a TMDB key it
/// is TVmaze, then the snapshot, as before.
enum TVComposition {
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
    /// - Parameters:
    ///   - options: the parsed settings.
    ///   - table: the providers (their `--source` words, whether `auto` may try them).
    /// - Returns: for example `[.tmdb, .tvmaze]` for `auto` with a TMDB key.
    static func liveSources(_ options: AppOptions, table: ProviderTable = .standard) -> [ProviderName] {
        let rows = table.rows(.tv)
        switch options.source {
        case .snapshot: return []
        case .provider(let word):
            return rows.filter { $0.choice == word }.map(\.name)
        case .auto:
            if options.snapshotPath != nil { return [] }
            let usable = rows.filter { $0.tv?.usableInAuto(options) ?? false }
            let keyed = usable.filter { !($0.setup?.keySettings.isEmpty ?? true) }
            return (keyed + usable.filter { $0.setup?.keySettings.isEmpty ?? true }).map(\.name)
        }
    }

    /// The one place a live TV Worker is made: the provider's row makes it.
    /// - Parameters:
    ///   - source: which provider.
    ///   - options: the settings (base URLs, keys).
    ///   - timeout: the longest wait for a whole call, retries included, in seconds.
    ///   - cache: where answers are kept and shown from at once (stale-while-revalidate), or
    ///     nil for none.
    ///   - index: true for the whole index ("All shows": TVmaze's `/shows?page=N`), false for
    ///     the default list (TVmaze's "Popular now" from its schedules, TMDB's popular list).
    ///   - table: the providers.
    /// - Returns: the Worker, or nil when the source cannot be used (no key, no base URL, no
    ///   index).
    static func liveWorker(
        _ source: ProviderName, options: AppOptions, timeout: Double, cache: ResponseCache? = nil,
        index: Bool = false, table: ProviderTable = .standard
    ) -> (any TVShowsWorking)? {
        guard let row = table.row(source), let workers = row.tv, let make = index ? workers.index(options) : workers.shows(options) else { return nil }
        let http = row.client(totalSeconds: timeout, authorities: options.authorities)
        guard let cache else { return make(http) }
        return CachingShowsWorker(provider: source, cache: cache, http: http, makeWorker: make)
    }

    /// The source of shows for the options.
    /// - Parameters:
    ///   - options: the parsed settings.
    ///   - snapshot: the snapshot (embedded or `--snapshot PATH`).
    ///   - cache: where live answers are kept, or nil for none.
    /// - Returns: the source.
    /// - Throws: `UsageError` for `--source NAME` whose provider cannot be used (`tmdb` without a key).
    ///   - snapshotPopular: the snapshot's "popular" list (the shows of its newest recorded week
    ///     of schedules), when it has one: the default list offline, `snapshot` then "All shows".
    ///   - table: the providers.
    static func shows(
        options: AppOptions, snapshot: SnapshotShowsWorker, cache: ResponseCache? = nil,
        snapshotPopular: SnapshotShowsWorker? = nil, table: ProviderTable = .standard
    ) throws -> Shows {
        if case .provider(let word) = options.source, let row = table.rows(.tv).first(where: { $0.choice == word }), let missing = row.tv?.missing(options) {
            throw UsageError(message: missing)
        }
        let sources = liveSources(options, table: table)
        if options.source != .auto, let only = sources.first,
            let worker = liveWorker(only, options: options, timeout: table.row(only)?.timeouts.alone ?? 15, cache: cache, table: table)
        {
            let index = liveWorker(only, options: options, timeout: table.row(only)?.timeouts.alone ?? 15, cache: cache, index: true, table: table)
            return Shows(worker: worker, fallbackReasons: { [] }, allShows: index.map { .init(worker: $0) })
        }
        // `auto`: each live source gives way to the next as its switch rules. The default list
        // and every request besides the lists (details opened from the command line, episodes,
        // schedules, searches) share one switch a source; "All shows" has its own, since its
        // pages are other requests with their own kept copies (one list may be kept in the
        // cache while the other is not).
        let switches = FallbackSwitches(sources.map { FallbackSwitch(provider: $0) })
        let indexSwitches = FallbackSwitches(sources.map { FallbackSwitch(provider: $0) })
        let popular = chain(sources, options: options, snapshot: snapshotPopular ?? snapshot, cache: cache, index: false, switches: switches, table: table)
        let index =
            sources.isEmpty && snapshotPopular == nil
            ? nil
            : chain(sources, options: options, snapshot: snapshot, cache: cache, index: true, switches: indexSwitches, table: table)
        return Shows(worker: popular.worker, fallbackReasons: popular.fallbackReasons, allShows: index, switches: switches)
    }

    /// Every live source given up, a rejected key or a refusal before the rest.
    static func reasons(_ switches: FallbackSwitches) -> @Sendable () async -> [SourceError] {
        { ShowFormatting.refusalsFirst(await switches.reasons()) }
    }

    /// Live sources in turn, each giving way to the next through its switch, then the snapshot.
    private static func chain(
        _ sources: [ProviderName], options: AppOptions, snapshot: SnapshotShowsWorker, cache: ResponseCache?,
        index: Bool, switches: FallbackSwitches, table: ProviderTable
    ) -> PopularListInteractor.ListSource {
        var chain: any TVShowsWorking = snapshot
        for source in sources.reversed() {
            // A live source with another behind it is waited for less long.
            guard let live = liveWorker(source, options: options, timeout: table.row(source)?.timeouts.inChain ?? 8, cache: cache, index: index, table: table) else { continue }
            chain = FallbackShowsWorker(primary: live, fallback: chain, fallbackSwitch: switches.on(source))
        }
        return .init(worker: chain, fallbackReasons: reasons(switches))
    }
}
