import Domain

/// The SQL of the episodes' ratings (`episode_rating`) and the shows' ratings and settings
/// (`show_state`), schema version 2 (`WatchedStore`): each function runs inside the store's
/// `write` (one transaction, its deadline) or `guarded` (a read).
enum ShowStateRows {
    /// Rates an episode (`INSERT OR REPLACE`), or clears its rating (`rating` nil).
    /// - Parameters:
    ///   - database: the store's connection.
    ///   - key: the episode's key values (provider, show id, season, number).
    ///   - showName: the show's name.
    ///   - rating: the rating, or nil.
    ///   - at: seconds since 1970-01-01 UTC.
    /// - Throws: `SQLiteError`.
    static func rate(_ database: SQLiteDatabase, _ key: [SQLiteValue], showName: String, rating: UserRating?, at: Int) throws {
        if let rating {
            try database.query(
                "INSERT OR REPLACE INTO episode_rating (provider, show_id, season, number, show_name, rating, rated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                key + [.text(showName), .integer(Int64(rating.value)), .integer(Int64(at))])
        } else {
            try database.query("DELETE FROM episode_rating WHERE provider = ? AND show_id = ? AND season = ? AND number = ?", key)
        }
    }

    /// Rates episodes, each with its key values; a rating already there is replaced.
    /// - Throws: `SQLiteError`.
    static func add(_ database: SQLiteDatabase, _ ratings: [([SQLiteValue], RatedEpisode)]) throws {
        try database.repeatedly(
            "INSERT OR REPLACE INTO episode_rating (provider, show_id, season, number, show_name, rating, rated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            ratings.map { key, r in key + [.text(r.showName), .integer(Int64(r.rating.value)), .integer(Int64(r.ratedAt))] })
    }

    /// Sets columns of a show's row (made when missing); a row left saying no more than the
    /// defaults (no rating, specials not counted, order aired) is removed.
    /// - Parameters:
    ///   - database: the store's connection.
    ///   - show: the show.
    ///   - name: its name.
    ///   - set: the assignments, `rating = ?, rated_at = ?`.
    ///   - values: their values.
    /// - Throws: `SQLiteError`.
    static func change(_ database: SQLiteDatabase, _ show: WatchedShowID, name: String, set: String, _ values: [SQLiteValue]) throws {
        let key: [SQLiteValue] = [.text(show.provider), .integer(Int64(show.id))]
        try database.query("INSERT OR IGNORE INTO show_state (provider, show_id, show_name) VALUES (?, ?, ?)", key + [.text(name)])
        try database.query("UPDATE show_state SET show_name = ?, \(set) WHERE provider = ? AND show_id = ?", [.text(name)] + values + key)
        try database.query(
            "DELETE FROM show_state WHERE provider = ? AND show_id = ? AND rating IS NULL AND specials = 0 AND watch_order = 'aired'", key)
    }

    /// Reads a show's episode ratings, rating and settings into its record.
    /// - Throws: `SQLiteError`.
    static func read(_ database: SQLiteDatabase, _ show: WatchedShowID, into record: inout ShowWatchRecord) throws {
        let key: [SQLiteValue] = [.text(show.provider), .integer(Int64(show.id))]
        var ratings: [SeasonAndNumber: UserRating] = [:]
        var rating: UserRating?
        var settings = ShowWatchSettings.standard
        try database.query("SELECT season, number, rating FROM episode_rating WHERE provider = ? AND show_id = ?", key) { c in
            guard c.count == 3, case .integer(let season) = c[0], case .integer(let number) = c[1], case .integer(let value) = c[2],
                let parsed = UserRating(Int(value))
            else { return }
            ratings[SeasonAndNumber(season: Int(season), number: Int(number))] = parsed
        }
        try database.query("SELECT rating, specials, watch_order FROM show_state WHERE provider = ? AND show_id = ?", key) { c in
            guard c.count == 3 else { return }
            if case .integer(let value) = c[0] { rating = UserRating(Int(value)) }
            settings = Self.settings(c[1], c[2])
        }
        record.episodeRatings = ratings
        record.rating = rating
        record.settings = settings
    }

    /// Every rating, the episodes' by show, season and number, the shows' by provider and id.
    /// - Throws: `SQLiteError`.
    static func allRatings(_ database: SQLiteDatabase) throws -> UserRatings {
        var out = UserRatings()
        try database.query(
            "SELECT provider, show_id, season, number, show_name, rating, rated_at FROM episode_rating ORDER BY provider, show_id, season, number"
        ) { c in
            guard c.count == 7, case .text(let provider) = c[0], case .integer(let id) = c[1], case .integer(let season) = c[2],
                case .integer(let number) = c[3], case .integer(let value) = c[5], let rating = UserRating(Int(value)),
                case .integer(let at) = c[6]
            else { return }
            let key = WatchedEpisodeKey(show: WatchedShowID(provider: provider, id: Int(id)), season: Int(season), number: Int(number))
            out.episodes.append(RatedEpisode(key: key, showName: Self.text(c[4]), rating: rating, ratedAt: Int(at)))
        }
        try database.query(
            "SELECT provider, show_id, show_name, rating, rated_at FROM show_state WHERE rating IS NOT NULL ORDER BY provider, show_id"
        ) { c in
            guard c.count == 5, case .text(let provider) = c[0], case .integer(let id) = c[1], case .integer(let value) = c[3],
                let rating = UserRating(Int(value))
            else { return }
            var at = 0
            if case .integer(let n) = c[4] { at = Int(n) }
            out.shows.append(RatedShow(show: WatchedShowID(provider: provider, id: Int(id)), name: Self.text(c[2]), rating: rating, ratedAt: at))
        }
        return out
    }

    /// Every show whose settings differ from the default, by provider and id.
    /// - Throws: `SQLiteError`.
    static func allSettings(_ database: SQLiteDatabase) throws -> [SetShow] {
        var out: [SetShow] = []
        try database.query(
            "SELECT provider, show_id, show_name, specials, watch_order FROM show_state WHERE specials = 1 OR watch_order <> 'aired' ORDER BY provider, show_id"
        ) { c in
            guard c.count == 5, case .text(let provider) = c[0], case .integer(let id) = c[1] else { return }
            out.append(SetShow(show: WatchedShowID(provider: provider, id: Int(id)), name: Self.text(c[2]), settings: Self.settings(c[3], c[4])))
        }
        return out
    }

    /// The settings of a row's `specials` and `watch_order` columns (the default for a value
    /// that is not one of them).
    static func settings(_ specials: SQLiteValue, _ order: SQLiteValue) -> ShowWatchSettings {
        var settings = ShowWatchSettings.standard
        if case .integer(let n) = specials { settings.countsSpecials = n != 0 }
        if case .text(let t) = order, let parsed = WatchOrder(rawValue: t) { settings.order = parsed }
        return settings
    }

    /// A text column's value, or "" for any other.
    static func text(_ value: SQLiteValue) -> String {
        if case .text(let t) = value { return t }
        return ""
    }
}
