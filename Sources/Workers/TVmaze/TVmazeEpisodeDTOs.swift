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
        @JSONField.ID var id: Int
        @JSONField.Value var name: String?
        @JSONField.Integer var season: Int?
        @JSONField.Integer var number: Int?
        @JSONField.Text var type: String?
        @JSONField.Text var airdate: String?
        @JSONField.Text var airstamp: String?
        @JSONField.Integer var runtime: Int?
        @Lenient<RatingAverageField> var rating: Double?
        @JSONField.Value var summary: String?
        @JSONField.Value private var directShow: Show?
        @JSONField.Value private var embedded: ScheduleEntry.EmbeddedShow?

        enum CodingKeys: String, CodingKey {
            case id, name, season, number, type, airdate, airstamp, runtime, rating, summary
            case directShow = "show", embedded = "_embedded"
        }

        /// The show of a `/schedule` entry (`show`) or a `/schedule/web` entry
        /// (`_embedded.show`).
        var show: Show? { directShow ?? embedded?.show }
    }

    /// `/shows/{id}?embed[]=nextepisode&embed[]=previousepisode`: the show's `_embedded`
    /// next and previous episodes (each absent when there is none).
    struct NeighbourEpisodes: Decodable {
        @JSONField.Value private var embedded: Embedded?
        /// The show's status (`Running`, `Ended`, `To Be Determined`); nil when not given.
        @JSONField.Text var status: String?
        enum CodingKeys: String, CodingKey { case embedded = "_embedded", status }
        private struct Embedded: Decodable {
            @JSONField.Value var next: EpisodeRecord?
            @JSONField.Value var previous: EpisodeRecord?
            enum CodingKeys: String, CodingKey { case next = "nextepisode", previous = "previousepisode" }
        }
        /// The next episode; nil when none is announced.
        var next: EpisodeRecord? { embedded?.next }
        /// The latest aired episode; nil when none.
        var previous: EpisodeRecord? { embedded?.previous }
    }

    /// `/shows/{id}?embed=episodes` (or `embed[]=episodes&embed[]=cast`): the show with its
    /// `_embedded.episodes`.
    struct ShowEmbeddingEpisodes: Decodable {
        @JSONField.Value private var embedded: Embedded?
        enum CodingKeys: String, CodingKey { case embedded = "_embedded" }
        private struct Embedded: Decodable {
            @JSONField.OptionalList var episodes: [EpisodeRecord]?
        }
        /// `_embedded.episodes`, bad elements skipped; nil when not embedded.
        var episodes: [EpisodeRecord]? { embedded?.episodes }
    }
}
