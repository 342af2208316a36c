/// A season released at once: at least `minimumEpisodes` (3) regular episodes of one show and
/// one season on one day (a streaming service's drop). A list folds them into one row that opens
/// to its episodes.
public enum SeasonDrop {
    /// The fewest episodes of one show and season on one day that make a drop.
    public static let minimumEpisodes = 3

    /// What a drop is grouped by: the show, the season and the day.
    public struct Key: Sendable, Hashable {
        /// The show's id at its provider.
        public let show: Int
        /// The season's number.
        public let season: Int
        /// The day, as the list dates its rows (the viewer's day, or the schedule's).
        public let day: CalendarDate

        /// Makes a key.
        /// - Parameters: one per property.
        public init(show: Int, season: Int, day: CalendarDate) {
            self.show = show
            self.season = season
            self.day = day
        }
    }

    /// One element of a folded list.
    public enum Fold<Item: Sendable>: Sendable {
        /// An item on its own.
        case one(Item)
        /// A drop: its items, in the list's order.
        case drop([Item])
    }

    /// Folds a list: the items of a key held by at least `minimumEpisodes` items become one
    /// drop, at the place of the first of them; every other item stays where it is.
    /// - Parameters:
    ///   - items: the list, in its order.
    ///   - key: an item's key; nil for one that is never folded (a special, no day).
    /// - Returns: the folded list.
    public static func fold<Item: Sendable>(_ items: [Item], key: (Item) -> Key?) -> [Fold<Item>] {
        let keys = items.map(key)
        var groups: [Key: [Item]] = [:]
        for (item, key) in zip(items, keys) {
            if let key { groups[key, default: []].append(item) }
        }
        var emitted = Set<Key>()
        var folded: [Fold<Item>] = []
        folded.reserveCapacity(items.count)
        for (item, key) in zip(items, keys) {
            guard let key, let group = groups[key], group.count >= minimumEpisodes else {
                folded.append(.one(item))
                continue
            }
            if emitted.insert(key).inserted { folded.append(.drop(group)) }
        }
        return folded
    }

    /// The key of a schedule's entry on a day: nil for a special or an episode without a number.
    /// - Parameters:
    ///   - entry: the entry.
    ///   - day: the day the list puts it on; nil when it has none.
    public static func key(_ entry: ScheduleEntry, day: CalendarDate?) -> Key? {
        guard let day, !entry.episode.isSpecial, entry.episode.number != nil else { return nil }
        return Key(show: entry.show.id, season: entry.episode.season, day: day)
    }

    /// Whether a drop's episode numbers are its whole season: they start at 1 and, when the
    /// season's length is known, reach it.
    /// - Parameters:
    ///   - numbers: the drop's episode numbers.
    ///   - episodeOrder: the season's length, when known.
    public static func isWholeSeason(_ numbers: [Int], episodeOrder: Int?) -> Bool {
        guard numbers.min() == 1 else { return false }
        guard let episodeOrder, episodeOrder > 0 else { return true }
        return Set(numbers).count >= episodeOrder
    }
}
