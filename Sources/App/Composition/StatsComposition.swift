import Domain
import FoundationEssentials
import Workers

/// Builds where the year's figures read the shows' facts (`OfflineShowFacts`): the snapshot
/// built into the program and the response cache, never the network.
enum StatsComposition {
    /// The facts source for the settings.
    /// - Parameters:
    ///   - options: the settings (`--no-cache` leaves the cache out; a TMDB key lets TMDB's
    ///     kept answers be read; the base URLs name the kept answers).
    ///   - environment: the environment (the cache's folder).
    ///   - catalog: the snapshot's catalogue (embedded, or `--snapshot PATH`).
    ///   - table: the providers.
    static func facts(
        options: AppOptions, environment: [String: String], catalog: @escaping @Sendable () async throws -> ShowCatalog,
        table: ProviderTable = .standard
    ) -> OfflineShowFacts {
        var kept: [String: OfflineShowFacts.Kept] = [:]
        if !options.noCache, let cache = existingCache(environment: environment) {
            for row in table.rows(.tv) {
                guard let tv = row.tv else { continue }
                let details = tv.shows(options).map { make in
                    CachingShowsWorker(provider: row.name, cache: cache, http: NoNetworkHTTPClient(), makeWorker: make)
                }
                let episodes =
                    tv.schedules(options).map { make in make(NoNetworkHTTPClient(), cache) as any EpisodesWorking }
                    ?? tv.episodes(options).map { make in make(NoNetworkHTTPClient(), cache) }
                kept[row.name.name] = OfflineShowFacts.Kept(details: details, episodes: episodes)
            }
        }
        return OfflineShowFacts(catalog: OfflineShowFacts.Catalog(load: catalog), kept: kept)
    }

    /// The response cache when its folder exists (reading the figures makes no folder).
    /// - Parameter environment: the environment (`XDG_CACHE_HOME`, `HOME`).
    static func existingCache(environment: [String: String]) -> ResponseCache? {
        guard let app = XDGDirectories(environment: environment).path(.cache) else { return nil }
        let folder = app + "/" + ResponseCache.folderName
        var isFolder = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder else { return nil }
        return try? ResponseCache(directory: folder)
    }
}
