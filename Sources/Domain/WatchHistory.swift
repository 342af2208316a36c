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
        // The identities (a few hundred shows) are sorted once and each given its rank, so that
        // the marks (an export sorts 20,000) compare as whole numbers.
        var identities = Set<String>()
        for ids in favourites.map(\.show) + marks.map(\.show) + shows.map(\.show) + rated.map(\.show) { identities.insert(ids.identity ?? "") }
        let rank = Dictionary(uniqueKeysWithValues: identities.sorted().enumerated().map { ($1, $0) })
        func order(_ ids: ProviderIDs) -> Int { rank[ids.identity ?? ""] ?? 0 }
        // The positions are sorted, not the items (large values): one copy of each item.
        func sorted<Item, Key: Comparable>(_ items: [Item], by key: (Item) -> Key) -> [Item] {
            let keys = items.map(key)
            return keys.indices.sorted { keys[$0] < keys[$1] }.map { items[$0] }
        }
        return WatchHistory(
            favourites: sorted(favourites) { Pair(first: order($0.show), second: $0.name) },
            marks: sorted(marks) { Triple(show: order($0.show), season: $0.season, number: $0.number) },
            shows: sorted(shows) { Pair(first: order($0.show), second: $0.name) },
            rated: sorted(rated) { Triple(show: order($0.show), season: $0.season, number: $0.number) })
    }

    /// A show's rank and a name, compared in that order.
    private struct Pair: Comparable {
        let first: Int
        let second: String
        static func < (lhs: Pair, rhs: Pair) -> Bool { (lhs.first, lhs.second) < (rhs.first, rhs.second) }
    }

    /// A show's rank, a season and a number, compared in that order.
    private struct Triple: Comparable {
        let show: Int
        let season: Int
        let number: Int
        static func < (lhs: Triple, rhs: Triple) -> Bool { (lhs.show, lhs.season, lhs.number) < (rhs.show, rhs.season, rhs.number) }
    }
}
