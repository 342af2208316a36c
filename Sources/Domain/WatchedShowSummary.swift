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
    /// How its progress is counted.
    public let settings: ShowWatchSettings
    /// The person's rating of the show, or nil.
    public let rating: UserRating?

    /// Makes a summary.
    /// - Parameters:
    ///   - show: the show.
    ///   - name: its name.
    ///   - markCount: how many episodes are marked.
    ///   - lastMarkedAt: the latest mark's (or play's) time, seconds since 1970-01-01 UTC.
    ///   - settings: how its progress is counted.
    ///   - rating: the person's rating of the show.
    public init(
        show: WatchedShowID, name: String, markCount: Int, lastMarkedAt: Int, settings: ShowWatchSettings = .standard, rating: UserRating? = nil
    ) {
        self.settings = settings
        self.rating = rating
        self.show = show
        self.name = name
        self.markCount = markCount
        self.lastMarkedAt = lastMarkedAt
    }
}
