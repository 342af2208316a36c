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
    ///   - table: the providers.
    /// - Returns: the live source (in `auto` giving way to the recordings through TVmaze's
    ///   switch), or the recordings.
    static func schedules(
        options: AppOptions, cache: ResponseCache?, switches: FallbackSwitches,
        table: ProviderTable = .standard
    ) -> any ScheduleWorking {
        EpisodesComposition.liveSchedule(options: options, cache: cache, switches: switches, table: table) ?? SnapshotEpisodesWorker()
    }

    /// The source of next episodes for a favourite's provider.
    /// - Parameters:
    ///   - options: the settings.
    ///   - cache: where live answers are kept, or nil.
    ///   - switches: the live sources' switches in `auto` (TVmaze's gives way to the
    ///     recordings, which cannot tell a next episode).
    ///   - table: the providers.
    /// - Returns: a function from a provider's name (`TVmaze`, `TMDB`) to its worker; nil for a
    ///   provider that cannot be asked (TMDB without a key; any provider offline).
    static func episodes(
        options: AppOptions, cache: ResponseCache?, switches: FallbackSwitches,
        table: ProviderTable = .standard
    ) -> @Sendable (String) -> (any EpisodesWorking)? {
        let live = !TVComposition.liveSources(options, table: table).isEmpty
        // A row is asked only when its Workers can be made under the settings (TMDB's need a key).
        var byName: [String: any EpisodesWorking] = [:]
        for row in table.rows(.tv) where live && (row.tv?.schedules(options) != nil || row.tv?.episodes(options) != nil) {
            byName[row.name.name] = EpisodesComposition.worker(
                for: .live(provider: row.name), options: options, cache: cache,
                switches: switches, table: table)
        }
        let workers = byName
        return { provider in workers[provider] }
    }
}
