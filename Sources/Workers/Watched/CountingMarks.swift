import Domain

/// The store's read of every mark for counting plays (`WatchedStore.marksForCounting()`): the
/// keys, the times and the plays only, read in the table's order (no lookup through the primary
/// key's index per row, no show names or episode ids) and put in key order here when they are
/// not in it already.
enum CountingMarks {
    /// Reads every mark of a store's database.
    /// - Parameter database: the open store (schema 2: `plays`, `played_at`).
    /// - Returns: the marks by provider, show, season and number, with empty show names and nil
    ///   episode ids; a row whose key or time is not an integer is left out.
    /// - Throws: `SQLiteError`.
    static func read(_ database: SQLiteDatabase) throws -> [WatchedMark] {
        var out: [WatchedMark] = []
        var sorted = true
        try database.scan("SELECT provider, show_id, season, number, marked_at, plays, played_at FROM mark") { row in
            guard row.count == 7, let provider = row.text(0), let show = row.integer(1), let season = row.integer(2),
                let number = row.integer(3), let at = row.integer(4)
            else { return }
            let mark = WatchedMark(
                key: WatchedEpisodeKey(show: WatchedShowID(provider: provider, id: Int(show)), season: Int(season), number: Int(number)),
                showName: "", tvmazeEpisodeID: nil, tmdbEpisodeID: nil, markedAt: Int(at), plays: row.integer(5).map { Int($0) } ?? 1,
                lastPlayedAt: row.integer(6).map { Int($0) })
            if sorted, let previous = out.last, !(previous.key < mark.key) { sorted = false }
            out.append(mark)
        }
        if !sorted { out.sort { $0.key < $1.key } }
        return out
    }
}
