import Domain
import FoundationEssentials
import Workers

/// Builds the source of a show's episodes from the options and the source its details came
/// from: the live provider's (TVmaze `/shows/{id}/episodes`, TMDB's seasons), kept in the
/// response cache when there is one; the embedded snapshot's recorded lists offline.
enum EpisodesComposition {
    /// The episodes source for a show whose details came from `source`.
    /// - Parameters:
    ///   - source: where the show's details came from (its ids are that provider's).
    ///   - options: the settings (base URLs, the TMDB credential).
    ///   - cache: where live answers are kept, or nil for none.
    ///   - timeout: the longest wait for a whole call, retries included, in seconds.
    ///   - switches: the live sources' switches in `auto`: TVmaze's episodes then give way to
    ///     the recorded lists (which carry TVmaze's ids) as the switch rules.
    /// - Returns: the worker; the snapshot's for a snapshot or a provider that cannot be used.
    static func worker(for source: DataSource, options: AppOptions, cache: ResponseCache?, timeout: Double = 15,
                       switches: FallbackSwitches = .init()) -> any EpisodesWorking {
        switch source {
        case .embeddedSnapshot, .snapshotFile:
            return SnapshotEpisodesWorker()
        case .live(let provider), .cache(let provider, _):
            let http = ResilientHTTPClient.live(provider: provider, totalSeconds: timeout, authorities: options.authorities)
            if provider == TMDBShowsWorker.provider, let credential = options.tmdbCredential,
               let base = options.tmdbBase ?? TMDBShowsWorker.defaultBaseURL {
                let make: @Sendable (any HTTPFetching) -> TMDBShowsWorker = { TMDBShowsWorker(credential: credential, baseURL: base, http: $0) }
                guard let cache else { return make(http) }
                return CachingEpisodesWorker(provider: provider, cache: cache, http: http, makeWorker: make)
            }
            if provider == TVmazeEpisodesWorker.provider, let live = liveTVmaze(options: options, cache: cache, timeout: timeout) {
                return recordedBehind(live, switches: switches)
            }
            return SnapshotEpisodesWorker()
        }
    }

    /// TVmaze's episodes and schedules, kept in the response cache when there is one; nil
    /// without a base URL.
    private static func liveTVmaze(options: AppOptions, cache: ResponseCache?, timeout: Double) -> (any EpisodesWorking & ScheduleWorking)? {
        guard let base = options.tvmazeBase ?? TVmazeShowsWorker.defaultBaseURL else { return nil }
        let http = ResilientHTTPClient.live(provider: TVmazeEpisodesWorker.provider, totalSeconds: timeout, authorities: options.authorities)
        let make: @Sendable (any HTTPFetching) -> TVmazeEpisodesWorker = { TVmazeEpisodesWorker(baseURL: base, http: $0) }
        guard let cache else { return make(http) }
        return CachingEpisodesWorker(provider: TVmazeEpisodesWorker.provider, cache: cache, http: http, makeWorker: make)
    }

    /// The live TVmaze source with the recordings behind it when `auto` has a switch on TVmaze,
    /// else the live source alone.
    private static func recordedBehind(_ live: any EpisodesWorking & ScheduleWorking, switches: FallbackSwitches) -> any EpisodesWorking & ScheduleWorking {
        guard let fallbackSwitch = switches.on(TVmazeEpisodesWorker.provider) else { return live }
        return FallbackEpisodesWorker(primary: live, fallback: SnapshotEpisodesWorker(), fallbackSwitch: fallbackSwitch)
    }

    /// The live source of day schedules: TVmaze's `/schedule` and `/schedule/web` (TMDB has no
    /// schedules; TVmaze needs no key, so it serves `--source tmdb` too), kept in the response
    /// cache when there is one.
    /// - Parameters:
    ///   - options: the settings (the TVmaze base URL, the source).
    ///   - cache: where live answers are kept, or nil for none.
    ///   - timeout: the longest wait for a whole call, retries included, in seconds.
    ///   - switches: the live sources' switches in `auto` (the recordings then stand behind).
    /// - Returns: the worker; nil for the snapshot (`--source snapshot`, `--snapshot PATH`),
    ///   whose recorded schedules `SnapshotEpisodesWorker` serves.
    static func liveSchedule(options: AppOptions, cache: ResponseCache?, timeout: Double = 15,
                             switches: FallbackSwitches = .init()) -> (any ScheduleWorking)? {
        guard !TVComposition.liveSources(options).isEmpty, let live = liveTVmaze(options: options, cache: cache, timeout: timeout) else { return nil }
        return recordedBehind(live, switches: switches)
    }
}
