import FoundationEssentials

extension TVmazeDTO {
    /// An episode as `/shows/{id}/episodes?specials=1`, `_embedded.nextepisode` /
    /// `previousepisode` and `/schedule` entries give it
    /// (https://www.tvmaze.com/api#episode-list): `id`, `name`, `season`, `number` (null for
    /// an unnumbered special), `type` ("regular", "significant_special",
    /// "insignificant_special"), `airdate` (`YYYY-MM-DD`), `airtime` (`HH:MM`, the network's
    /// zone), `airstamp` (ISO 8601 with offset), `runtime` (minutes), `rating.average`
    /// (0–10), `summary` (HTML). Decoded leniently; only an episode without an `id` is rejected.
    /// A class, since a show may embed its next episode and an episode its show.
    final class EpisodeRecord: Decodable {
        let id: Int
        let name: String?
        let season: Int?
        let number: Int?
        let type: String?
        let airdate: String?
        let airstamp: String?
        let runtime: Int?
        let rating: Double?
        let summary: String?
        /// The show of a `/schedule` entry (`show`) or a `/schedule/web` entry
        /// (`_embedded.show`).
        let show: Show?

        enum CodingKeys: String, CodingKey {
            case id, name, season, number, type, airdate, airstamp, runtime, rating, summary, show
            case embedded = "_embedded"
        }

        private struct EmbeddedShow: Decodable {
            let show: Show?
            enum CodingKeys: String, CodingKey { case show }
            init(from decoder: Decoder) throws {
                show = try decoder.container(keyedBy: CodingKeys.self).lenient(Show.self, .show)
            }
        }

        required init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            guard let id = c.lenientInt(.id) else {
                throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "episode without id"))
            }
            self.id = id
            name = c.lenient(String.self, .name)
            season = c.lenientInt(.season)
            number = c.lenientInt(.number)
            type = c.lenientText(.type)
            airdate = c.lenientText(.airdate)
            airstamp = c.lenientText(.airstamp)
            runtime = c.lenientInt(.runtime)
            rating = c.lenient(Show.Rating.self, .rating)?.average
            summary = c.lenient(String.self, .summary)
            show = c.lenient(Show.self, .show) ?? c.lenient(EmbeddedShow.self, .embedded)?.show
        }
    }

    /// `/shows/{id}?embed[]=nextepisode&embed[]=previousepisode`: the show's `_embedded`
    /// next and previous episodes (each absent when there is none).
    struct NeighbourEpisodes: Decodable {
        let next: EpisodeRecord?
        let previous: EpisodeRecord?
        enum CodingKeys: String, CodingKey { case embedded = "_embedded" }
        private struct Embedded: Decodable {
            let next: EpisodeRecord?
            let previous: EpisodeRecord?
            enum CodingKeys: String, CodingKey { case next = "nextepisode", previous = "previousepisode" }
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                next = c.lenient(EpisodeRecord.self, .next)
                previous = c.lenient(EpisodeRecord.self, .previous)
            }
        }
        init(from decoder: Decoder) throws {
            let embedded = try decoder.container(keyedBy: CodingKeys.self).lenient(Embedded.self, .embedded)
            next = embedded?.next
            previous = embedded?.previous
        }
    }

    /// `/shows/{id}?embed=episodes` (or `embed[]=episodes&embed[]=cast`): the show with its
    /// `_embedded.episodes`.
    struct ShowEmbeddingEpisodes: Decodable {
        let episodes: [EpisodeRecord]?
        enum CodingKeys: String, CodingKey { case embedded = "_embedded" }
        private struct Embedded: Decodable {
            let episodes: [EpisodeRecord]?
            enum CodingKeys: String, CodingKey { case episodes }
            init(from decoder: Decoder) throws {
                episodes = try decoder.container(keyedBy: CodingKeys.self).lenient(LossyArray<EpisodeRecord>.self, .episodes)?.elements
            }
        }
        init(from decoder: Decoder) throws {
            episodes = try decoder.container(keyedBy: CodingKeys.self).lenient(Embedded.self, .embedded)?.episodes
        }
    }
}
