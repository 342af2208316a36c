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
