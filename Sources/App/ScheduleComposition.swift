import Domain
import FoundationEssentials
import Workers

/// The sources of `discover-tui tonight`, `discover-tui upcoming` and the Tonight scene: TVmaze's day
/// schedules live (for every `--source` but the snapshot: TMDB has no schedules and TVmaze
/// needs no key), the embedded snapshot's recorded schedules offline and, in `auto`, when
/// TVmaze cannot answer; the favourites' next episodes from their own provider.
enum ScheduleComposition {
    /// The day schedules for the options.
    /// - Parameters:
    ///   - options: the settings.
    ///   - cache: where live answers are kept, or nil.
    ///   - switches: the live sources' switches in `auto`.
    /// - Returns: the live source (in `auto` giving way to the recordings through TVmaze's
    ///   switch), or the recordings.
    static func schedules(options: AppOptions, cache: ResponseCache?, switches: FallbackSwitches) -> any ScheduleWorking {
        EpisodesComposition.liveSchedule(options: options, cache: cache, switches: switches) ?? SnapshotEpisodesWorker()
    }

    /// The source of next episodes for a favourite's provider.
    /// - Parameters:
    ///   - options: the settings.
    ///   - cache: where live answers are kept, or nil.
    ///   - switches: the live sources' switches in `auto` (TVmaze's gives way to the
    ///     recordings, which cannot tell a next episode).
    /// - Returns: a function from a provider's name (`TVmaze`, `TMDB`) to its worker; nil for a
    ///   provider that cannot be asked (TMDB without a key; any provider offline).
    static func episodes(options: AppOptions, cache: ResponseCache?, switches: FallbackSwitches) -> @Sendable (String) -> (any EpisodesWorking)? {
        let live = !TVComposition.liveSources(options).isEmpty
        let tvmaze = live ? EpisodesComposition.worker(for: .live(provider: TVmazeEpisodesWorker.provider), options: options, cache: cache,
                                                       switches: switches) : nil
        let tmdb = live && options.tmdbCredential != nil
            ? EpisodesComposition.worker(for: .live(provider: TMDBShowsWorker.provider), options: options, cache: cache) : nil
        return { provider in
            switch provider {
            case TVmazeEpisodesWorker.provider: return tvmaze
            case TMDBShowsWorker.provider: return tmdb
            default: return nil
            }
        }
    }
}
