import Domain

/// The marks: what the scenes, the commands and an import or export read and write. Each call
/// that changes anything is one transaction.
extension WatchedStore {
    private static let columns = "provider, show_id, season, number, show_name, tvmaze_episode_id, tmdb_episode_id, marked_at"

    /// Marks episodes watched in one transaction. A mark already there keeps its first time
    /// and gains any episode id it lacked; its show name becomes the newer one.
    /// - Parameter marks: the marks (any number; an empty list changes nothing).
    /// - Throws: `WatchedStoreError.unusable` (nothing of the list is saved then).
    public func add(_ marks: [WatchedMark]) throws(WatchedStoreError) {
        guard !marks.isEmpty else { return }
        try guarded {
            try database.transaction {
                // INSERT OR IGNORE then UPDATE rather than an upsert (SQLite 3.24), so that any
                // libsqlite3 the package's Depends allows runs it.
                try database.repeatedly("INSERT OR IGNORE INTO mark (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", marks.map(Self.row))
                try database.repeatedly(
                    """
                    UPDATE mark SET show_name = ?5,
                        tvmaze_episode_id = coalesce(tvmaze_episode_id, ?6), tmdb_episode_id = coalesce(tmdb_episode_id, ?7)
                    WHERE provider = ?1 AND show_id = ?2 AND season = ?3 AND number = ?4
                    """, marks.map { Array(Self.row($0).prefix(7)) })
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

    /// The shows with at least one mark, most recently marked first (ties by provider and id);
    /// each with its latest mark's show name.
    /// - Throws: `WatchedStoreError.unusable`.
    public func startedShows() throws(WatchedStoreError) -> [WatchedShowSummary] {
        var out: [WatchedShowSummary] = []
        try guarded {
            // SQLite gives the bare column show_name from the row holding max(marked_at).
            try database.query(
                """
                SELECT provider, show_id, show_name, count(*), max(marked_at) FROM mark
                GROUP BY provider, show_id ORDER BY max(marked_at) DESC, provider, show_id
                """
            ) { c in
                guard c.count == 5, case .text(let provider) = c[0], case .integer(let id) = c[1],
                    case .integer(let count) = c[3], case .integer(let last) = c[4]
                else { return }
                let name: String
                if case .text(let n) = c[2] { name = n } else { name = "" }
                out.append(WatchedShowSummary(show: WatchedShowID(provider: provider, id: Int(id)), name: name, markCount: Int(count), lastMarkedAt: Int(last)))
            }
        }
        return out
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

    private func guarded(_ body: () throws -> Void) throws(WatchedStoreError) {
        do {
            try body()
        } catch let error as SQLiteError {
            throw .unusable(path: path, reason: error.message)
        } catch {
            throw .unusable(path: path, reason: String(describing: error))
        }
    }

    private static func row(_ mark: WatchedMark) -> [SQLiteValue] {
        [
            .text(mark.key.show.provider), .integer(Int64(mark.key.show.id)), .integer(Int64(mark.key.season)),
            .integer(Int64(mark.key.number)), .text(mark.showName),
            mark.tvmazeEpisodeID.map { .integer(Int64($0)) } ?? .null,
            mark.tmdbEpisodeID.map { .integer(Int64($0)) } ?? .null,
            .integer(Int64(mark.markedAt))
        ]
    }

    private static func mark(_ c: [SQLiteValue]) -> WatchedMark? {
        guard c.count == 8, case .text(let provider) = c[0], case .integer(let show) = c[1], case .integer(let season) = c[2],
            case .integer(let number) = c[3], case .integer(let at) = c[7]
        else { return nil }
        let name: String
        if case .text(let n) = c[4] { name = n } else { name = "" }
        func optional(_ value: SQLiteValue) -> Int? {
            if case .integer(let n) = value { return Int(n) }
            return nil
        }
        return WatchedMark(
            key: WatchedEpisodeKey(show: WatchedShowID(provider: provider, id: Int(show)), season: Int(season), number: Int(number)),
            showName: name, tvmazeEpisodeID: optional(c[5]), tmdbEpisodeID: optional(c[6]), markedAt: Int(at))
    }
}
