import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Episode lists offline: those the mirror keeps (the favourite and started shows', fetched by
/// `discover-tui mirror`), else the fallback's (the built-in snapshot's recordings).
public struct MirrorEpisodesWorker: EpisodesWorking {
    private let path: String
    private let fallback: any EpisodesWorking

    /// Makes one.
    /// - Parameters:
    ///   - path: the mirror's file.
    ///   - fallback: asked for the shows the mirror keeps no list of.
    public init(path: String, fallback: any EpisodesWorking) {
        self.path = path
        self.fallback = fallback
    }

    /// The kept list of a show (source `.mirror`, dated by its fetch), else the fallback's.
    /// - Throws: the fallback's errors.
    public func episodes(showID: Int) async throws -> ShowEpisodes? {
        if access(path, F_OK) == 0, let store = try? MirrorStore(path: path, writable: false), let kept = store.episodeList(showID: showID),
            let list = try? ProviderResponse.decode(LossyArray<TVmazeDTO.EpisodeRecord>.self, from: Data(kept.json.utf8), provider: .tvmaze)
        {
            let source = DataSource.mirror(savedAt: Int64(kept.fetchedAt), shows: (try? store.count()) ?? 0)
            return ShowEpisodes(showID: showID, episodes: list.elements.map(TVmazeEpisodeMapper.episode), source: source)
        }
        return try await fallback.episodes(showID: showID)
    }

    /// The fallback's (offline: none).
    /// - Throws: the fallback's errors.
    public func nextAndPreviousEpisode(showID: Int) async throws -> NextAndPreviousEpisode? {
        try await fallback.nextAndPreviousEpisode(showID: showID)
    }
}
