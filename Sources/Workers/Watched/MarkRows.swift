import Domain

/// The SQL that adds marks (`mark`, schema version 2: `WatchedStore`), run inside the store's
/// `write` by `WatchedStore.add` and by an import's one transaction (`WatchedImport`).
enum MarkRows {
    /// The SQL of `add`, for a caller already inside a transaction (an import's): new marks
    /// kept with their plays, marks already there keeping their first time and plays, gaining
    /// any episode id they lacked and the newer show name.
    /// - Parameters:
    ///   - marks: the marks.
    ///   - database: the store's connection.
    /// - Throws: `SQLiteError`.
    static func insert(_ marks: some Collection<WatchedMark>, into database: SQLiteDatabase) throws {
        // INSERT OR IGNORE then UPDATE rather than an upsert (SQLite 3.24), so that any
        // libsqlite3 the package's Depends allows runs it.
        try database.repeatedly("INSERT OR IGNORE INTO mark (\(WatchedStore.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", marks.map(WatchedStore.fullRow))
        try database.repeatedly(
            """
            UPDATE mark SET show_name = ?5,
                tvmaze_episode_id = coalesce(tvmaze_episode_id, ?6), tmdb_episode_id = coalesce(tmdb_episode_id, ?7)
            WHERE provider = ?1 AND show_id = ?2 AND season = ?3 AND number = ?4
            """, marks.map { Array(WatchedStore.row($0).prefix(7)) })
    }
}
