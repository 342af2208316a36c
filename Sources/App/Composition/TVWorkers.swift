import Domain
import FoundationEssentials
import Workers

/// The functions that make a TV provider's Workers, each given its resilient HTTP client.
struct TVWorkers: Sendable {
    /// True when the settings let `auto` try this provider (TMDB with a key; TVmaze always).
    var usableInAuto: @Sendable (AppOptions) -> Bool = { _ in true }
    /// Why `--source NAME` cannot use it, or nil when it can (`--source tmdb needs a TMDB key …`).
    var missing: @Sendable (AppOptions) -> String? = { _ in nil }
    /// The default list ("Popular now", TMDB's popular list); nil when it cannot be used.
    var shows: @Sendable (AppOptions) -> (@Sendable (any HTTPFetching) -> any TVShowsWorking)?
    /// The whole index ("All shows"), when the provider has one.
    var index: @Sendable (AppOptions) -> (@Sendable (any HTTPFetching) -> any TVShowsWorking)? = { _ in nil }
    /// A show's episodes (and next episode), by the provider's ids, over a client and kept in
    /// the response cache when given one; nil when it has none.
    var episodes: @Sendable (AppOptions) -> KeptEpisodes? = { _ in nil }
    /// Episodes and day schedules (TVmaze's `/schedule`), for a provider that has both: used
    /// for its episodes too, with the embedded recordings (which carry its ids) behind them in
    /// `auto`; nil when it has none.
    var schedules: @Sendable (AppOptions) -> KeptSchedules? = { _ in nil }
    /// The people of its casts (`discover-tui person`, a cast member opened), by the
    /// provider's ids, over a client and kept in the response cache when given one; nil when
    /// it has none or the settings do not let it be used (TMDB without a key).
    var people: @Sendable (AppOptions) -> KeptPeople? = { _ in nil }

    /// A show's seasons with their episode order (TVmaze's `/shows/{id}/seasons`, for
    /// `FINALE`), kept in the cache when given one; nil when the provider has none.
    var seasons: @Sendable (AppOptions) -> KeptSeasons? = { _ in nil }

    /// Makes an episodes Worker over a client, kept in the cache when given one.
    typealias KeptEpisodes = @Sendable (any HTTPFetching, ResponseCache?) -> any EpisodesWorking
    /// Makes an episodes and schedules Worker over a client, kept in the cache when given one.
    typealias KeptSchedules = @Sendable (any HTTPFetching, ResponseCache?) -> any EpisodesWorking & ScheduleWorking
    /// Makes a people Worker over a client, kept in the cache when given one.
    typealias KeptPeople = @Sendable (any HTTPFetching, ResponseCache?) -> any PeopleWorking

    /// Makes a seasons Worker over a client, kept in the cache when given one.
    typealias KeptSeasons = @Sendable (any HTTPFetching, ResponseCache?) -> any SeasonsWorking

    /// A seasons maker from a Worker's init, kept in the cache by provider.
    static func keptSeasons<Live: SeasonsWorking>(_ provider: ProviderName, _ make: @escaping @Sendable (any HTTPFetching) -> Live) -> KeptSeasons {
        { http, cache in cache.map { CachingEpisodesWorker(provider: provider, cache: $0, http: http, makeWorker: make) } ?? make(http) }
    }

    /// An episodes maker from a Worker's init, kept in the cache by provider.
    static func kept<Live: EpisodesWorking>(_ provider: ProviderName, _ make: @escaping @Sendable (any HTTPFetching) -> Live) -> KeptEpisodes {
        { http, cache in cache.map { CachingEpisodesWorker(provider: provider, cache: $0, http: http, makeWorker: make) } ?? make(http) }
    }

    /// An episodes and schedules maker from a Worker's init, kept in the cache by provider.
    static func kept<Live: EpisodesWorking & ScheduleWorking>(
        _ provider: ProviderName,
        _ make: @escaping @Sendable (any HTTPFetching) -> Live
    ) -> KeptSchedules {
        { http, cache in cache.map { CachingEpisodesWorker(provider: provider, cache: $0, http: http, makeWorker: make) } ?? make(http) }
    }

    /// A people maker from a Worker's init, kept in the cache by provider.
    static func keptPeople<Live: PeopleWorking>(_ provider: ProviderName, _ make: @escaping @Sendable (any HTTPFetching) -> Live) -> KeptPeople {
        { http, cache in cache.map { CachingEpisodesWorker(provider: provider, cache: $0, http: http, makeWorker: make) } ?? make(http) }
    }
}
