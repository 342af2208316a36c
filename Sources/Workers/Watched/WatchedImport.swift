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

    /// Adds marks (a mark already there keeps its first time and plays, as `WatchedStore.add`),
    /// episodes' ratings (replacing any) and shows' ratings and settings, in one transaction.
    /// - Parameters:
    ///   - store: the store.
    ///   - marks: the marks, each with its plays.
    ///   - ratings: the episodes' ratings.
    ///   - shows: what each show gains.
    /// - Throws: `WatchedStoreError` (nothing is saved then).
    /// How many marks' values are made at a time.
    static let chunk = 10_000

    public static func add(to store: WatchedStore, marks: [WatchedMark], ratings: [RatedEpisode], shows: [ShowAddition]) throws(WatchedStoreError) {
        guard !marks.isEmpty || !ratings.isEmpty || !shows.isEmpty else { return }
        let database = store.database
        // `write`: one transaction within the store's deadline, refused on a read-only file,
        // made on the file the path names now.
        try store.write {
            do {
                // The rows' values made 10,000 marks at a time, within the one transaction: a large
                // import's values are never all held at once.
                for start in stride(from: 0, to: marks.count, by: chunk) {
                    let part = marks[start..<min(start + chunk, marks.count)]
                    try database.repeatedly("INSERT OR IGNORE INTO mark (\(WatchedStore.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", part.map(WatchedStore.fullRow))
                    try database.repeatedly(
                        """
                        UPDATE mark SET show_name = ?5,
                            tvmaze_episode_id = coalesce(tvmaze_episode_id, ?6), tmdb_episode_id = coalesce(tmdb_episode_id, ?7)
                        WHERE provider = ?1 AND show_id = ?2 AND season = ?3 AND number = ?4
                        """, part.map { Array(WatchedStore.row($0).prefix(7)) })
                }
                try database.repeatedly(
                    "INSERT OR REPLACE INTO episode_rating (provider, show_id, season, number, show_name, rating, rated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    ratings.map { WatchedStore.keyValues($0.key) + [.text($0.showName), .integer(Int64($0.rating.value)), .integer(Int64($0.ratedAt))] })
                for change in shows where change.rating != nil || change.settings != nil {
                    let key: [SQLiteValue] = [.text(change.show.provider), .integer(Int64(change.show.id))]
                    try database.query("INSERT OR IGNORE INTO show_state (provider, show_id, show_name) VALUES (?, ?, ?)", key + [.text(change.name)])
                    try database.query("UPDATE show_state SET show_name = ? WHERE provider = ? AND show_id = ?", [.text(change.name)] + key)
                    if let rating = change.rating {
                        try database.query(
                            "UPDATE show_state SET rating = ?, rated_at = ? WHERE provider = ? AND show_id = ?",
                            [.integer(Int64(rating.value)), .integer(Int64(change.ratedAt))] + key)
                    }
                    if let settings = change.settings {
                        try database.query(
                            "UPDATE show_state SET specials = ?, watch_order = ? WHERE provider = ? AND show_id = ?",
                            [.integer(settings.countsSpecials ? 1 : 0), .text(settings.order.rawValue)] + key)
                    }
                    try database.query(
                        "DELETE FROM show_state WHERE provider = ? AND show_id = ? AND rating IS NULL AND specials = 0 AND watch_order = 'aired'", key)
                }
            }
        }
    }
}
