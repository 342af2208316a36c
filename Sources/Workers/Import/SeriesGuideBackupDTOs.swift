import FoundationEssentials

/// The backup's shapes as written (keys as SeriesGuide names them; nil values left out).
enum SeriesGuideBackupDTO {
    /// An episode: its number, `tvdb_id` 0 (matched by number), TMDB id when known.
    struct Episode: Encodable {
        let episode: Int
        let tvdbID: Int
        let tmdbID: Int?
        let watched: Bool
        let plays: Int?
        let ratingUser: Int

        enum CodingKeys: String, CodingKey {
            case episode, tvdbID = "tvdb_id", tmdbID = "tmdb_id", watched, plays, ratingUser = "rating_user"
        }
    }

    /// A season (0 for specials).
    struct Season: Encodable {
        let season: Int
        let tvdbID: Int
        let episodes: [Episode]

        enum CodingKeys: String, CodingKey { case season, tvdbID = "tvdb_id", episodes }
    }

    /// A show.
    struct Show: Encodable {
        let tmdbID: Int?
        let tvdbID: Int?
        let imdbID: String?
        let title: String
        let favorite: Bool
        let ratingUser: Int
        let lastWatchedMs: Int?
        let seasons: [Season]

        enum CodingKeys: String, CodingKey {
            case tmdbID = "tmdb_id", tvdbID = "tvdb_id", imdbID = "imdb_id", title, favorite, ratingUser = "rating_user"
            case lastWatchedMs = "last_watched_ms", seasons
        }
    }
}
