import FoundationEssentials

/// SeriesGuide's backup items as the schema summary gives them, read leniently.
enum SeriesGuideDTO {
    /// An episode of a season.
    struct Episode: Decodable {
        @JSONField.Integer var tmdbID: Int?
        @JSONField.Integer var tvdbID: Int?
        @JSONField.Integer var episode: Int?
        @JSONField.Text var title: String?
        @JSONField.Flag var watched: Bool
        @JSONField.Integer var plays: Int?
        @JSONField.Flag var skipped: Bool
        @JSONField.Integer var ratingUser: Int?

        enum CodingKeys: String, CodingKey {
            case tmdbID = "tmdb_id", tvdbID = "tvdb_id", episode, title, watched, plays, skipped, ratingUser = "rating_user"
        }
    }

    /// A season of a show (0 for specials).
    struct Season: Decodable {
        @JSONField.Integer var season: Int?
        @JSONField.List var episodes: [Episode]

        enum CodingKeys: String, CodingKey { case season, episodes }
    }

    /// A top-level item: a show, a list or a movie, told apart by their keys.
    struct Item: Decodable {
        @JSONField.Integer var tmdbID: Int?
        @JSONField.Integer var tvdbID: Int?
        @JSONField.Text var imdbID: String?
        @JSONField.Text var title: String?
        @JSONField.Flag var favorite: Bool
        @JSONField.Integer var ratingUser: Int?
        @JSONField.Integer var lastWatchedMs: Int?
        @JSONField.List var seasons: [Season]
        @JSONField.Text var listID: String?
        @JSONField.OptionalList var items: [ListItem]?
        @JSONField.Integer var releasedMs: Int?
        @JSONField.Integer var runtimeMinutes: Int?
        @JSONField.Value var inWatchlist: Bool?

        enum CodingKeys: String, CodingKey {
            case tmdbID = "tmdb_id", tvdbID = "tvdb_id", imdbID = "imdb_id", title, favorite, ratingUser = "rating_user"
            case lastWatchedMs = "last_watched_ms", seasons, listID = "list_id", items, releasedMs = "released_utc_ms"
            case runtimeMinutes = "runtime_min", inWatchlist = "in_watchlist"
        }
    }

    /// A list's item (only counted).
    struct ListItem: Decodable {
        @JSONField.Text var type: String?

        enum CodingKeys: String, CodingKey { case type }
    }
}
