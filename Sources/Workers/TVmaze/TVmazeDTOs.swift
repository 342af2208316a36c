import FoundationEssentials

/// JSON shapes of the TVmaze API (https://www.tvmaze.com/api), decoded leniently: a field of
/// the wrong type reads as missing, and only a show without an `id` is rejected.
enum TVmazeDTO {
    /// A show, as in `/shows?page=N`, `/shows/{id}` and the `show` of `/schedule` entries.
    struct Show: Decodable {
        let id: Int
        let name: String?
        let type: String?
        let language: String?
        let genres: [String]
        let status: String?
        let runtime: Int?
        let averageRuntime: Int?
        let premiered: String?
        let ended: String?
        let officialSite: String?
        let schedule: Schedule?
        let rating: Double?
        let weight: Int?
        let network: Channel?
        let webChannel: Channel?
        let summary: String?
        let updated: Int?
        let embedded: Embedded?

        enum CodingKeys: String, CodingKey {
            case id, name, type, language, genres, status, runtime, averageRuntime, premiered, ended
            case officialSite, schedule, rating, weight, network, webChannel, summary, updated
            case embedded = "_embedded"
        }

        struct Rating: Decodable {
            let average: Double?
            enum CodingKeys: String, CodingKey { case average }
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                average = c.lenientDouble(.average)
            }
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            guard let id = c.lenientInt(.id) else {
                throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "show without id"))
            }
            self.id = id
            name = c.lenient(String.self, .name)
            type = c.lenientText(.type)
            language = c.lenientText(.language)
            genres = c.lenientStrings(.genres)
            status = c.lenientText(.status)
            runtime = c.lenientInt(.runtime)
            averageRuntime = c.lenientInt(.averageRuntime)
            premiered = c.lenientText(.premiered)
            ended = c.lenientText(.ended)
            officialSite = c.lenientText(.officialSite)
            schedule = c.lenient(Schedule.self, .schedule)
            rating = c.lenient(Rating.self, .rating)?.average
            weight = c.lenientInt(.weight)
            network = c.lenient(Channel.self, .network)
            webChannel = c.lenient(Channel.self, .webChannel)
            summary = c.lenient(String.self, .summary)
            updated = c.lenientInt(.updated)
            embedded = c.lenient(Embedded.self, .embedded)
        }
    }

    struct Schedule: Decodable {
        let time: String?
        let days: [String]
        enum CodingKeys: String, CodingKey { case time, days }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            time = c.lenientText(.time)
            days = c.lenientStrings(.days)
        }
    }

    struct Country: Decodable {
        let name: String?
        let code: String?
        let timezone: String?
        enum CodingKeys: String, CodingKey { case name, code, timezone }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = c.lenientText(.name)
            code = c.lenientText(.code)
            timezone = c.lenientText(.timezone)
        }
    }

    /// A network or a web channel.
    struct Channel: Decodable {
        let name: String?
        let country: Country?
        enum CodingKeys: String, CodingKey { case name, country }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = c.lenientText(.name)
            country = c.lenient(Country.self, .country)
        }
    }

    /// `_embedded` of `/shows/{id}?embed[]=cast&embed[]=seasons&embed[]=nextepisode&embed[]=previousepisode`.
    struct Embedded: Decodable {
        let cast: [CastCredit]?
        let seasons: [Season]?
        let episodes: [Episode]?
        let nextEpisode: EpisodeRecord?
        let previousEpisode: EpisodeRecord?
        enum CodingKeys: String, CodingKey {
            case cast, seasons, episodes
            case nextEpisode = "nextepisode", previousEpisode = "previousepisode"
        }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            cast = c.lenient(LossyArray<CastCredit>.self, .cast)?.elements
            seasons = c.lenient(LossyArray<Season>.self, .seasons)?.elements
            episodes = c.lenient(LossyArray<Episode>.self, .episodes)?.elements
            nextEpisode = c.lenient(EpisodeRecord.self, .nextEpisode)
            previousEpisode = c.lenient(EpisodeRecord.self, .previousEpisode)
        }
    }

    /// An element of `/shows/{id}/cast`.
    struct CastCredit: Decodable {
        struct Named: Decodable {
            let id: Int?
            let name: String?
            enum CodingKeys: String, CodingKey { case id, name }
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                id = c.lenientInt(.id)
                name = c.lenientText(.name)
            }
        }
        let person: Named?
        let character: Named?
        let voice: Bool
        enum CodingKeys: String, CodingKey { case person, character, voice }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            person = c.lenient(Named.self, .person)
            character = c.lenient(Named.self, .character)
            voice = c.lenient(Bool.self, .voice) ?? false
        }
    }

    /// An element of `/shows/{id}/seasons`.
    struct Season: Decodable {
        let number: Int?
        let name: String?
        let episodeOrder: Int?
        let premiereDate: String?
        let endDate: String?
        enum CodingKeys: String, CodingKey { case number, name, episodeOrder, premiereDate, endDate }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            number = c.lenientInt(.number)
            name = c.lenientText(.name)
            episodeOrder = c.lenientInt(.episodeOrder)
            premiereDate = c.lenientText(.premiereDate)
            endDate = c.lenientText(.endDate)
        }
    }

    /// An element of `/shows/{id}/episodes`.
    struct Episode: Decodable {
        let season: Int?
        let number: Int?
        let airdate: String?
        enum CodingKeys: String, CodingKey { case season, number, airdate }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            season = c.lenientInt(.season)
            number = c.lenientInt(.number)
            airdate = c.lenientText(.airdate)
        }
    }

    /// An element of `/schedule`: an episode with its show.
    /// One hit of `/search/shows?q=`: `{"score": 0.9, "show": {…}}`.
    struct SearchHit: Decodable {
        let show: Show?
        enum CodingKeys: String, CodingKey { case show }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            show = c.lenient(Show.self, .show)
        }
    }

    struct ScheduleEntry: Decodable {
        let show: Show?
        enum CodingKeys: String, CodingKey { case show, embedded = "_embedded" }
        struct EmbeddedShow: Decodable { let show: Show? }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            show = c.lenient(Show.self, .show) ?? c.lenient(EmbeddedShow.self, .embedded)?.show
        }
    }
}
