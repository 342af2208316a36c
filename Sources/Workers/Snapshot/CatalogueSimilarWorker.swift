import Domain
import FoundationEssentials

/// "More like this" worked out here (`ShowSimilarity`) over the catalogue the app holds (the
/// snapshot's shows, whose ids are TVmaze's), with the casts recorded in the snapshot for the
/// shared-cast points.
public struct CatalogueSimilarWorker: SimilarShowsWorking {
    private let catalog: @Sendable () async throws -> ShowCatalog

    /// Makes a worker.
    /// - Parameter catalog: the catalogue to choose from.
    public init(catalog: @escaping @Sendable () async throws -> ShowCatalog) {
        self.catalog = catalog
    }

    /// The best-scoring shows, each with its reason; see `SimilarShowsWorking.similarShows(to:)`.
    /// - Parameter show: the show; its catalogue record is used when the catalogue holds it.
    /// - Throws: `SourceError.badData` when the embedded data cannot be read.
    public func similarShows(to show: TVShow) async throws -> SimilarShows {
        let catalog = try await catalog()
        let record = catalog.shows.first { $0.id == show.id } ?? show
        var casts: [Int: [String]] = [:]
        for line in try SnapshotEpisodesWorker.lines(of: SnapshotEpisodesWorker.castsFile) {
            let list = try ProviderResponse.decode(SnapshotDTO.CastList.self, from: line, provider: ShowCatalog.embeddedProvider)
            casts[list.show] = list.cast.compactMap { $0.person?.name }
        }
        let ranked = ShowSimilarity.rank(record, in: catalog.shows, cast: { casts[$0] })
        return SimilarShows(entries: ranked.map { .init(show: $0.show, reason: $0.reason) }, basis: .localScore, source: catalog.source)
    }
}
