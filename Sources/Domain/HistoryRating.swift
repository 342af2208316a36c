/// An episode the person rated without marking it watched, as a history holds it.
public struct HistoryRating: Sendable, Hashable {
    /// The show's ids.
    public var show: ProviderIDs
    /// The show's name as the source gave it (may be empty).
    public var showName: String
    /// The season number (0 for specials).
    public var season: Int
    /// The episode's number within the season.
    public var number: Int
    /// The episode's ids, where known.
    public var episode: ProviderIDs
    /// The rating, 1–10.
    public var rating: Int
    /// When it was rated, seconds since 1970-01-01 UTC.
    public var ratedAt: Int

    /// Makes a rating.
    /// - Parameters:
    ///   - show: the show's ids.
    ///   - showName: the show's name.
    ///   - season: the season number.
    ///   - number: the episode's number within the season.
    ///   - episode: the episode's ids.
    ///   - rating: the rating, 1–10.
    ///   - ratedAt: seconds since 1970-01-01 UTC.
    public init(show: ProviderIDs, showName: String, season: Int, number: Int, episode: ProviderIDs = ProviderIDs(), rating: Int, ratedAt: Int) {
        self.show = show
        self.showName = showName
        self.season = season
        self.number = number
        self.episode = episode
        self.rating = rating
        self.ratedAt = ratedAt
    }

    /// The same episode's key as `HistoryMark.key` (`tvmaze:112 1x1`); nil when the show has no id.
    public var key: String? { show.identity.map { "\($0) \(season)x\(number)" } }
}
