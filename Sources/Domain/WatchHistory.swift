/// Favourites, watched marks, ratings and per-show settings together: what a store holds,
/// what an import adds, what an export writes.
public struct WatchHistory: Sendable, Hashable {
    /// The favourite shows.
    public var favourites: [HistoryFavourite]
    /// The watched episodes, each with its plays and its rating, if any.
    public var marks: [HistoryMark]
    /// The shows with a rating of their own or settings other than the default.
    public var shows: [HistoryShow]
    /// The episodes rated but not watched.
    public var rated: [HistoryRating]

    /// Makes a history.
    /// - Parameters:
    ///   - favourites: the favourite shows.
    ///   - marks: the watched episodes.
    ///   - shows: the shows' ratings and settings.
    ///   - rated: the episodes rated but not watched.
    public init(favourites: [HistoryFavourite] = [], marks: [HistoryMark] = [], shows: [HistoryShow] = [], rated: [HistoryRating] = []) {
        self.favourites = favourites
        self.marks = marks
        self.shows = shows
        self.rated = rated
    }

    /// The same history in one order (favourites and shows by identity, marks and ratings by
    /// show, season, number), so two histories with the same content compare equal and export
    /// the same bytes.
    public var normalised: WatchHistory {
        WatchHistory(
            favourites: favourites.sorted { ($0.show.identity ?? "", $0.name) < ($1.show.identity ?? "", $1.name) },
            marks: marks.sorted { ($0.show.identity ?? "", $0.season, $0.number) < ($1.show.identity ?? "", $1.season, $1.number) },
            shows: shows.sorted { ($0.show.identity ?? "", $0.name) < ($1.show.identity ?? "", $1.name) },
            rated: rated.sorted { ($0.show.identity ?? "", $0.season, $0.number) < ($1.show.identity ?? "", $1.season, $1.number) })
    }
}
