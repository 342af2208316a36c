import FoundationEssentials

extension TMDBDTO {
    /// `GET /3/person/{id}` (https://developer.themoviedb.org/reference/person-details).
    struct Person: Decodable {
        @JSONField.ID var id: Int
        @JSONField.Text var name: String?
        @JSONField.Text var birthday: String?
        @JSONField.Text var deathday: String?
        /// 0 not set, 1 female, 2 male, 3 non-binary.
        @JSONField.Integer var gender: Int?
        @JSONField.Text var placeOfBirth: String?
        /// The photo's path on TMDB's image server (`/abc.jpg`), or nil.
        @JSONField.Text var profilePath: String?
        enum CodingKeys: String, CodingKey {
            case id, name, birthday, deathday, gender
            case placeOfBirth = "place_of_birth"
            case profilePath = "profile_path"
        }
    }

    /// `GET /3/person/{id}/tv_credits`: the parts (`cast`) and the jobs (`crew`), apart.
    struct TVCredits: Decodable {
        @JSONField.List var cast: [TVCredit]
        @JSONField.List var crew: [TVCredit]
        enum CodingKeys: String, CodingKey { case cast, crew }
    }

    /// One TV credit: the show as listed (`ListShow`'s members), with `character` (cast) or
    /// `job` (crew) and `episode_count`.
    struct TVCredit: Decodable {
        let show: ListShow
        let character: String?
        let job: String?
        let episodeCount: Int?
        enum CodingKeys: String, CodingKey {
            case character, job
            case episodeCount = "episode_count"
        }
        // More than its fields: the show is the credit object itself, read whole as a
        // `ListShow` from the same decoder, with the credit's own keys beside it.
        init(from decoder: Decoder) throws {
            show = try ListShow(from: decoder)
            let c = try decoder.container(keyedBy: CodingKeys.self)
            character = c.lenientText(.character)
            job = c.lenientText(.job)
            episodeCount = c.lenientInt(.episodeCount)
        }
    }

    /// `GET /3/search/person?query=`: the hits' ids and names, best first.
    struct PersonSearch: Decodable {
        struct Hit: Decodable {
            @JSONField.Integer var id: Int?
            @JSONField.Text var name: String?
            enum CodingKeys: String, CodingKey { case id, name }
        }
        @JSONField.RequiredList var results: [Hit]
        enum CodingKeys: String, CodingKey { case results }
    }
}
