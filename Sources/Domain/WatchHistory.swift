/// Favourites and watched marks together: what a store holds, what an import adds, what an
/// export writes.
public struct WatchHistory: Sendable, Hashable {
    /// The favourite shows.
    public var favourites: [HistoryFavourite]
    /// The watched episodes.
    public var marks: [HistoryMark]

    /// Makes a history.
    /// - Parameters:
    ///   - favourites: the favourite shows.
    ///   - marks: the watched episodes.
    public init(favourites: [HistoryFavourite] = [], marks: [HistoryMark] = []) {
        self.favourites = favourites
        self.marks = marks
    }

    /// The same history in one order (favourites by identity, marks by show, season, number),
    /// so two histories with the same content compare equal and export the same bytes.
    public var normalised: WatchHistory {
        WatchHistory(
            favourites: favourites.sorted { ($0.show.identity ?? "", $0.name) < ($1.show.identity ?? "", $1.name) },
            marks: marks.sorted { ($0.show.identity ?? "", $0.season, $0.number) < ($1.show.identity ?? "", $1.season, $1.number) })
    }
}
