/// A person's rating of one episode, as the store keeps it (whether or not it is watched).
public struct RatedEpisode: Sendable, Hashable {
    /// The show, season and number (season 0 for specials).
    public let key: WatchedEpisodeKey
    /// The show's name when rated.
    public let showName: String
    /// The rating.
    public let rating: UserRating
    /// When it was rated, seconds since 1970-01-01 UTC.
    public let ratedAt: Int

    /// Makes one.
    /// - Parameters:
    ///   - key: the episode.
    ///   - showName: the show's name.
    ///   - rating: the rating.
    ///   - ratedAt: seconds since 1970-01-01 UTC.
    public init(key: WatchedEpisodeKey, showName: String, rating: UserRating, ratedAt: Int) {
        self.key = key
        self.showName = showName
        self.rating = rating
        self.ratedAt = ratedAt
    }
}
