import Domain

/// An import's additions to a `WatchedStore`, all in one transaction: marks with their plays,
/// episodes' ratings, shows' ratings and settings.
public enum WatchedImport {
    /// What an import gives one show: a rating, settings, or both.
    public struct ShowAddition: Sendable, Hashable {
        /// The show.
        public let show: WatchedShowID
        /// Its name.
        public let name: String
        /// Its rating, or nil to leave it.
        public let rating: UserRating?
        /// When it was rated, seconds since 1970-01-01 UTC.
        public let ratedAt: Int
        /// Its settings, or nil to leave them.
        public let settings: ShowWatchSettings?

        /// Makes one.
        /// - Parameters: one per property.
        public init(show: WatchedShowID, name: String, rating: UserRating?, ratedAt: Int, settings: ShowWatchSettings?) {
            self.show = show
            self.name = name
            self.rating = rating
            self.ratedAt = ratedAt
            self.settings = settings
        }
    }

    /// How many marks' values are made at a time.
    static let chunk = 10_000

    /// Adds marks (a mark already there keeps its first time and plays, as `WatchedStore.add`),
    /// episodes' ratings (replacing any) and shows' ratings and settings, in one transaction.
    /// - Parameters:
    ///   - store: the store.
    ///   - marks: the marks, each with its plays.
    ///   - ratings: the episodes' ratings.
    ///   - shows: what each show gains.
    /// - Throws: `WatchedStoreError` (nothing is saved then).
    public static func add(to store: WatchedStore, marks: [WatchedMark], ratings: [RatedEpisode], shows: [ShowAddition]) throws(WatchedStoreError) {
        guard !marks.isEmpty || !ratings.isEmpty || !shows.isEmpty else { return }
        let database = store.database
        // `write`: one transaction within the store's deadline, refused on a read-only file,
        // made on the file the path names now.
        try store.write {
            // The rows' values made 10,000 marks at a time, within the one transaction: a large
            // import's values are never all held at once.
            for start in stride(from: 0, to: marks.count, by: chunk) {
                try MarkRows.insert(marks[start..<min(start + chunk, marks.count)], into: database)
            }
            try ShowStateRows.add(database, ratings.map { (WatchedStore.keyValues($0.key), $0) })
            for change in shows {
                var set: [String] = []
                var values: [SQLiteValue] = []
                if let rating = change.rating {
                    set.append("rating = ?, rated_at = ?")
                    values += [.integer(Int64(rating.value)), .integer(Int64(change.ratedAt))]
                }
                if let settings = change.settings {
                    set.append("specials = ?, watch_order = ?")
                    values += [.integer(settings.countsSpecials ? 1 : 0), .text(settings.order.rawValue)]
                }
                guard !set.isEmpty else { continue }
                try ShowStateRows.change(database, change.show, name: change.name, set: set.joined(separator: ", "), values)
            }
        }
    }
}
