/// Every row of the store's three tables, as read: what a store holds, to be written into
/// another (the file made again, the in-memory store).
struct WatchedRows {
    /// Each table and its columns, in the order rows are read and written.
    private static let tables: [(name: String, columns: String)] = [
        ("mark", "provider, show_id, season, number, show_name, tvmaze_episode_id, tmdb_episode_id, marked_at, plays, played_at"),
        ("episode_rating", "provider, show_id, season, number, show_name, rating, rated_at"),
        ("show_state", "provider, show_id, show_name, rating, rated_at, specials, watch_order")
    ]
    private var rows: [[[SQLiteValue]]] = []

    /// No rows.
    init() {}

    /// Reads every row of a schema-2 database.
    /// - Throws: `SQLiteError`.
    init(of database: SQLiteDatabase) throws {
        for table in Self.tables {
            var read: [[SQLiteValue]] = []
            try database.query("SELECT \(table.columns) FROM \(table.name)") { read.append($0) }
            rows.append(read)
        }
    }

    /// Writes the rows (call inside a transaction); a row whose key the database has already
    /// is left as the database has it.
    /// - Throws: `SQLiteError`.
    func restore(into database: SQLiteDatabase) throws {
        for (table, read) in zip(Self.tables, rows) where !read.isEmpty {
            let marks = Array(repeating: "?", count: read[0].count).joined(separator: ", ")
            try database.repeatedly("INSERT OR IGNORE INTO \(table.name) (\(table.columns)) VALUES (\(marks))", read)
        }
    }

    /// `3 marks, 2 ratings and 1 show setting`.
    var summary: String {
        func counted(_ n: Int, _ one: String) -> String { n == 1 ? "1 \(one)" : "\(n) \(one)s" }
        let marks = rows.first?.count ?? 0
        let shows = rows.count > 2 ? rows[2] : []
        let ratings = (rows.count > 1 ? rows[1].count : 0) + shows.filter { $0.count > 3 && $0[3] != .null }.count
        let settings = shows.filter { $0.count > 6 && ($0[5] != .integer(0) || $0[6] != .text("aired")) }.count
        return "\(counted(marks, "mark")), \(counted(ratings, "rating")) and \(counted(settings, "show setting"))"
    }
}
