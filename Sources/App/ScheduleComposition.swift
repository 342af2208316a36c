import Domain
import FoundationEssentials
import Workers

/// The sources of `discover tonight`, `discover upcoming` and the Tonight scene: TVmaze's day
/// schedules live (for every `--source` but the snapshot: TMDB has no schedules and TVmaze
/// needs no key), the embedded snapshot's recorded schedules offline and, in `auto`, when
/// TVmaze cannot answer; the favourites' next episodes from their own provider.
enum ScheduleComposition {
    /// The day schedules for the options.
    /// - Parameters:
    ///   - options: the settings.
    ///   - cache: where live answers are kept, or nil.
    /// - Returns: the live source (in `auto` falling back to the recordings), or the recordings.
    static func schedules(options: AppOptions, cache: ResponseCache?) -> any ScheduleWorking {
        guard let live = EpisodesComposition.liveSchedule(options: options, cache: cache) else { return SnapshotEpisodesWorker() }
        return options.source == .auto ? FallbackScheduleWorker(primary: live, fallback: SnapshotEpisodesWorker()) : live
    }

    /// The source of next episodes for a favourite's provider.
    /// - Parameters:
    ///   - options: the settings.
    ///   - cache: where live answers are kept, or nil.
    /// - Returns: a function from a provider's name (`TVmaze`, `TMDB`) to its worker; nil for a
    ///   provider that cannot be asked (TMDB without a key; any provider offline).
    static func episodes(options: AppOptions, cache: ResponseCache?) -> @Sendable (String) -> (any EpisodesWorking)? {
        let live = !TVComposition.liveSources(options).isEmpty
        let tvmaze = live ? EpisodesComposition.worker(for: .live(provider: TVmazeEpisodesWorker.provider), options: options, cache: cache) : nil
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
