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
