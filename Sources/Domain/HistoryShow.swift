/// A show's own state as a history holds it: the person's rating of the show and how its
/// progress is counted (`ShowWatchSettings`). A history lists a show here only when it has a
/// rating or settings other than `.standard`.
public struct HistoryShow: Sendable, Hashable {
    /// The show's ids.
    public var show: ProviderIDs
    /// The show's name.
    public var name: String
    /// The person's rating of the show, 1–10, or nil.
    public var rating: Int?
    /// When it was rated, seconds since 1970-01-01 UTC; nil when not rated.
    public var ratedAt: Int?
    /// How its progress is counted.
    public var settings: ShowWatchSettings

    /// Makes a show's state.
    /// - Parameters:
    ///   - show: the show's ids.
    ///   - name: its name.
    ///   - rating: the rating, 1–10, or nil.
    ///   - ratedAt: when it was rated (ignored without a rating).
    ///   - settings: how its progress is counted.
    public init(show: ProviderIDs, name: String, rating: Int? = nil, ratedAt: Int? = nil, settings: ShowWatchSettings = .standard) {
        self.show = show
        self.name = name
        self.rating = rating
        self.ratedAt = rating == nil ? nil : ratedAt
        self.settings = settings
    }

    /// True when it says nothing beyond the defaults (no rating, standard settings).
    public var isEmpty: Bool { rating == nil && settings == .standard }
}
