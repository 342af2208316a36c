import FoundationEssentials

extension TMDBDTO {
    /// `GET /3/person/{id}` (https://developer.themoviedb.org/reference/person-details).
    struct Person: Decodable {
        let id: Int
        let name: String?
        let birthday: String?
        let deathday: String?
        /// 0 not set, 1 female, 2 male, 3 non-binary.
        let gender: Int?
        let placeOfBirth: String?
        enum CodingKeys: String, CodingKey {
            case id, name, birthday, deathday, gender
            case placeOfBirth = "place_of_birth"
        }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            guard let id = c.lenientInt(.id) else {
                throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "person without id"))
            }
            self.id = id
            name = c.lenientText(.name)
            birthday = c.lenientText(.birthday)
            deathday = c.lenientText(.deathday)
            gender = c.lenientInt(.gender)
            placeOfBirth = c.lenientText(.placeOfBirth)
        }
    }

    /// `GET /3/person/{id}/tv_credits`: the parts (`cast`) and the jobs (`crew`), apart.
    struct TVCredits: Decodable {
        let cast: [TVCredit]
        let crew: [TVCredit]
        enum CodingKeys: String, CodingKey { case cast, crew }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            cast = c.lenient(LossyArray<TVCredit>.self, .cast)?.elements ?? []
            crew = c.lenient(LossyArray<TVCredit>.self, .crew)?.elements ?? []
        }
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
            let id: Int?
            let name: String?
            enum CodingKeys: String, CodingKey { case id, name }
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                id = c.lenientInt(.id)
                name = c.lenientText(.name)
            }
        }
        let results: [Hit]
        enum CodingKeys: String, CodingKey { case results }
        init(from decoder: Decoder) throws {
            results = try decoder.container(keyedBy: CodingKeys.self).decode(LossyArray<Hit>.self, forKey: .results).elements
        }
    }
}
