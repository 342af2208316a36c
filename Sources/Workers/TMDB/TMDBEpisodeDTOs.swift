import FoundationEssentials

extension TMDBDTO {
    /// An episode as `GET /3/tv/{id}/season/{n}` lists it in `episodes`, and as the details'
    /// `last_episode_to_air` / `next_episode_to_air` give it
    /// (https://developer.themoviedb.org/reference/tv-season-details): `id`, `name`,
    /// `season_number`, `episode_number`, `air_date` (`YYYY-MM-DD`), `runtime` (minutes),
    /// `vote_average` (0–10), `vote_count`, `overview` (plain text). Decoded leniently; only an
    /// episode without an `id` is rejected.
    struct EpisodeRecord: Decodable {
        let id: Int
        let name: String?
        let seasonNumber: Int?
        let episodeNumber: Int?
        let airDate: String?
        let runtime: Int?
        let voteAverage: Double?
        let voteCount: Int?
        let overview: String?

        enum CodingKeys: String, CodingKey {
            case id, name, runtime, overview
            case seasonNumber = "season_number"
            case episodeNumber = "episode_number"
            case airDate = "air_date"
            case voteAverage = "vote_average"
            case voteCount = "vote_count"
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            guard let id = c.lenientInt(.id) else {
                throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "episode without id"))
            }
            self.id = id
            name = c.lenient(String.self, .name)
            seasonNumber = c.lenientInt(.seasonNumber)
            episodeNumber = c.lenientInt(.episodeNumber)
            airDate = c.lenientText(.airDate)
            runtime = c.lenientInt(.runtime)
            voteAverage = c.lenientDouble(.voteAverage)
            voteCount = c.lenientInt(.voteCount)
            overview = c.lenientText(.overview)
        }
    }

    /// `GET /3/tv/{id}/season/{n}`: the season's number and its episodes (an answer without
    /// an `episodes` array is refused as a whole).
    struct SeasonDetails: Decodable {
        let seasonNumber: Int?
        let episodes: [EpisodeRecord]
        enum CodingKeys: String, CodingKey {
            case episodes
            case seasonNumber = "season_number"
        }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            seasonNumber = c.lenientInt(.seasonNumber)
            episodes = try c.decode(LossyArray<EpisodeRecord>.self, forKey: .episodes).elements
        }
    }

    /// The details' `seasons`, for the season numbers to ask for.
    struct SeasonNumbers: Decodable {
        let numbers: [Int]
        enum CodingKeys: String, CodingKey { case seasons }
        init(from decoder: Decoder) throws {
            let seasons = try decoder.container(keyedBy: CodingKeys.self).lenient(LossyArray<Season>.self, .seasons)?.elements ?? []
            numbers = seasons.compactMap(\.seasonNumber)
        }
    }
}
