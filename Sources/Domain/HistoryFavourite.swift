/// A favourite show as a history holds it: its ids, its name, the person's rating if any and
/// when it was added.
public struct HistoryFavourite: Sendable, Hashable {
    /// The show's ids.
    public var show: ProviderIDs
    /// The show's name as the source gave it.
    public var name: String
    /// The person's rating, 1–10, where the source had one.
    public var rating: Int?
    /// When it was added, in whole seconds since 1970-01-01 00:00 UTC.
    public var addedAt: Int

    /// Makes a favourite.
    /// - Parameters:
    ///   - show: the show's ids.
    ///   - name: the show's name.
    ///   - rating: the rating, 1–10, or nil.
    ///   - addedAt: seconds since 1970-01-01 UTC.
    public init(show: ProviderIDs, name: String, rating: Int? = nil, addedAt: Int) {
        self.show = show
        self.name = name
        self.rating = rating
        self.addedAt = addedAt
    }
}
