import Domain
import FoundationEssentials
import Workers

/// Builds the source of people from the options and the source a cast came from: the live
/// provider's (TVmaze `/people/{id}`, TMDB `/3/person/{id}`), kept in the response cache when
/// there is one and, for TVmaze in `auto`, with the snapshot's recorded people behind it; the
/// snapshot's recorded casts and castcredits offline.
enum PeopleComposition {
    /// The people source for a cast that came from `source`: the one its provider's row makes
    /// (`TVWorkers.people`), or the snapshot's when the row makes none.
    /// - Parameters:
    ///   - source: where the show's details came from (its cast's ids are that provider's);
    ///     nil before any source has answered (the first live source's is meant).
    ///   - options: the settings (base URLs, the TMDB credential).
    ///   - cache: where live answers are kept, or nil for none.
    ///   - catalog: the snapshot's catalogue, whose records an offline person's shows are.
    ///   - timeout: the longest wait for a whole call, retries included, in seconds.
    ///   - table: the providers.
    /// - Returns: the worker; the snapshot's for a snapshot or a provider that cannot be used.
    static func worker(
        for source: DataSource?, options: AppOptions, cache: ResponseCache?,
        catalog: @escaping @Sendable () async throws -> ShowCatalog, timeout: Double = 15,
        table: ProviderTable = .standard
    ) -> any PeopleWorking {
        let recorded = SnapshotPeopleWorker(catalog: catalog)
        let known = source ?? TVComposition.liveSources(options, table: table).first.map { DataSource.live(provider: $0) }
        guard let known, known.isFromNetwork, let row = table.row(known.provider), let make = row.tv?.people(options) else { return recorded }
        return make(row.client(totalSeconds: timeout, authorities: options.authorities), cache)
    }
}
