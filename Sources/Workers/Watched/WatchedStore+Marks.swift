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
    /// - Throws: `WatchedStoreError` (nothing of the list is saved then).
    public func add(_ marks: [WatchedMark]) throws(WatchedStoreError) {
        guard !marks.isEmpty else { return }
        try write { try MarkRows.insert(marks, into: database) }
    }

    /// Counts one more play of each episode in one transaction: an unmarked one is marked with
    /// one play at its `markedAt`; a marked one gains a play, its `markedAt` becoming the
    /// latest play's time. The same episode twice in the list counts twice.
    /// - Parameter marks: the episodes and each play's time.
    /// - Throws: `WatchedStoreError` (nothing of the list is saved then).
    public func addPlays(_ marks: [WatchedMark]) throws(WatchedStoreError) {
        guard !marks.isEmpty else { return }
        try write {
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

    /// Takes one play back from each episode in one transaction: a mark of several plays loses
    /// one (its latest play's time is forgotten when one play is left), a mark of one play is
    /// removed, an unmarked episode is skipped.
    /// - Parameter episodes: the episodes.
    /// - Throws: `WatchedStoreError` (nothing is changed then).
    public func removePlays(_ episodes: [WatchedEpisodeKey]) throws(WatchedStoreError) {
        guard !episodes.isEmpty else { return }
        try write {
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

    /// Marks episodes unwatched in one transaction (an episode without a mark is skipped).
    /// - Parameter episodes: the episodes.
    /// - Throws: `WatchedStoreError` (nothing is removed then).
    public func remove(_ episodes: [WatchedEpisodeKey]) throws(WatchedStoreError) {
        guard !episodes.isEmpty else { return }
        try write {
            try database.repeatedly(
                "DELETE FROM mark WHERE provider = ? AND show_id = ? AND season = ? AND number = ?",
                episodes.map { [.text($0.show.provider), .integer(Int64($0.show.id)), .integer(Int64($0.season)), .integer(Int64($0.number))] })
        }
    }

    /// The marks of one show, by season and number.
    /// - Parameter show: the show.
    /// - Throws: `WatchedStoreError`.
    public func marks(of show: WatchedShowID) throws(WatchedStoreError) -> [WatchedMark] {
        try select("WHERE provider = ? AND show_id = ? ORDER BY season, number", [.text(show.provider), .integer(Int64(show.id))])
    }

    /// Every mark, by provider, show, season and number.
    /// - Throws: `WatchedStoreError`.
    public func allMarks() throws(WatchedStoreError) -> [WatchedMark] {
        try select("ORDER BY provider, show_id, season, number", [])
    }

    /// Every mark for counting plays, by provider, show, season and number: keys, times and
    /// plays only (`CountingMarks`: empty show names, nil episode ids), a lighter read than
    /// `allMarks()`.
    /// - Throws: `WatchedStoreError`.
    public func marksForCounting() throws(WatchedStoreError) -> [WatchedMark] {
        var out: [WatchedMark] = []
        try guarded { out = try CountingMarks.read(database) }
        return out
    }

    /// What the store holds now (`WatchedStamp`): the connection, its changed rows and
    /// `PRAGMA data_version`.
    /// - Throws: `WatchedStoreError`.
    public func stamp() throws(WatchedStoreError) -> WatchedStamp {
        var version: Int64 = 0
        try guarded { version = try database.integer("PRAGMA data_version") }
        return WatchedStamp(connection: database.serial, changes: database.totalChanges, dataVersion: version)
    }

    /// The shows with at least one mark, most recently marked or played first (ties by
    /// provider and id); each with a show name of its marks, its rating and its settings.
    /// - Throws: `WatchedStoreError`.
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
                        show: WatchedShowID(provider: provider, id: Int(id)), name: ShowStateRows.text(c[2]), markCount: Int(count), lastMarkedAt: Int(last),
                        settings: ShowStateRows.settings(c[6], c[7]), rating: rating))
            }
        }
        return out
    }

    /// Rates an episode, or clears its rating; one transaction (`ShowStateRows.rate`).
    /// - Parameters:
    ///   - episode: the episode.
    ///   - showName: the show's name.
    ///   - rating: the rating, or nil to clear it.
    ///   - at: seconds since 1970-01-01 UTC.
    /// - Throws: `WatchedStoreError`.
    public func rate(_ episode: WatchedEpisodeKey, showName: String, rating: UserRating?, at: Int) throws(WatchedStoreError) {
        try write { try ShowStateRows.rate(database, Self.keyValues(episode), showName: showName, rating: rating, at: at) }
    }

    /// Rates episodes in one transaction (an import's ratings); a rating already there is
    /// replaced.
    /// - Parameter ratings: the ratings.
    /// - Throws: `WatchedStoreError` (none is saved then).
    public func addRatings(_ ratings: [RatedEpisode]) throws(WatchedStoreError) {
        guard !ratings.isEmpty else { return }
        try write { try ShowStateRows.add(database, ratings.map { (Self.keyValues($0.key), $0) }) }
    }

    /// Rates a show, or clears its rating; one transaction.
    /// - Parameters:
    ///   - show: the show.
    ///   - name: its name.
    ///   - rating: the rating, or nil to clear it.
    ///   - at: seconds since 1970-01-01 UTC.
    /// - Throws: `WatchedStoreError`.
    public func rateShow(_ show: WatchedShowID, name: String, rating: UserRating?, at: Int) throws(WatchedStoreError) {
        let values: [SQLiteValue] = rating.map { [.integer(Int64($0.value)), .integer(Int64(at))] } ?? [.null, .null]
        try write { try ShowStateRows.change(database, show, name: name, set: "rating = ?, rated_at = ?", values) }
    }

    /// Sets how a show's progress is counted; one transaction.
    /// - Parameters:
    ///   - show: the show.
    ///   - name: its name.
    ///   - settings: the settings.
    /// - Throws: `WatchedStoreError`.
    public func setSettings(_ show: WatchedShowID, name: String, settings: ShowWatchSettings) throws(WatchedStoreError) {
        let values: [SQLiteValue] = [.integer(settings.countsSpecials ? 1 : 0), .text(settings.order.rawValue)]
        try write { try ShowStateRows.change(database, show, name: name, set: "specials = ?, watch_order = ?", values) }
    }

    /// Everything kept of one show: marks with plays, episode ratings, rating and settings.
    /// - Parameter show: the show.
    /// - Throws: `WatchedStoreError`.
    public func record(of show: WatchedShowID) throws(WatchedStoreError) -> ShowWatchRecord {
        var record = ShowWatchRecord(marks: try marks(of: show))
        try guarded { try ShowStateRows.read(database, show, into: &record) }
        return record
    }

    /// Every rating: the shows', by provider and id, and the episodes', by show, season and
    /// number.
    /// - Throws: `WatchedStoreError`.
    public func allRatings() throws(WatchedStoreError) -> UserRatings {
        var out = UserRatings()
        try guarded { out = try ShowStateRows.allRatings(database) }
        return out
    }

    /// Every show whose settings differ from the default, by provider and id.
    /// - Throws: `WatchedStoreError`.
    public func allSettings() throws(WatchedStoreError) -> [SetShow] {
        var out: [SetShow] = []
        try guarded { out = try ShowStateRows.allSettings(database) }
        return out
    }

    static func keyValues(_ key: WatchedEpisodeKey) -> [SQLiteValue] {
        [.text(key.show.provider), .integer(Int64(key.show.id)), .integer(Int64(key.season)), .integer(Int64(key.number))]
    }

    private func select(_ tail: String, _ parameters: [SQLiteValue]) throws(WatchedStoreError) -> [WatchedMark] {
        var out: [WatchedMark] = []
        try guarded {
            try database.scan("SELECT \(Self.columns) FROM mark " + tail, parameters) { row in
                if let mark = Self.mark(row) { out.append(mark) }
            }
        }
        return out
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

    /// A mark of a row of `columns`; nil when a key column or the time is not an integer.
    private static func mark(_ row: SQLiteRow) -> WatchedMark? {
        guard row.count == 10, let provider = row.text(0), let show = row.integer(1), let season = row.integer(2),
            let number = row.integer(3), let at = row.integer(7)
        else { return nil }
        return WatchedMark(
            key: WatchedEpisodeKey(show: WatchedShowID(provider: provider, id: Int(show)), season: Int(season), number: Int(number)),
            showName: row.text(4) ?? "", tvmazeEpisodeID: row.integer(5).map { Int($0) }, tmdbEpisodeID: row.integer(6).map { Int($0) },
            markedAt: Int(at), plays: row.integer(8).map { Int($0) } ?? 1, lastPlayedAt: row.integer(9).map { Int($0) })
    }
}
