/// Every rating the store holds: the shows', by show, and the episodes', by show, season and
/// number.
public struct UserRatings: Sendable, Hashable {
    /// The shows' ratings.
    public var shows: [RatedShow]
    /// The episodes' ratings.
    public var episodes: [RatedEpisode]

    /// Makes the list.
    /// - Parameters:
    ///   - shows: the shows' ratings.
    ///   - episodes: the episodes' ratings.
    public init(shows: [RatedShow] = [], episodes: [RatedEpisode] = []) {
        self.shows = shows
        self.episodes = episodes
    }
}
