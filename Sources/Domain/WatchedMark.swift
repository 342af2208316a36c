/// An episode marked watched: which show and episode (season, number and the providers' own
/// episode ids where known) and when it was marked.
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

    /// Makes a mark.
    /// - Parameters:
    ///   - key: the show, season and number.
    ///   - showName: the show's name.
    ///   - tvmazeEpisodeID: TVmaze's id of the episode, when known.
    ///   - tmdbEpisodeID: TMDB's id of the episode, when known.
    ///   - markedAt: when it was marked, seconds since 1970-01-01 UTC.
    public init(key: WatchedEpisodeKey, showName: String, tvmazeEpisodeID: Int? = nil, tmdbEpisodeID: Int? = nil, markedAt: Int) {
        self.key = key
        self.showName = showName
        self.tvmazeEpisodeID = tvmazeEpisodeID
        self.tmdbEpisodeID = tmdbEpisodeID
        self.markedAt = markedAt
    }

    /// A mark of an episode of a show's list, with the episode's id under the show's provider.
    /// - Parameters:
    ///   - episode: the episode (a regular one, with a number).
    ///   - show: the show.
    ///   - showName: the show's name.
    ///   - markedAt: when, seconds since 1970-01-01 UTC.
    /// - Returns: the mark, or nil for a special (no number).
    public static func of(_ episode: Episode, show: WatchedShowID, showName: String, markedAt: Int) -> WatchedMark? {
        guard let number = episode.number, !episode.isSpecial else { return nil }
        let key = WatchedEpisodeKey(show: show, season: episode.season, number: number)
        return WatchedMark(
            key: key, showName: showName,
            tvmazeEpisodeID: show.provider == ProviderName.tvmaze.name ? episode.id : nil,
            tmdbEpisodeID: show.provider == ProviderName.tmdb.name ? episode.id : nil,
            markedAt: markedAt)
    }
}
