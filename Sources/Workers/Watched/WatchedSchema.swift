import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The watched store's schema (`WatchedStore` documents its tables): making it in an empty
/// database, and moving a version-1 file to version 2 after a copy of it is kept.
enum WatchedSchema {
    /// Copies a version-1 database to `PATH.v1`: `VACUUM INTO` a temporary file (a consistent
    /// snapshot), that file synced, then renamed over any earlier copy and the folder synced.
    /// - Throws: `SQLiteError` or `StorageError`; the database is not changed then.
    static func keepVersionOneCopy(_ database: SQLiteDatabase, path: String) throws {
        let copy = path + WatchedStore.versionOneCopySuffix
        let temporary = copy + ".partial"
        if unlink(temporary) != 0 && errno != ENOENT { throw StorageError.fromErrno(path: temporary) }
        try database.query("VACUUM INTO ?", [.text(temporary)])
        let fd = Glibc.open(temporary, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw StorageError.fromErrno(path: temporary) }
        let synced = fsync(fd) == 0
        Glibc.close(fd)
        guard synced else { throw StorageError.fromErrno(path: temporary) }
        guard rename(temporary, copy) == 0 else { throw StorageError.fromErrno(path: copy) }
        let folder = Glibc.open(FilePaths.parent(of: path), O_RDONLY | O_DIRECTORY)
        if folder >= 0 {
            _ = fsync(folder)
            Glibc.close(folder)
        }
    }

    /// Moves a version-1 schema to version 2 (call inside a transaction): plays on the marks,
    /// the episodes' ratings and the shows' ratings and settings.
    static func upgradeToVersionTwo(_ database: SQLiteDatabase) throws(SQLiteError) {
        try database.execute(
            """
            ALTER TABLE mark ADD COLUMN plays INTEGER NOT NULL DEFAULT 1 CHECK (plays >= 1);
            ALTER TABLE mark ADD COLUMN played_at INTEGER;
            CREATE TABLE IF NOT EXISTS episode_rating (
                provider TEXT NOT NULL,
                show_id INTEGER NOT NULL,
                season INTEGER NOT NULL CHECK (season >= 0),
                number INTEGER NOT NULL CHECK (number >= 0),
                show_name TEXT NOT NULL,
                rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 10),
                rated_at INTEGER NOT NULL,
                PRIMARY KEY (provider, show_id, season, number)
            );
            CREATE TABLE IF NOT EXISTS show_state (
                provider TEXT NOT NULL,
                show_id INTEGER NOT NULL,
                show_name TEXT NOT NULL,
                rating INTEGER CHECK (rating IS NULL OR rating BETWEEN 1 AND 10),
                rated_at INTEGER,
                specials INTEGER NOT NULL DEFAULT 0 CHECK (specials IN (0, 1)),
                watch_order TEXT NOT NULL DEFAULT 'aired' CHECK (watch_order IN ('aired', 'any')),
                PRIMARY KEY (provider, show_id)
            );
            PRAGMA user_version = 2;
            """)
    }

    /// Makes the whole schema in an empty database: version 1's, then version 2's changes.
    static func makeSchema(_ database: SQLiteDatabase) throws(SQLiteError) {
        try makeVersionOneSchema(database)
        try upgradeToVersionTwo(database)
    }

    /// The version-1 schema (the release before ratings and plays); tests make old files with it.
    static func makeVersionOneSchema(_ database: SQLiteDatabase) throws(SQLiteError) {
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS mark (
                provider TEXT NOT NULL,
                show_id INTEGER NOT NULL,
                season INTEGER NOT NULL CHECK (season >= 0),
                number INTEGER NOT NULL CHECK (number >= 0),
                show_name TEXT NOT NULL,
                tvmaze_episode_id INTEGER,
                tmdb_episode_id INTEGER,
                marked_at INTEGER NOT NULL,
                PRIMARY KEY (provider, show_id, season, number)
            );
            CREATE INDEX IF NOT EXISTS mark_by_time ON mark (marked_at);
            PRAGMA application_id = \(WatchedStore.applicationID);
            PRAGMA user_version = 1;
            """)
    }
}
