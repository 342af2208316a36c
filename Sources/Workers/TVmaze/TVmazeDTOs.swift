import FoundationEssentials

/// JSON shapes of the TVmaze API (https://www.tvmaze.com/api), decoded leniently: a field of
/// the wrong type reads as missing, and only a show without an `id` is rejected.
enum TVmazeDTO {
    /// A show, as in `/shows?page=N`, `/shows/{id}` and the `show` of `/schedule` entries.
    struct Show: Decodable {
        @JSONField.ID var id: Int
        @JSONField.Value var name: String?
        @JSONField.Text var type: String?
        @JSONField.Text var language: String?
        @JSONField.List var genres: [String]
        @JSONField.Text var status: String?
        @JSONField.Integer var runtime: Int?
        @JSONField.Integer var averageRuntime: Int?
        @JSONField.Text var premiered: String?
        @JSONField.Text var ended: String?
        @JSONField.Text var officialSite: String?
        @JSONField.Value var schedule: Schedule?
        @Lenient<RatingAverageField> var rating: Double?
        @JSONField.Integer var weight: Int?
        @JSONField.Value var network: Channel?
        @JSONField.Value var webChannel: Channel?
        @JSONField.Value var summary: String?
        @JSONField.Integer var updated: Int?
        @JSONField.Value var embedded: Embedded?
        @JSONField.Value var image: Image?

        enum CodingKeys: String, CodingKey {
            case id, name, type, language, genres, status, runtime, averageRuntime, premiered, ended
            case officialSite, schedule, rating, weight, network, webChannel, summary, updated, image
            case embedded = "_embedded"
        }

        /// TVmaze's rating object: `{"average": 8.1}`.
        struct Rating: Decodable {
            @JSONField.Number var average: Double?
        }
    }

    /// `rating.average` (0–10), the number inside TVmaze's rating object; nil when absent.
    enum RatingAverageField: LenientField {
        static var absent: Double? { nil }
        static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) -> Double? {
            container.lenient(Show.Rating.self, key)?.average
        }
    }

    /// A show's poster or a person's photo: `{"medium": URL, "original": URL}`.
    struct Image: Decodable {
        @JSONField.Text var medium: String?
        @JSONField.Text var original: String?

        /// The smaller picture when there is one (TVmaze's medium, about 210 × 295: more than a
        /// half-block poster shows), else the original.
        var url: String? { medium ?? original }
    }

    struct Schedule: Decodable {
        @JSONField.Text var time: String?
        @JSONField.List var days: [String]
    }

    struct Country: Decodable {
        @JSONField.Text var name: String?
        @JSONField.Text var code: String?
        @JSONField.Text var timezone: String? = nil
    }

    /// A network or a web channel.
    struct Channel: Decodable {
        @JSONField.Text var name: String?
        @JSONField.Value var country: Country?
    }

    /// `_embedded` of `/shows/{id}?embed[]=cast&embed[]=seasons&embed[]=nextepisode&embed[]=previousepisode`.
    struct Embedded: Decodable {
        @JSONField.OptionalList var cast: [CastCredit]?
        @JSONField.OptionalList var seasons: [Season]?
        @JSONField.OptionalList var episodes: [Episode]?
        @JSONField.Value var nextEpisode: EpisodeRecord?
        @JSONField.Value var previousEpisode: EpisodeRecord?
        enum CodingKeys: String, CodingKey {
            case cast, seasons, episodes
            case nextEpisode = "nextepisode", previousEpisode = "previousepisode"
        }
    }

    /// An element of `/shows/{id}/cast`.
    struct CastCredit: Decodable {
        struct Named: Decodable {
            @JSONField.Integer var id: Int?
            @JSONField.Text var name: String?
        }
        @JSONField.Value var person: Named?
        @JSONField.Value var character: Named?
        @JSONField.Flag var voice: Bool
    }

    /// An element of `/shows/{id}/seasons`.
    struct Season: Decodable {
        @JSONField.Integer var number: Int?
        @JSONField.Text var name: String?
        @JSONField.Integer var episodeOrder: Int?
        @JSONField.Text var premiereDate: String?
        @JSONField.Text var endDate: String?
    }

    /// An element of `/shows/{id}/episodes`.
    struct Episode: Decodable {
        @JSONField.Integer var season: Int?
        @JSONField.Integer var number: Int?
        @JSONField.Text var airdate: String?
    }

    /// An element of `/schedule`: an episode with its show.
    /// One hit of `/search/shows?q=`: `{"score": 0.9, "show": {…}}`.
    struct SearchHit: Decodable {
        @JSONField.Value var show: Show?
    }

    struct ScheduleEntry: Decodable {
        @JSONField.Value private var directShow: Show?
        @JSONField.Value private var embedded: EmbeddedShow?
        enum CodingKeys: String, CodingKey { case directShow = "show", embedded = "_embedded" }
        /// `_embedded.show`, where `/schedule/web` puts it.
        struct EmbeddedShow: Decodable {
            @JSONField.Value var show: Show?
        }
        /// The entry's show: `show` (`/schedule`), else `_embedded.show` (`/schedule/web`).
        var show: Show? { directShow ?? embedded?.show }
    }
}
