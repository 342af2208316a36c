/// One episode the person has seen: which show (every provider's id known), which episode
/// (season and number, and its ids where known), when it was first watched, how many times
/// (plays) and the latest play's time, and the person's rating of it, if any.
public struct HistoryMark: Sendable, Hashable {
    /// The show's ids.
    public var show: ProviderIDs
    /// The show's name as the source gave it (for the export and for messages; may be empty).
    public var showName: String
    /// The season number (0 for specials).
    public var season: Int
    /// The episode's number within the season.
    public var number: Int
    /// The episode's ids, where known.
    public var episode: ProviderIDs
    /// When it was watched or marked (the first play), in whole seconds since 1970-01-01 00:00 UTC.
    public var markedAt: Int
    /// How many times it was watched, 1 and up.
    public var plays: Int
    /// The latest play's time, seconds since 1970-01-01 UTC, when there were several plays;
    /// nil for one play (the latest is `markedAt`).
    public var lastPlayedAt: Int?
    /// The person's rating of the episode, 1–10, or nil.
    public var rating: Int?
    /// When it was rated, seconds since 1970-01-01 UTC; nil when not rated.
    public var ratedAt: Int?

    /// Makes a mark.
    /// - Parameters:
    ///   - show: the show's ids.
    ///   - showName: the show's name.
    ///   - season: the season number.
    ///   - number: the episode's number within the season.
    ///   - episode: the episode's ids.
    ///   - markedAt: seconds since 1970-01-01 UTC.
    ///   - plays: how many times it was watched (values below 1 count as 1).
    ///   - lastPlayedAt: the latest play's time when `plays` is 2 or more (else ignored).
    ///   - rating: the rating, 1–10, or nil.
    ///   - ratedAt: when it was rated (ignored without a rating).
    public init(
        show: ProviderIDs, showName: String, season: Int, number: Int, episode: ProviderIDs = ProviderIDs(), markedAt: Int, plays: Int = 1,
        lastPlayedAt: Int? = nil, rating: Int? = nil, ratedAt: Int? = nil
    ) {
        self.show = show
        self.showName = showName
        self.season = season
        self.number = number
        self.episode = episode
        self.markedAt = markedAt
        self.plays = max(1, plays)
        self.lastPlayedAt = self.plays > 1 ? lastPlayedAt : nil
        self.rating = rating
        self.ratedAt = rating == nil ? nil : ratedAt
    }

    /// What makes two marks the same episode: the show's identity, season and number
    /// (`tvmaze:112 1x1`); nil when the show has no id.
    public var key: String? { show.identity.map { "\($0) \(season)x\(number)" } }
}
