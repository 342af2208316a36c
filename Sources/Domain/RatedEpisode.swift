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

/// A person's rating of a whole show.
public struct RatedShow: Sendable, Hashable {
    /// The show.
    public let show: WatchedShowID
    /// Its name when rated.
    public let name: String
    /// The rating.
    public let rating: UserRating
    /// When it was rated, seconds since 1970-01-01 UTC.
    public let ratedAt: Int

    /// Makes one.
    /// - Parameters:
    ///   - show: the show.
    ///   - name: its name.
    ///   - rating: the rating.
    ///   - ratedAt: seconds since 1970-01-01 UTC.
    public init(show: WatchedShowID, name: String, rating: UserRating, ratedAt: Int) {
        self.show = show
        self.name = name
        self.rating = rating
        self.ratedAt = ratedAt
    }
}

/// A show's settings as the store keeps them, with the name it was last seen under.
public struct SetShow: Sendable, Hashable {
    /// The show.
    public let show: WatchedShowID
    /// Its name.
    public let name: String
    /// Its settings.
    public let settings: ShowWatchSettings

    /// Makes one.
    /// - Parameters:
    ///   - show: the show.
    ///   - name: its name.
    ///   - settings: its settings.
    public init(show: WatchedShowID, name: String, settings: ShowWatchSettings) {
        self.show = show
        self.name = name
        self.settings = settings
    }
}

/// Everything the store holds of one show: its marks (with plays), its episodes' ratings, its
/// own rating and its settings.
public struct ShowWatchRecord: Sendable, Hashable {
    /// The marks, by season and number.
    public var marks: [WatchedMark]
    /// The episodes' ratings, by season and number.
    public var episodeRatings: [SeasonAndNumber: UserRating]
    /// The show's own rating, or nil.
    public var rating: UserRating?
    /// How its progress is counted.
    public var settings: ShowWatchSettings

    /// Makes a record.
    /// - Parameters: one per property.
    public init(
        marks: [WatchedMark] = [], episodeRatings: [SeasonAndNumber: UserRating] = [:], rating: UserRating? = nil,
        settings: ShowWatchSettings = .standard
    ) {
        self.marks = marks
        self.episodeRatings = episodeRatings
        self.rating = rating
        self.settings = settings
    }

    /// The plays of each marked episode, by season and number (1 and up).
    public var plays: [SeasonAndNumber: Int] {
        Dictionary(marks.map { (SeasonAndNumber(season: $0.key.season, number: $0.key.number), $0.plays) }, uniquingKeysWith: max)
    }
}

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
