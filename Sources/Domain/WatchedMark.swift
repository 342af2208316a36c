/// The show a watched mark belongs to, as one provider knows it: `TVmaze` 82 is Game of
/// Thrones on TVmaze, `TMDB` 1399 the same show on TMDB.
public struct WatchedShowID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The provider's name (`ProviderName.tvmaze` or `ProviderName.tmdb`).
    public let provider: String
    /// The provider's id for the show.
    public let id: Int

    /// Makes a show id.
    /// - Parameters:
    ///   - provider: the provider's name.
    ///   - id: the provider's id for the show.
    public init(provider: String, id: Int) {
        self.provider = provider
        self.id = id
    }

    /// `TVmaze/82`.
    public var description: String { "\(provider)/\(id)" }

    /// By provider, then id.
    public static func < (lhs: WatchedShowID, rhs: WatchedShowID) -> Bool {
        (lhs.provider, lhs.id) < (rhs.provider, rhs.id)
    }
}

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
        return WatchedMark(key: key, showName: showName,
                           tvmazeEpisodeID: show.provider == ProviderName.tvmaze ? episode.id : nil,
                           tmdbEpisodeID: show.provider == ProviderName.tmdb ? episode.id : nil,
                           markedAt: markedAt)
    }
}

/// A show with at least one watched mark, as the store lists them.
public struct WatchedShowSummary: Sendable, Hashable {
    /// The show.
    public let show: WatchedShowID
    /// Its name as last marked.
    public let name: String
    /// How many episodes are marked.
    public let markCount: Int
    /// When the latest mark was made, seconds since 1970-01-01 UTC.
    public let lastMarkedAt: Int

    /// Makes a summary.
    /// - Parameters:
    ///   - show: the show.
    ///   - name: its name.
    ///   - markCount: how many episodes are marked.
    ///   - lastMarkedAt: the latest mark's time, seconds since 1970-01-01 UTC.
    public init(show: WatchedShowID, name: String, markCount: Int, lastMarkedAt: Int) {
        self.show = show
        self.name = name
        self.markCount = markCount
        self.lastMarkedAt = lastMarkedAt
    }
}
