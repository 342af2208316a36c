import Domain

/// The marks: what the scenes, the commands and an import or export read and write. Each call
/// that changes anything is one transaction.
extension WatchedStore {
    static let columns = "provider, show_id, season, number, show_name, tvmaze_episode_id, tmdb_episode_id, marked_at, plays, played_at"
    private static let insertColumns = "provider, show_id, season, number, show_name, tvmaze_episode_id, tmdb_episode_id, marked_at"

    /// Marks episodes watched in one transaction. A new mark is kept with its plays; a mark
    /// already there keeps its first time and plays and gains any episode id it lacked; its
    /// show name becomes the newer one.
    /// - Parameter marks: the marks (any number; an empty list changes nothing).
    /// - Throws: `WatchedStoreError.unusable` (nothing of the list is saved then).
    public func add(_ marks: [WatchedMark]) throws(WatchedStoreError) {
        guard !marks.isEmpty else { return }
        try guarded {
            try database.transaction {
                // INSERT OR IGNORE then UPDATE rather than an upsert (SQLite 3.24), so that any
                // libsqlite3 the package's Depends allows runs it.
                try database.repeatedly("INSERT OR IGNORE INTO mark (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", marks.map(Self.fullRow))
                try database.repeatedly(
                    """
                    UPDATE mark SET show_name = ?5,
                        tvmaze_episode_id = coalesce(tvmaze_episode_id, ?6), tmdb_episode_id = coalesce(tmdb_episode_id, ?7)
                    WHERE provider = ?1 AND show_id = ?2 AND season = ?3 AND number = ?4
                    """, marks.map { Array(Self.row($0).prefix(7)) })
            }
        }
    }

    /// Counts one more play of each episode in one transaction: an unmarked one is marked with
    /// one play at its `markedAt`; a marked one gains a play, its `markedAt` becoming the
    /// latest play's time. The same episode twice in the list counts twice.
    /// - Parameter marks: the episodes and each play's time.
    /// - Throws: `WatchedStoreError.unusable` (nothing of the list is saved then).
    public func addPlays(_ marks: [WatchedMark]) throws(WatchedStoreError) {
        guard !marks.isEmpty else { return }
        try guarded {
            try database.transaction {
                for mark in marks {
                    let row = Self.row(mark)
                    try database.query(
                        """
                        UPDATE mark SET plays = plays + 1, played_at = ?5, show_name = ?6,
                            tvmaze_episode_id = coalesce(tvmaze_episode_id, ?7), tmdb_episode_id = coalesce(tmdb_episode_id, ?8)
                        WHERE provider = ?1 AND show_id = ?2 AND season = ?3 AND number = ?4
                        """, Array(row.prefix(4)) + [row[7], row[4], row[5], row[6]])
                    try database.query("INSERT OR IGNORE INTO mark (\(Self.insertColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row)
                }
            }
        }
    }

    /// Takes one play back from each episode in one transaction: a mark of several plays loses
    /// one (its latest play's time is forgotten when one play is left), a mark of one play is
    /// removed, an unmarked episode is skipped.
    /// - Parameter episodes: the episodes.
    /// - Throws: `WatchedStoreError.unusable` (nothing is changed then).
    public func removePlays(_ episodes: [WatchedEpisodeKey]) throws(WatchedStoreError) {
        guard !episodes.isEmpty else { return }
        try guarded {
            try database.transaction {
                for key in episodes {
                    let values = Self.keyValues(key)
                    try database.query("DELETE FROM mark WHERE provider = ? AND show_id = ? AND season = ? AND number = ? AND plays <= 1", values)
                    try database.query(
                        """
                        UPDATE mark SET plays = plays - 1, played_at = CASE WHEN plays - 1 <= 1 THEN NULL ELSE played_at END
                        WHERE provider = ? AND show_id = ? AND season = ? AND number = ?
                        """, values)
                }
            }
        }
    }

    /// Marks episodes unwatched in one transaction (an episode without a mark is skipped).
    /// - Parameter episodes: the episodes.
    /// - Throws: `WatchedStoreError.unusable` (nothing is removed then).
    public func remove(_ episodes: [WatchedEpisodeKey]) throws(WatchedStoreError) {
        guard !episodes.isEmpty else { return }
        try guarded {
            try database.transaction {
                try database.repeatedly(
                    "DELETE FROM mark WHERE provider = ? AND show_id = ? AND season = ? AND number = ?",
                    episodes.map { [.text($0.show.provider), .integer(Int64($0.show.id)), .integer(Int64($0.season)), .integer(Int64($0.number))] })
            }
        }
    }

    /// The marks of one show, by season and number.
    /// - Parameter show: the show.
    /// - Throws: `WatchedStoreError.unusable`.
    public func marks(of show: WatchedShowID) throws(WatchedStoreError) -> [WatchedMark] {
        try select("WHERE provider = ? AND show_id = ? ORDER BY season, number", [.text(show.provider), .integer(Int64(show.id))])
    }

    /// Every mark, by provider, show, season and number.
    /// - Throws: `WatchedStoreError.unusable`.
    public func allMarks() throws(WatchedStoreError) -> [WatchedMark] {
        try select("ORDER BY provider, show_id, season, number", [])
    }

    /// The shows with at least one mark, most recently marked or played first (ties by
    /// provider and id); each with a show name of its marks, its rating and its settings.
    /// - Throws: `WatchedStoreError.unusable`.
    public func startedShows() throws(WatchedStoreError) -> [WatchedShowSummary] {
        var out: [WatchedShowSummary] = []
        try guarded {
            // SQLite gives the bare column show_name from the row holding max(marked_at).
            try database.query(
                """
                SELECT m.provider, m.show_id, m.show_name, m.marks, m.last, s.rating, s.specials, s.watch_order FROM (
                    SELECT provider, show_id, show_name, count(*) AS marks, max(coalesce(played_at, marked_at)) AS last FROM mark
                    GROUP BY provider, show_id) AS m
                LEFT JOIN show_state AS s ON s.provider = m.provider AND s.show_id = m.show_id
                ORDER BY m.last DESC, m.provider, m.show_id
                """
            ) { c in
                guard c.count == 8, case .text(let provider) = c[0], case .integer(let id) = c[1],
                    case .integer(let count) = c[3], case .integer(let last) = c[4]
                else { return }
                var rating: UserRating?
                if case .integer(let value) = c[5] { rating = UserRating(Int(value)) }
                out.append(
                    WatchedShowSummary(
                        show: WatchedShowID(provider: provider, id: Int(id)), name: Self.text(c[2]), markCount: Int(count), lastMarkedAt: Int(last),
                        settings: Self.settings(c[6], c[7]), rating: rating))
            }
        }
        return out
    }

    /// Rates an episode, or clears its rating; one transaction.
    /// - Parameters:
    ///   - episode: the episode.
    ///   - showName: the show's name.
    ///   - rating: the rating, or nil to clear it.
    ///   - at: seconds since 1970-01-01 UTC.
    /// - Throws: `WatchedStoreError.unusable`.
    public func rate(_ episode: WatchedEpisodeKey, showName: String, rating: UserRating?, at: Int) throws(WatchedStoreError) {
        try guarded {
            let key = Self.keyValues(episode)
            try database.transaction {
                if let rating {
                    try database.query(
                        "INSERT OR REPLACE INTO episode_rating (provider, show_id, season, number, show_name, rating, rated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        key + [.text(showName), .integer(Int64(rating.value)), .integer(Int64(at))])
                } else {
                    try database.query("DELETE FROM episode_rating WHERE provider = ? AND show_id = ? AND season = ? AND number = ?", key)
                }
            }
        }
    }

    /// Rates episodes in one transaction (an import's ratings); a rating already there is
    /// replaced.
    /// - Parameter ratings: the ratings.
    /// - Throws: `WatchedStoreError.unusable` (none is saved then).
    public func addRatings(_ ratings: [RatedEpisode]) throws(WatchedStoreError) {
        guard !ratings.isEmpty else { return }
        try guarded {
            try database.transaction {
                try database.repeatedly(
                    "INSERT OR REPLACE INTO episode_rating (provider, show_id, season, number, show_name, rating, rated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    ratings.map { Self.keyValues($0.key) + [.text($0.showName), .integer(Int64($0.rating.value)), .integer(Int64($0.ratedAt))] })
            }
        }
    }

    /// Rates a show, or clears its rating; one transaction.
    /// - Parameters:
    ///   - show: the show.
    ///   - name: its name.
    ///   - rating: the rating, or nil to clear it.
    ///   - at: seconds since 1970-01-01 UTC.
    /// - Throws: `WatchedStoreError.unusable`.
    public func rateShow(_ show: WatchedShowID, name: String, rating: UserRating?, at: Int) throws(WatchedStoreError) {
        try changeShow(show, name: name, set: "rating = ?, rated_at = ?", rating.map { [.integer(Int64($0.value)), .integer(Int64(at))] } ?? [.null, .null])
    }

    /// Sets how a show's progress is counted; one transaction.
    /// - Parameters:
    ///   - show: the show.
    ///   - name: its name.
    ///   - settings: the settings.
    /// - Throws: `WatchedStoreError.unusable`.
    public func setSettings(_ show: WatchedShowID, name: String, settings: ShowWatchSettings) throws(WatchedStoreError) {
        try changeShow(show, name: name, set: "specials = ?, watch_order = ?", [.integer(settings.countsSpecials ? 1 : 0), .text(settings.order.rawValue)])
    }

    private func changeShow(_ show: WatchedShowID, name: String, set: String, _ values: [SQLiteValue]) throws(WatchedStoreError) {
        try guarded {
            let key: [SQLiteValue] = [.text(show.provider), .integer(Int64(show.id))]
            try database.transaction {
                try database.query("INSERT OR IGNORE INTO show_state (provider, show_id, show_name) VALUES (?, ?, ?)", key + [.text(name)])
                try database.query("UPDATE show_state SET show_name = ?, \(set) WHERE provider = ? AND show_id = ?", [.text(name)] + values + key)
                // A row that says nothing more than the defaults is not kept.
                try database.query(
                    "DELETE FROM show_state WHERE provider = ? AND show_id = ? AND rating IS NULL AND specials = 0 AND watch_order = 'aired'", key)
            }
        }
    }

    /// Everything kept of one show: marks with plays, episode ratings, rating and settings.
    /// - Parameter show: the show.
    /// - Throws: `WatchedStoreError.unusable`.
    public func record(of show: WatchedShowID) throws(WatchedStoreError) -> ShowWatchRecord {
        var record = ShowWatchRecord(marks: try marks(of: show))
        let key: [SQLiteValue] = [.text(show.provider), .integer(Int64(show.id))]
        try guarded {
            try database.query("SELECT season, number, rating FROM episode_rating WHERE provider = ? AND show_id = ?", key) { c in
                guard c.count == 3, case .integer(let season) = c[0], case .integer(let number) = c[1], case .integer(let value) = c[2],
                    let rating = UserRating(Int(value))
                else { return }
                record.episodeRatings[SeasonAndNumber(season: Int(season), number: Int(number))] = rating
            }
            try database.query("SELECT rating, specials, watch_order FROM show_state WHERE provider = ? AND show_id = ?", key) { c in
                guard c.count == 3 else { return }
                if case .integer(let value) = c[0] { record.rating = UserRating(Int(value)) }
                record.settings = Self.settings(c[1], c[2])
            }
        }
        return record
    }

    /// Every rating: the shows', by provider and id, and the episodes', by show, season and
    /// number.
    /// - Throws: `WatchedStoreError.unusable`.
    public func allRatings() throws(WatchedStoreError) -> UserRatings {
        var out = UserRatings()
        try guarded {
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
        }
        return out
    }

    /// Every show whose settings differ from the default, by provider and id.
    /// - Throws: `WatchedStoreError.unusable`.
    public func allSettings() throws(WatchedStoreError) -> [SetShow] {
        var out: [SetShow] = []
        try guarded {
            try database.query(
                "SELECT provider, show_id, show_name, specials, watch_order FROM show_state WHERE specials = 1 OR watch_order <> 'aired' ORDER BY provider, show_id"
            ) { c in
                guard c.count == 5, case .text(let provider) = c[0], case .integer(let id) = c[1] else { return }
                out.append(SetShow(show: WatchedShowID(provider: provider, id: Int(id)), name: Self.text(c[2]), settings: Self.settings(c[3], c[4])))
            }
        }
        return out
    }

    private static func settings(_ specials: SQLiteValue, _ order: SQLiteValue) -> ShowWatchSettings {
        var settings = ShowWatchSettings.standard
        if case .integer(let n) = specials { settings.countsSpecials = n != 0 }
        if case .text(let t) = order, let parsed = WatchOrder(rawValue: t) { settings.order = parsed }
        return settings
    }

    private static func text(_ value: SQLiteValue) -> String {
        if case .text(let t) = value { return t }
        return ""
    }

    static func keyValues(_ key: WatchedEpisodeKey) -> [SQLiteValue] {
        [.text(key.show.provider), .integer(Int64(key.show.id)), .integer(Int64(key.season)), .integer(Int64(key.number))]
    }

    private func select(_ tail: String, _ parameters: [SQLiteValue]) throws(WatchedStoreError) -> [WatchedMark] {
        var out: [WatchedMark] = []
        try guarded {
            try database.query("SELECT \(Self.columns) FROM mark " + tail, parameters) { c in
                if let mark = Self.mark(c) { out.append(mark) }
            }
        }
        return out
    }

    func guarded(_ body: () throws -> Void) throws(WatchedStoreError) {
        do {
            try body()
        } catch let error as SQLiteError {
            throw .unusable(path: path, reason: error.message)
        } catch {
            throw .unusable(path: path, reason: String(describing: error))
        }
    }

    static func row(_ mark: WatchedMark) -> [SQLiteValue] {
        [
            .text(mark.key.show.provider), .integer(Int64(mark.key.show.id)), .integer(Int64(mark.key.season)),
            .integer(Int64(mark.key.number)), .text(mark.showName),
            mark.tvmazeEpisodeID.map { .integer(Int64($0)) } ?? .null,
            mark.tmdbEpisodeID.map { .integer(Int64($0)) } ?? .null,
            .integer(Int64(mark.markedAt))
        ]
    }

    static func fullRow(_ mark: WatchedMark) -> [SQLiteValue] {
        row(mark) + [.integer(Int64(mark.plays)), mark.plays > 1 ? .integer(Int64(mark.lastPlayedAt)) : .null]
    }

    private static func mark(_ c: [SQLiteValue]) -> WatchedMark? {
        guard c.count == 10, case .text(let provider) = c[0], case .integer(let show) = c[1], case .integer(let season) = c[2],
            case .integer(let number) = c[3], case .integer(let at) = c[7]
        else { return nil }
        var plays = 1
        if case .integer(let n) = c[8] { plays = Int(n) }
        var playedAt: Int?
        if case .integer(let n) = c[9] { playedAt = Int(n) }
        let name: String
        if case .text(let n) = c[4] { name = n } else { name = "" }
        func optional(_ value: SQLiteValue) -> Int? {
            if case .integer(let n) = value { return Int(n) }
            return nil
        }
        return WatchedMark(
            key: WatchedEpisodeKey(show: WatchedShowID(provider: provider, id: Int(show)), season: Int(season), number: Int(number)),
            showName: name, tvmazeEpisodeID: optional(c[5]), tmdbEpisodeID: optional(c[6]), markedAt: Int(at), plays: plays,
            lastPlayedAt: playedAt)
    }
}
