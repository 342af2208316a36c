/// What the episode scenes need from a source of episodes (a live API, the snapshot, a cache).
///
/// Implementations are `Sendable`; each call may suspend on I/O and honours task cancellation
/// by throwing `CancellationError`.
public protocol EpisodesWorking: Sendable {
    /// Every episode of a show, specials kept apart (TVmaze `/shows/{id}/episodes?specials=1`,
    /// TMDB `/3/tv/{id}/season/{n}` for each season).
    /// - Parameter showID: the show's id at this source's provider.
    /// - Returns: the episodes; nil when the source has no episode list for the show (a snapshot
    ///   that did not record it).
    /// - Throws: `SourceError` when the source cannot answer.
    func episodes(showID: Int) async throws -> ShowEpisodes?

    /// The episodes as soon as they are known, then again when fresh (stale-while-revalidate, as
    /// `TVShowsWorking.popularShowsUpdates(page:)`). The default yields `episodes(showID:)`
    /// once.
    /// - Parameter showID: the show's id.
    /// - Returns: one or two answers, oldest first.
    func episodesUpdates(showID: Int) -> AsyncThrowingStream<ShowEpisodes?, any Error>

    /// The episodes for counting them (the Continue list): the same list as
    /// `episodes(showID:)`, whose episodes may lack what a count does not need (`summary`
    /// empty, `rating` and `runtimeMinutes` nil), read faster where the source can. The default
    /// is `episodes(showID:)`.
    /// - Parameter showID: the show's id.
    /// - Returns: the episodes; nil when the source has no episode list for the show.
    /// - Throws: `SourceError` when the source cannot answer.
    func episodeOutline(showID: Int) async throws -> ShowEpisodes?

    /// A show's latest aired and next announced episode (TVmaze
    /// `/shows/{id}?embed[]=nextepisode&embed[]=previousepisode`, TMDB details'
    /// `next_episode_to_air`/`last_episode_to_air`).
    /// - Parameter showID: the show's id.
    /// - Returns: the pair; nil when the source cannot tell (a snapshot).
    /// - Throws: `SourceError` when the source cannot answer.
    func nextAndPreviousEpisode(showID: Int) async throws -> NextAndPreviousEpisode?

    /// The next and previous episode as `nextAndPreviousEpisode(showID:)` answers, with the
    /// answer kept from the last time it was asked (a response cache's), read before the new one
    /// replaces it: `ShowChange.between(kept:fresh:)` says what changed since. The default
    /// keeps nothing.
    /// - Parameter showID: the show's id.
    /// - Returns: the kept answer (nil when none is kept) and the fresh one.
    /// - Throws: `SourceError` when the source cannot answer.
    func nextAndPreviousEpisodeSinceKept(showID: Int) async throws -> (kept: NextAndPreviousEpisode?, fresh: NextAndPreviousEpisode?)
}

extension EpisodesWorking {
    /// Answers `episodes(showID:)`.
    public func episodeOutline(showID: Int) async throws -> ShowEpisodes? {
        try await episodes(showID: showID)
    }

    /// Answers `nextAndPreviousEpisode(showID:)`, with nothing kept.
    public func nextAndPreviousEpisodeSinceKept(showID: Int) async throws -> (kept: NextAndPreviousEpisode?, fresh: NextAndPreviousEpisode?) {
        (nil, try await nextAndPreviousEpisode(showID: showID))
    }

    /// Yields `episodes(showID:)` once.
    public func episodesUpdates(showID: Int) -> AsyncThrowingStream<ShowEpisodes?, any Error> {
        AsyncThrowingStream.single { try await self.episodes(showID: showID) }
    }
}
