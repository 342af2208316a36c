/// One episode of a show, by season and number: how marks are matched, whatever the source
/// of the episode list (episode ids differ between TVmaze and TMDB, season and number do not).
public struct WatchedEpisodeKey: Sendable, Hashable, Comparable {
    /// The show.
    public let show: WatchedShowID
    /// The season's number (1 and up).
    public let season: Int
    /// The episode's number in its season (1 and up).
    public let number: Int

    /// Makes a key.
    /// - Parameters:
    ///   - show: the show.
    ///   - season: the season's number.
    ///   - number: the episode's number in its season.
    public init(show: WatchedShowID, season: Int, number: Int) {
        self.show = show
        self.season = season
        self.number = number
    }

    /// By show, season, then number.
    public static func < (lhs: WatchedEpisodeKey, rhs: WatchedEpisodeKey) -> Bool {
        (lhs.show, lhs.season, lhs.number) < (rhs.show, rhs.season, rhs.number)
    }
}
