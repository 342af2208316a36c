import FoundationEssentials

/// JSON shapes of The Movie Database API v3 (https://developer.themoviedb.org/reference),
/// decoded leniently: a field of the wrong type reads as missing, one bad element of a list is
/// skipped, and only a show without an `id` is rejected.
enum TMDBDTO {
    /// A page of `GET /3/tv/popular?page=N`: `page` (from 1), `results`, `total_pages`,
    /// `total_results` (https://developer.themoviedb.org/reference/tv-series-popular-list).
    struct Page: Decodable {
        let page: Int?
        let results: [ListShow]
        /// How many elements of `results` were skipped as unreadable.
        let skipped: Int
        /// How many elements `results` held before any was skipped.
        let rawCount: Int
        let totalPages: Int?

        enum CodingKeys: String, CodingKey {
            case page, results
            case totalPages = "total_pages"
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            page = c.lenientInt(.page)
            // A page without `results` is not a page of shows: refuse it as a whole.
            let list = try c.decode(LossyArray<ListShow>.self, forKey: .results)
            results = list.elements
            skipped = list.skipped
            rawCount = list.elements.count + list.skipped
            totalPages = c.lenientInt(.totalPages)
        }
    }

    /// A show as listed in `/3/tv/popular` (and `top_rated`, `on_the_air`, `airing_today`,
    /// `recommendations`): `genre_ids` rather than genre names, no networks.
    struct ListShow: Decodable {
        @JSONField.ID var id: Int
        @JSONField.Text var name: String?
        @JSONField.Text var originalName: String?
        @JSONField.Text var overview: String?
        @JSONField.Text var firstAirDate: String?
        @JSONField.List var genreIDs: [Int]
        @JSONField.Number var voteAverage: Double?
        @JSONField.Integer var voteCount: Int?
        @JSONField.Number var popularity: Double?
        @JSONField.List var originCountry: [String]
        @JSONField.Text var originalLanguage: String?

        enum CodingKeys: String, CodingKey {
            case id, name, overview, popularity
            case originalName = "original_name"
            case firstAirDate = "first_air_date"
            case genreIDs = "genre_ids"
            case voteAverage = "vote_average"
            case voteCount = "vote_count"
            case originCountry = "origin_country"
            case originalLanguage = "original_language"
        }
    }

    /// `GET /3/tv/{id}?append_to_response=credits`
    /// (https://developer.themoviedb.org/reference/tv-series-details).
    struct Details: Decodable {
        let id: Int
        let name: String?
        let originalName: String?
        let overview: String?
        let firstAirDate: String?
        let lastAirDate: String?
        let status: String?
        let type: String?
        let episodeRunTime: [Int]
        let lastEpisodeRuntime: Int?
        let voteAverage: Double?
        let voteCount: Int?
        let homepage: String?
        let genres: [Named]
        let networks: [Network]
        let seasons: [Season]?
        let credits: Credits?
        let spokenLanguages: [Language]
        let originalLanguage: String?
        /// `last_episode_to_air` whole, for the latest episode.
        let lastEpisode: EpisodeRecord?
        /// `next_episode_to_air`, for the next episode (null when none is announced).
        let nextEpisode: EpisodeRecord?
        /// `poster_path`: the poster's path on TMDB's image server (`/abc.jpg`), or nil.
        let posterPath: String?

        enum CodingKeys: String, CodingKey {
            case id, name, overview, status, type, homepage, genres, networks, seasons, credits
            case posterPath = "poster_path"
            case originalName = "original_name"
            case firstAirDate = "first_air_date"
            case lastAirDate = "last_air_date"
            case episodeRunTime = "episode_run_time"
            case lastEpisodeToAir = "last_episode_to_air"
            case nextEpisodeToAir = "next_episode_to_air"
            case voteAverage = "vote_average"
            case voteCount = "vote_count"
            case spokenLanguages = "spoken_languages"
            case originalLanguage = "original_language"
        }

        /// `last_episode_to_air`, for its `runtime` when `episode_run_time` is empty (TMDB
        /// has left it empty for many shows since 2023).
        struct Episode: Decodable {
            @JSONField.Integer var runtime: Int?
            enum CodingKeys: String, CodingKey { case runtime }
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            guard let id = c.lenientInt(.id) else {
                throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "show without id"))
            }
            self.id = id
            name = c.lenientText(.name)
            originalName = c.lenientText(.originalName)
            overview = c.lenientText(.overview)
            firstAirDate = c.lenientText(.firstAirDate)
            lastAirDate = c.lenientText(.lastAirDate)
            status = c.lenientText(.status)
            type = c.lenientText(.type)
            episodeRunTime = c.lenient(LossyArray<Int>.self, .episodeRunTime)?.elements ?? []
            lastEpisodeRuntime = c.lenient(Episode.self, .lastEpisodeToAir)?.runtime
            voteAverage = c.lenientDouble(.voteAverage)
            voteCount = c.lenientInt(.voteCount)
            homepage = c.lenientText(.homepage)
            genres = c.lenient(LossyArray<Named>.self, .genres)?.elements ?? []
            networks = c.lenient(LossyArray<Network>.self, .networks)?.elements ?? []
            seasons = c.lenient(LossyArray<Season>.self, .seasons)?.elements
            credits = c.lenient(Credits.self, .credits)
            spokenLanguages = c.lenient(LossyArray<Language>.self, .spokenLanguages)?.elements ?? []
            originalLanguage = c.lenientText(.originalLanguage)
            lastEpisode = c.lenient(EpisodeRecord.self, .lastEpisodeToAir)
            nextEpisode = c.lenient(EpisodeRecord.self, .nextEpisodeToAir)
            posterPath = c.lenientText(.posterPath)
        }
    }

    /// A genre, `{id, name}`.
    struct Named: Decodable {
        @JSONField.Integer var id: Int?
        @JSONField.Text var name: String?
        enum CodingKeys: String, CodingKey { case id, name }
    }

    /// `GET /3/genre/tv/list`: `{genres: [{id, name}]}`.
    struct GenreList: Decodable {
        @JSONField.RequiredList var genres: [Named]
        enum CodingKeys: String, CodingKey { case genres }
    }

    /// A network: name and ISO 3166-1 `origin_country`.
    struct Network: Decodable {
        @JSONField.Text var name: String?
        @JSONField.Text var originCountry: String?
        enum CodingKeys: String, CodingKey {
            case name
            case originCountry = "origin_country"
        }
    }

    /// A spoken language: ISO 639-1 code and English name.
    struct Language: Decodable {
        @JSONField.Text var code: String?
        @JSONField.Text var englishName: String?
        enum CodingKeys: String, CodingKey {
            case code = "iso_639_1"
            case englishName = "english_name"
        }
    }

    /// An element of `seasons` in the details.
    struct Season: Decodable {
        @JSONField.Integer var seasonNumber: Int?
        @JSONField.Text var name: String?
        @JSONField.Integer var episodeCount: Int?
        @JSONField.Text var airDate: String?
        enum CodingKeys: String, CodingKey {
            case name
            case seasonNumber = "season_number"
            case episodeCount = "episode_count"
            case airDate = "air_date"
        }
    }

    /// `credits` appended to the details: the cast in billing order (`order`).
    struct Credits: Decodable {
        @JSONField.List var cast: [CastCredit]
        enum CodingKeys: String, CodingKey { case cast }
    }

    /// One cast credit: performer, character, billing order.
    struct CastCredit: Decodable {
        @JSONField.Integer var id: Int?
        @JSONField.Text var name: String?
        @JSONField.Text var character: String?
        @JSONField.Integer var order: Int?
        enum CodingKeys: String, CodingKey { case id, name, character, order }
    }

    /// An error body: `{status_code, status_message, success: false}`
    /// (https://developer.themoviedb.org/docs/errors).
    struct ErrorBody: Decodable {
        @JSONField.Integer var statusCode: Int?
        @JSONField.Text var statusMessage: String?
        enum CodingKeys: String, CodingKey {
            case statusCode = "status_code"
            case statusMessage = "status_message"
        }
    }
}
