import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The mirror of TVmaze's show index: `mirror.sqlite3` in the app's data folder
/// (`$XDG_DATA_HOME/discover-tui`), written by `discover-tui mirror` and read by every list,
/// search and command before the built-in snapshot (DECISIONS.md, "The mirror").
///
/// Schema (`PRAGMA user_version` 1, `PRAGMA application_id` 0x44697376, "Disv"):
///
///     shows(id INTEGER PRIMARY KEY, name TEXT, type, language, status,
///           genres (joined by U+001F), runtime INTEGER (minutes),
///           premiered, ended INTEGER (day numbers, `CivilDays`), site,
///           schedule ('HH:MM' then the days, joined by U+001F),
///           rating INTEGER (tenths, 0–100), weight INTEGER,
///           channel INTEGER (an id of `channels`),
///           updated INTEGER (TVmaze's last change, Unix seconds))
///     channels(id INTEGER PRIMARY KEY, text TEXT UNIQUE)          -- 'n' a network or 'w' a web
///           channel, name, country, code, zone, joined by U+001F: each once
///     summaries(id INTEGER PRIMARY KEY, packed BLOB)              -- the synopsis, `MirrorSynopsis`
///     INDEX shows_rank ON shows(weight DESC, rating DESC)         -- the first page at once
///     episode_lists(show_id INTEGER PRIMARY KEY, packed BLOB, fetched_at INTEGER)
///           -- `/shows/ID/episodes` of the favourite and started shows, packed as a synopsis
///     pages(page INTEGER PRIMARY KEY, shows INTEGER, at INTEGER)  -- index pages done
///     facts(key TEXT PRIMARY KEY, value INTEGER)                   -- dates, in Unix seconds
///
/// Each index page is written in one transaction with its row of `pages`, so a run stopped at
/// any point keeps every page done and none in part; a show is one row by id, so a page asked
/// twice leaves each show once. Every write is checked (a failure throws `MirrorStoreError`).
/// Not thread safe: one thread at a time.
public final class MirrorStore {
    /// The file's name in the data folder.
    public static let fileName = "mirror.sqlite3"
    /// The schema version this release reads and writes.
    static let schemaVersion: Int64 = 1
    /// Discover's `PRAGMA application_id` ("Disv").
    static let applicationID: Int64 = 0x4469_7376

    /// The facts kept: when the index walk began, when it ended, and when the updates were last asked.
    enum Fact: String {
        case indexStartedAt = "index_started_at", indexDoneAt = "index_done_at", refreshedAt = "refreshed_at"
    }

    /// The file's path.
    public let path: String
    private let database: SQLiteDatabase

    /// Opens the mirror, making the file and its tables when `writable` and missing.
    /// - Parameters:
    ///   - path: the file's path.
    ///   - writable: true to write (the `mirror` command), false to read (lists and searches).
    /// - Throws: `MirrorStoreError.missing` when a file to read is not there; `.notMirror` for
    ///   another program's database or a newer schema; `.sqlite` when SQLite cannot open or set it up.
    public init(path: String, writable: Bool) throws(MirrorStoreError) {
        self.path = path
        if !writable && access(path, F_OK) != 0 { throw .missing(path: path) }
        do {
            database = try SQLiteDatabase(
                path: path, mode: writable ? .readWrite(create: true) : .readOnly(immutable: false), busyMilliseconds: 5_000)
        } catch {
            throw MirrorStoreError.sqlite(path: path, error)
        }
        do {
            let version = try database.integer("PRAGMA user_version")
            let application = try database.integer("PRAGMA application_id")
            if version > Self.schemaVersion || (application != 0 && application != Self.applicationID) || (version == 0 && !writable) {
                throw MirrorStoreError.notMirror(path: path)
            }
            if writable && version == 0 { try makeTables() }
            if writable {
                try database.execute(
                    "CREATE TABLE IF NOT EXISTS episode_lists(show_id INTEGER PRIMARY KEY, packed BLOB NOT NULL, fetched_at INTEGER NOT NULL)")
            }
        } catch let error as MirrorStoreError {
            throw error
        } catch let error as SQLiteError {
            throw MirrorStoreError.sqlite(path: path, error)
        } catch {
            throw MirrorStoreError.sqlite(path: path, SQLiteError(code: 1, message: "unreadable"))
        }
    }

    private func makeTables() throws {
        try database.execute("PRAGMA journal_mode=WAL")
        try database.transaction {
            try database.execute(
                """
                CREATE TABLE IF NOT EXISTS shows(id INTEGER PRIMARY KEY, name TEXT NOT NULL, type TEXT, language TEXT,
                  genres TEXT, status TEXT, runtime INTEGER, premiered INTEGER, ended INTEGER, site TEXT, schedule TEXT,
                  rating INTEGER, weight INTEGER, channel INTEGER, updated INTEGER);
                CREATE TABLE IF NOT EXISTS channels(id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE);
                CREATE TABLE IF NOT EXISTS summaries(id INTEGER PRIMARY KEY, packed BLOB NOT NULL);
                CREATE INDEX IF NOT EXISTS shows_rank ON shows(weight DESC, rating DESC);
                CREATE TABLE IF NOT EXISTS pages(page INTEGER PRIMARY KEY, shows INTEGER NOT NULL, at INTEGER NOT NULL);
                CREATE TABLE IF NOT EXISTS facts(key TEXT PRIMARY KEY, value INTEGER NOT NULL);
                PRAGMA application_id = \(Self.applicationID);
                PRAGMA user_version = \(Self.schemaVersion);
                """)
        }
    }

    /// Runs a write, turning SQLite's failure into `MirrorStoreError`.
    private func writing<T>(_ body: () throws -> T) throws(MirrorStoreError) -> T {
        do {
            return try database.transaction(body)
        } catch let error as SQLiteError {
            throw MirrorStoreError.sqlite(path: path, error)
        } catch {
            throw MirrorStoreError.sqlite(path: path, SQLiteError(code: 1, message: "write failed"))
        }
    }

    /// Runs a read, turning SQLite's failure into `MirrorStoreError`.
    private func reading<T>(_ body: () throws -> T) throws(MirrorStoreError) -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw MirrorStoreError.sqlite(path: path, error)
        } catch {
            throw MirrorStoreError.sqlite(path: path, SQLiteError(code: 1, message: "read failed"))
        }
    }

    /// Writes one index page's shows and marks the page done, in one transaction.
    /// - Parameters:
    ///   - page: the page's number, from 0.
    ///   - shows: its shows, each with its synopsis as TVmaze's HTML (nil for none).
    ///   - now: the time, Unix seconds.
    /// - Throws: `MirrorStoreError.unusable` when the write fails (nothing of the page is kept).
    public func writePage(_ page: Int, shows: [MirrorShow], now: Int) throws(MirrorStoreError) {
        try writing {
            try MirrorRows.upsert(shows, into: database)
            try database.query("INSERT OR REPLACE INTO pages(page, shows, at) VALUES (?, ?, ?)", [.integer(Int64(page)), .integer(Int64(shows.count)), .integer(Int64(now))])
        }
    }

    /// Writes changed shows and takes away shows TVmaze no longer has, in one transaction.
    /// - Parameters:
    ///   - shows: the changed shows.
    ///   - removed: ids TVmaze answered 404 for.
    /// - Throws: `MirrorStoreError.unusable` when the write fails.
    public func writeChanges(_ shows: [MirrorShow], removed: [Int]) throws(MirrorStoreError) {
        try writing {
            try MirrorRows.upsert(shows, into: database)
            try database.repeatedly("DELETE FROM shows WHERE id = ?", removed.map { [.integer(Int64($0))] })
            try database.repeatedly("DELETE FROM summaries WHERE id = ?", removed.map { [.integer(Int64($0))] })
        }
    }

    /// The pages done, in rising order.
    /// - Throws: `MirrorStoreError.unusable` when it cannot be read.
    public func pagesDone() throws(MirrorStoreError) -> [Int] {
        try reading {
            var pages: [Int] = []
            try database.scan("SELECT page FROM pages ORDER BY page") { row in if let n = row.integer(0) { pages.append(Int(n)) } }
            return pages
        }
    }

    /// Forgets the pages done, so that the next run walks the whole index again (the shows are kept
    /// and replaced as their pages come).
    /// - Throws: `MirrorStoreError.unusable` when the write fails.
    public func startIndexAgain(now: Int) throws(MirrorStoreError) {
        try writing {
            try database.execute("DELETE FROM pages; DELETE FROM facts WHERE key = '\(Fact.indexDoneAt.rawValue)'")
            try setFact(.indexStartedAt, now)
        }
    }

    /// A fact's value, or nil when not set.
    /// - Throws: `MirrorStoreError.unusable` when it cannot be read.
    func fact(_ fact: Fact) throws(MirrorStoreError) -> Int? {
        try reading {
            var value: Int?
            try database.scan("SELECT value FROM facts WHERE key = ?", [.text(fact.rawValue)]) { row in value = row.integer(0).map(Int.init) }
            return value
        }
    }

    private func setFact(_ fact: Fact, _ value: Int) throws {
        try database.query("INSERT OR REPLACE INTO facts(key, value) VALUES (?, ?)", [.text(fact.rawValue), .integer(Int64(value))])
    }

    /// Sets a fact, in its own transaction.
    /// - Throws: `MirrorStoreError.unusable` when the write fails.
    func write(_ fact: Fact, _ value: Int) throws(MirrorStoreError) {
        try writing { try setFact(fact, value) }
    }

    /// When the index walk began (Unix seconds), or nil before the first page.
    /// - Throws: `MirrorStoreError.unusable` when it cannot be read.
    public func indexStartedAt() throws(MirrorStoreError) -> Int? { try fact(.indexStartedAt) }

    /// When the mirror was last whole and fresh (Unix seconds): the last refresh, else the start
    /// of the finished index walk; nil while the first walk is under way.
    /// - Throws: `MirrorStoreError.unusable` when it cannot be read.
    public func freshAt() throws(MirrorStoreError) -> Int? {
        guard try fact(.indexDoneAt) != nil else { return nil }
        if let refreshed = try fact(.refreshedAt) { return refreshed }
        return try fact(.indexStartedAt)
    }

    /// How many shows the mirror holds.
    /// - Throws: `MirrorStoreError.unusable` when it cannot be read.
    public func count() throws(MirrorStoreError) -> Int {
        try reading { Int(try database.integer("SELECT count(*) FROM shows")) }
    }

    /// Each show's last change (TVmaze's `updated`), by id.
    /// - Throws: `MirrorStoreError.unusable` when it cannot be read.
    public func updatedByID() throws(MirrorStoreError) -> [Int: Int] {
        try reading {
            var out: [Int: Int] = [:]
            try database.scan("SELECT id, updated FROM shows") { row in
                if let id = row.integer(0) { out[Int(id)] = row.integer(1).map(Int.init) ?? 0 }
            }
            return out
        }
    }

    /// Every show as rows of one table, in id order (synopses left out: `summaryHTML(of:)`),
    /// then the given shows the mirror lacks, in their order.
    /// - Parameter others: shows to add when their ids are not mirrored (the built-in snapshot's).
    /// - Throws: `MirrorStoreError.unusable` when it cannot be read.
    public func table(adding others: [TVShow] = []) throws(MirrorStoreError) -> ShowTable {
        try reading { try MirrorRows.table(from: database, adding: others) }
    }

    /// The shows that can be among the first `size` in popularity order (`TVShow.ranksAbove`:
    /// weight, then rating, then name): every show whose weight and rating reach the
    /// `size`-th's (ties included), read through `shows_rank`; nil when the mirror holds fewer
    /// than `size` shows or the `size`-th has no weight.
    /// - Throws: `MirrorStoreError.unusable` when it cannot be read.
    public func firstPageCandidates(size: Int) throws(MirrorStoreError) -> [TVShow]? {
        try reading {
            var threshold: (weight: Int64, rating: Int64?)?
            try database.scan("SELECT weight, rating FROM shows ORDER BY weight DESC, rating DESC LIMIT 1 OFFSET ?", [.integer(Int64(max(0, size - 1)))]) {
                row in
                if let weight = row.integer(0) { threshold = (weight, row.integer(1)) }
            }
            guard let threshold else { return nil }
            let rating = threshold.rating.map { " AND rating >= \($0)" } ?? ""
            return try MirrorRows.table(from: database, adding: [], where: "weight > \(threshold.weight) OR (weight = \(threshold.weight)\(rating))").shows
        }
    }

    /// Which of the given ids the mirror holds.
    /// - Throws: `MirrorStoreError.unusable` when it cannot be read.
    public func mirrored(_ ids: [Int]) throws(MirrorStoreError) -> Set<Int> {
        try reading {
            var found = Set<Int>()
            guard !ids.isEmpty else { return found }
            try database.scan("SELECT id FROM shows WHERE id IN (\(ids.map(String.init).joined(separator: ",")))") { row in
                if let id = row.integer(0) { found.insert(Int(id)) }
            }
            return found
        }
    }

    /// Keeps a show's episode list: TVmaze's `/shows/ID/episodes` answer as sent.
    /// - Parameters:
    ///   - showID: TVmaze's id of the show.
    ///   - json: the answer's text.
    ///   - now: the time, Unix seconds.
    /// - Throws: `MirrorStoreError.unusable` when the write fails.
    public func writeEpisodeList(showID: Int, json: String, now: Int) throws(MirrorStoreError) {
        try writing {
            try database.query(
                "INSERT OR REPLACE INTO episode_lists(show_id, packed, fetched_at) VALUES (?, ?, ?)",
                [.integer(Int64(showID)), .blob(MirrorSynopsis.pack(json)), .integer(Int64(now))])
        }
    }

    /// A show's kept episode list (TVmaze's answer) and when it was fetched (Unix seconds), or nil
    /// when none is kept (or the file keeps no lists).
    public func episodeList(showID: Int) -> (json: String, fetchedAt: Int)? {
        var found: (String, Int)?
        try? database.scan("SELECT packed, fetched_at FROM episode_lists WHERE show_id = ?", [.integer(Int64(showID))]) { row in
            if let json = row.blob(0).flatMap(MirrorSynopsis.unpack), let at = row.integer(1) { found = (json, Int(at)) }
        }
        return found
    }

    /// A show's name, or nil when it is not mirrored.
    /// - Throws: `MirrorStoreError.unusable` when it cannot be read.
    public func name(of id: Int) throws(MirrorStoreError) -> String? {
        try reading {
            var name: String?
            try database.scan("SELECT name FROM shows WHERE id = ?", [.integer(Int64(id))]) { row in name = row.text(0) }
            return name
        }
    }

    /// A show's synopsis as TVmaze's HTML, or nil when it has none or is not mirrored.
    /// - Throws: `MirrorStoreError.unusable` when it cannot be read.
    public func summaryHTML(of id: Int) throws(MirrorStoreError) -> String? {
        try reading {
            var html: String?
            try database.scan("SELECT packed FROM summaries WHERE id = ?", [.integer(Int64(id))]) { row in html = row.blob(0).flatMap(MirrorSynopsis.unpack) }
            return html
        }
    }
}
