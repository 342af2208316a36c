import FoundationEssentials

/// JSON shapes of Trakt's API v2 answers (https://trakt.docs.apiary.io) and of the files of its
/// export, which hold the same shapes: `watched/shows` items (a show with seasons → episodes,
/// each with `plays` and `last_watched_at`), `sync/history` items (`watched_at`, `type`, a show
/// and an episode or a movie) and `sync/ratings` items (`rated_at`, `rating`, `type`).
enum TraktDTO {
    /// Ids of a show, an episode or a movie.
    struct IDs: Decodable {
        let trakt: Int?
        let tvdb: Int?
        let imdb: String?
        let tmdb: Int?

        enum CodingKeys: String, CodingKey { case trakt, tvdb, imdb, tmdb }
    }

    /// A show or a movie.
    struct Title: Decodable {
        let title: String?
        let year: Int?
        let ids: IDs?
    }

    /// An episode of a history or ratings item.
    struct Episode: Decodable {
        let season: Int?
        let number: Int?
        let title: String?
        let ids: IDs?
    }

    /// An episode of a `watched/shows` season.
    struct WatchedEpisode: Decodable {
        let number: Int?
        let plays: Int?
        let lastWatchedAt: String?

        enum CodingKeys: String, CodingKey {
            case number, plays
            case lastWatchedAt = "last_watched_at"
        }
    }

    /// A `watched/shows` season.
    struct Season: Decodable {
        let number: Int?
        let episodes: [WatchedEpisode]?
    }

    /// Any of the three items; which fields are present says which it is.
    struct Item: Decodable {
        let type: String?
        let show: Title?
        let episode: Episode?
        /// A season item's season (the watchlist's, a season's rating).
        let season: Episode?
        let movie: Title?
        let seasons: [Season]?
        let watchedAt: String?
        let lastWatchedAt: String?
        let ratedAt: String?
        let listedAt: String?
        let rating: Int?
        let plays: Int?

        enum CodingKeys: String, CodingKey {
            case type, show, episode, season, movie, seasons, rating, plays
            case watchedAt = "watched_at", lastWatchedAt = "last_watched_at", ratedAt = "rated_at", listedAt = "listed_at"
        }
    }

    /// One element of the top-level array: the item, or why it could not be read.
    struct Slot: Decodable {
        let item: Result<Item, any Error>

        // More than its fields: an item that cannot be read is kept as its error, so that the
        // import can say which item of the file it was instead of failing the array as a whole.
        init(from decoder: Decoder) throws {
            do {
                item = .success(try Item(from: decoder))
            } catch {
                item = .failure(error)
            }
        }
    }
}
