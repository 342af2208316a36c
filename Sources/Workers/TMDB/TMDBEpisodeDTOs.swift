import FoundationEssentials

extension TMDBDTO {
    /// An episode as `GET /3/tv/{id}/season/{n}` lists it in `episodes`, and as the details'
    /// `last_episode_to_air` / `next_episode_to_air` give it
    /// (https://developer.themoviedb.org/reference/tv-season-details): `id`, `name`,
    /// `season_number`, `episode_number`, `air_date` (`YYYY-MM-DD`), `runtime` (minutes),
    /// `vote_average` (0–10), `vote_count`, `overview` (plain text), `episode_type`
    /// (`standard`, `finale`, `mid_season`; where TMDB sets it). Decoded leniently; only an
    /// episode without an `id` is rejected.
    struct EpisodeRecord: Decodable {
        @JSONField.ID var id: Int
        @JSONField.Value var name: String?
        @JSONField.Integer var seasonNumber: Int?
        @JSONField.Integer var episodeNumber: Int?
        @JSONField.Text var airDate: String?
        @JSONField.Integer var runtime: Int?
        @JSONField.Number var voteAverage: Double?
        @JSONField.Integer var voteCount: Int?
        @JSONField.Text var overview: String?
        @JSONField.Text var episodeType: String?

        enum CodingKeys: String, CodingKey {
            case id, name, runtime, overview
            case episodeType = "episode_type"
            case seasonNumber = "season_number"
            case episodeNumber = "episode_number"
            case airDate = "air_date"
            case voteAverage = "vote_average"
            case voteCount = "vote_count"
        }
    }

    /// `GET /3/tv/{id}/season/{n}`: the season's number and its episodes (an answer without
    /// an `episodes` array is refused as a whole).
    struct SeasonDetails: Decodable {
        @JSONField.Integer var seasonNumber: Int?
        @JSONField.RequiredList var episodes: [EpisodeRecord]
        enum CodingKeys: String, CodingKey {
            case episodes
            case seasonNumber = "season_number"
        }
    }

    /// The details' `seasons`, for the season numbers to ask for.
    struct SeasonNumbers: Decodable {
        @JSONField.List private var seasons: [Season]
        /// The seasons' numbers, in the details' order.
        var numbers: [Int] { seasons.compactMap(\.seasonNumber) }
    }
}
