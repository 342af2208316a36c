/// An episode marked watched: which show and episode (season, number and the providers' own
/// episode ids where known), when it was first marked, and how many times it was watched
/// (plays: 2 and more for rewatches) with the latest play's time.
public struct WatchedMark: Sendable, Hashable {
    /// The show, season and number.
    public let key: WatchedEpisodeKey
    /// The show's name when it was marked (for lists made without the network).
    public let showName: String
    /// TVmaze's id of the episode, when known.
    public let tvmazeEpisodeID: Int?
    /// TMDB's id of the episode, when known.
    public let tmdbEpisodeID: Int?
    /// When it was marked, in seconds since 1970-01-01 UTC.
    public let markedAt: Int
    /// How many times it was watched, 1 and up.
    public let plays: Int
    /// When it was last watched (the latest play), seconds since 1970-01-01 UTC; `markedAt`
    /// for a single play.
    public let lastPlayedAt: Int

    /// Makes a mark.
    /// - Parameters:
    ///   - key: the show, season and number.
    ///   - showName: the show's name.
    ///   - tvmazeEpisodeID: TVmaze's id of the episode, when known.
    ///   - tmdbEpisodeID: TMDB's id of the episode, when known.
    ///   - markedAt: when it was marked, seconds since 1970-01-01 UTC.
    ///   - plays: how many times it was watched (values below 1 count as 1).
    ///   - lastPlayedAt: the latest play's time, seconds since 1970-01-01 UTC (default `markedAt`).
    public init(
        key: WatchedEpisodeKey, showName: String, tvmazeEpisodeID: Int? = nil, tmdbEpisodeID: Int? = nil, markedAt: Int, plays: Int = 1,
        lastPlayedAt: Int? = nil
    ) {
        self.key = key
        self.showName = showName
        self.tvmazeEpisodeID = tvmazeEpisodeID
        self.tmdbEpisodeID = tmdbEpisodeID
        self.markedAt = markedAt
        self.plays = max(1, plays)
        self.lastPlayedAt = lastPlayedAt ?? markedAt
    }

    /// A mark of an episode of a show's list, with the episode's id under the show's provider.
    /// - Parameters:
    ///   - episode: the episode (a regular one, with a number).
    ///   - show: the show.
    ///   - showName: the show's name.
    ///   - markedAt: when, seconds since 1970-01-01 UTC.
    ///   - list: the show's episode list, for a special's key (`ShowEpisodes.markKey`); without
    ///     it a special gives nil.
    /// - Returns: the mark, or nil for an episode without a key.
    public static func of(_ episode: Episode, show: WatchedShowID, showName: String, markedAt: Int, in list: ShowEpisodes? = nil) -> WatchedMark? {
        let place: SeasonAndNumber?
        if let list {
            place = list.markKey(of: episode)
        } else {
            place = episode.isSpecial ? nil : episode.number.map { SeasonAndNumber(season: episode.season, number: $0) }
        }
        guard let place else { return nil }
        let key = WatchedEpisodeKey(show: show, season: place.season, number: place.number)
        return WatchedMark(
            key: key, showName: showName,
            tvmazeEpisodeID: show.provider == ProviderName.tvmaze.name ? episode.id : nil,
            tmdbEpisodeID: show.provider == ProviderName.tmdb.name ? episode.id : nil,
            markedAt: markedAt)
    }
}
