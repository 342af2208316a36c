import Domain
import FoundationEssentials
import Workers

/// Builds the source of a show's episodes from the options, the provider table and the source
/// its details came from: the provider's row makes it (TVmaze `/shows/{id}/episodes`, TMDB's
/// seasons), kept in the response cache when there is one; the embedded snapshot's recorded
/// lists offline.
enum EpisodesComposition {
    /// The episodes source for a show whose details came from `source`.
    /// - Parameters:
    ///   - source: where the show's details came from (its ids are that provider's).
    ///   - options: the settings (base URLs, keys).
    ///   - cache: where live answers are kept, or nil for none.
    ///   - timeout: the longest wait for a whole call, retries included, in seconds.
    ///   - switches: the live sources' switches in `auto`: a provider with schedules (TVmaze,
    ///     whose ids the recordings carry) then gives way to the recordings as the switch rules.
    ///   - table: the providers.
    /// - Returns: the worker; the snapshot's for a snapshot or a provider that cannot be used.
    static func worker(
        for source: DataSource, options: AppOptions, cache: ResponseCache?, timeout: Double = 15,
        switches: FallbackSwitches = .init(), table: ProviderTable = .standard
    ) -> any EpisodesWorking {
        switch source {
        case .embeddedSnapshot, .snapshotFile:
            return offline()
        case .mirror:
            // Mirrored shows are TVmaze's: its episodes when the settings ask TVmaze, else the lists kept offline.
            guard TVComposition.liveSources(options, table: table).contains(.tvmaze) else { return offline() }
            return worker(for: .live(provider: .tvmaze), options: options, cache: cache, timeout: timeout, switches: switches, table: table)
        case .live(let provider), .cache(let provider, _):
            if let live = scheduled(provider, options: options, cache: cache, timeout: timeout, switches: switches, table: table) { return live }
            guard let row = table.row(provider), let make = row.tv?.episodes(options) else { return SnapshotEpisodesWorker() }
            return make(row.client(totalSeconds: timeout, authorities: options.authorities), cache)
        }
    }

    /// Episode lists offline: the mirror's (the favourite and started shows', kept by
    /// `discover-tui mirror` in the data folder the process's environment names), then the
    /// built-in snapshot's recordings.
    static func offline() -> any EpisodesWorking {
        guard let path = MirrorCommand.path(XDGDirectories(environment: ProcessInfo.processInfo.environment)) else { return SnapshotEpisodesWorker() }
        return MirrorEpisodesWorker(path: path, fallback: SnapshotEpisodesWorker())
    }

    /// A provider's episodes and schedules, with the recordings behind them when `auto` has a
    /// switch on it; nil when its row has no schedules or the settings cannot use it.
    private static func scheduled(
        _ provider: ProviderName, options: AppOptions, cache: ResponseCache?, timeout: Double,
        switches: FallbackSwitches, table: ProviderTable
    ) -> (any EpisodesWorking & ScheduleWorking)? {
        guard let row = table.row(provider), let make = row.tv?.schedules(options) else { return nil }
        let live = make(row.client(totalSeconds: timeout, authorities: options.authorities), cache)
        guard let fallbackSwitch = switches.on(provider) else { return live }
        return FallbackEpisodesWorker(primary: live, fallback: SnapshotEpisodesWorker(), fallbackSwitch: fallbackSwitch)
    }

    /// The live source of day schedules: the first TV provider whose row has them (TVmaze's
    /// `/schedule` and `/schedule/web`; TMDB has none, and TVmaze needs no key, so it serves
    /// `--source tmdb` too), kept in the response cache when there is one.
    /// - Parameters:
    ///   - options: the settings.
    ///   - cache: where live answers are kept, or nil for none.
    ///   - timeout: the longest wait for a whole call, retries included, in seconds.
    ///   - switches: the live sources' switches in `auto` (the recordings then stand behind).
    ///   - table: the providers.
    /// - Returns: the worker; nil for the snapshot (`--source snapshot`, `--snapshot PATH`),
    ///   whose recorded schedules `SnapshotEpisodesWorker` serves.
    static func liveSchedule(
        options: AppOptions, cache: ResponseCache?, timeout: Double = 15,
        switches: FallbackSwitches = .init(), table: ProviderTable = .standard
    ) -> (any ScheduleWorking)? {
        guard !TVComposition.liveSources(options, table: table).isEmpty else { return nil }
        for row in table.rows(.tv) {
            if let live = scheduled(row.name, options: options, cache: cache, timeout: timeout, switches: switches, table: table) { return live }
        }
        return nil
    }

    /// The source of shows' seasons (their episode order, for `FINALE`): the first TV
    /// provider whose row has them (TVmaze's `/shows/{id}/seasons`), over the row's pacer and
    /// kept in the response cache when there is one; the recordings offline.
    /// - Parameters:
    ///   - options: the settings.
    ///   - cache: where live answers are kept, or nil for none.
    ///   - timeout: the longest wait for a whole call, retries included, in seconds.
    ///   - table: the providers.
    static func seasons(options: AppOptions, cache: ResponseCache?, timeout: Double = 15, table: ProviderTable = .standard) -> any SeasonsWorking {
        guard !TVComposition.liveSources(options, table: table).isEmpty else { return SnapshotEpisodesWorker() }
        for row in table.rows(.tv) {
            if let make = row.tv?.seasons(options) {
                return make(row.client(totalSeconds: timeout, authorities: options.authorities), cache)
            }
        }
        return SnapshotEpisodesWorker()
    }
}
