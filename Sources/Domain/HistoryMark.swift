/// One episode the person has seen: which show (every provider's id known), which episode
/// (season and number, and its ids where known), and when it was marked.
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
    /// When it was watched or marked, in whole seconds since 1970-01-01 00:00 UTC.
    public var markedAt: Int

    /// Makes a mark.
    /// - Parameters:
    ///   - show: the show's ids.
    ///   - showName: the show's name.
    ///   - season: the season number.
    ///   - number: the episode's number within the season.
    ///   - episode: the episode's ids.
    ///   - markedAt: seconds since 1970-01-01 UTC.
    public init(show: ProviderIDs, showName: String, season: Int, number: Int, episode: ProviderIDs = ProviderIDs(), markedAt: Int) {
        self.show = show
        self.showName = showName
        self.season = season
        self.number = number
        self.episode = episode
        self.markedAt = markedAt
    }

    /// What makes two marks the same episode: the show's identity, season and number
    /// (`tvmaze:112 1x1`); nil when the show has no id.
    public var key: String? { show.identity.map { "\($0) \(season)x\(number)" } }
}
