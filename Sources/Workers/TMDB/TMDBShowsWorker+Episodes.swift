import Domain
import FoundationEssentials

/// Episodes from TMDB: `GET /3/tv/{id}` for the season numbers, then `GET /3/tv/{id}/season/{n}`
/// for each season in turn (season 0 holds the specials), each episode with `vote_average` and
/// `vote_count`; the next and latest episodes from the details' `next_episode_to_air` and
/// `last_episode_to_air`.
extension TMDBShowsWorker: EpisodesWorking {
    /// Every episode of a show, season by season; see `EpisodesWorking.episodes(showID:)`.
    /// - Throws: `SourceError.notFound` when TMDB has no show (or season) with the number;
    ///   `CancellationError` between seasons when cancelled; others as `popularShows(page:)`.
    public func episodes(showID: Int) async throws -> ShowEpisodes? {
        let details = try await fetch(path: "3/tv/\(showID)", query: [])
        let numbers = try ProviderResponse.decode(TMDBDTO.SeasonNumbers.self, from: details, provider: Self.provider).numbers
        var episodes: [Episode] = []
        for number in Set(numbers).sorted() {
            try Task.checkCancellation()
            let data = try await fetch(path: "3/tv/\(showID)/season/\(number)", query: [])
            let season = try ProviderResponse.decode(TMDBDTO.SeasonDetails.self, from: data, provider: Self.provider)
            episodes += season.episodes.map(TMDBEpisodeMapper.episode)
        }
        return ShowEpisodes(showID: showID, episodes: episodes, source: .live(provider: Self.provider))
    }

    /// The next and latest episodes from the show's details; see
    /// `EpisodesWorking.nextAndPreviousEpisode(showID:)`.
    /// - Throws: as `episodes(showID:)`.
    public func nextAndPreviousEpisode(showID: Int) async throws -> NextAndPreviousEpisode? {
        let data = try await fetch(path: "3/tv/\(showID)", query: [])
        let dto = try ProviderResponse.decode(TMDBDTO.Details.self, from: data, provider: Self.provider)
        return NextAndPreviousEpisode(
            showID: showID, next: dto.nextEpisode.map(TMDBEpisodeMapper.episode),
            previous: dto.lastEpisode.map(TMDBEpisodeMapper.episode), source: .live(provider: Self.provider), status: dto.status
        )
    }
}
