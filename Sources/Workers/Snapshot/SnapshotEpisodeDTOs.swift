import FoundationEssentials

/// JSON shapes of the embedded snapshot's compact files written by
/// `scripts/compact_snapshot.py` (`episodes_compact.json`, `casts_compact.json`,
/// `schedules_compact.json`): one record a line, its members TVmaze's own (an episode is a
/// `TVmazeDTO.EpisodeRecord`, a cast member a `TVmazeDTO.CastCredit`, a show a `TVmazeDTO.Show`),
/// with the file each was taken from and the day it was recorded.
enum SnapshotDTO {
    /// A line of `episodes_compact.json`: one show's recorded episode list.
    struct EpisodeList: Decodable {
        let show: Int
        let file: String?
        let recorded: String?
        let episodes: [TVmazeDTO.EpisodeRecord]
        enum CodingKeys: String, CodingKey { case show, file, recorded, episodes }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            show = try c.decode(Int.self, forKey: .show)
            file = c.lenientText(.file)
            recorded = c.lenientText(.recorded)
            episodes = try c.decode(LossyArray<TVmazeDTO.EpisodeRecord>.self, forKey: .episodes).elements
        }
    }

    /// A line of `casts_compact.json`: one show's recorded cast, in TVmaze's `/cast` shape
    /// whatever the provider (`provider` says which).
    struct CastList: Decodable {
        let show: Int
        let provider: String?
        let recorded: String?
        let cast: [TVmazeDTO.CastCredit]
        enum CodingKeys: String, CodingKey { case show, provider, recorded, cast }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            show = try c.decode(Int.self, forKey: .show)
            provider = c.lenientText(.provider)
            recorded = c.lenientText(.recorded)
            cast = try c.decode(LossyArray<TVmazeDTO.CastCredit>.self, forKey: .cast).elements
        }
    }

    /// The first record of `schedules_compact.json`: every show of the recorded schedules once.
    struct ScheduleShows: Decodable {
        let shows: [TVmazeDTO.Show]
        enum CodingKeys: String, CodingKey { case shows }
        init(from decoder: Decoder) throws {
            shows = try decoder.container(keyedBy: CodingKeys.self).decode(LossyArray<TVmazeDTO.Show>.self, forKey: .shows).elements
        }
    }

    /// A later line of `schedules_compact.json`: one recorded day schedule.
    struct ScheduleDay: Decodable {
        let country: String?
        let date: String
        let recorded: String?
        let entries: [Entry]
        enum CodingKeys: String, CodingKey { case country, date, recorded, entries }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            country = c.lenientText(.country)
            date = try c.decode(String.self, forKey: .date)
            recorded = c.lenientText(.recorded)
            entries = try c.decode(LossyArray<Entry>.self, forKey: .entries).elements
        }
    }

    /// An entry of a recorded schedule: the episode and its show's id.
    struct Entry: Decodable {
        let episode: TVmazeDTO.EpisodeRecord
        let showID: Int?
        enum CodingKeys: String, CodingKey { case showID = "showId" }
        init(from decoder: Decoder) throws {
            episode = try TVmazeDTO.EpisodeRecord(from: decoder)
            showID = try decoder.container(keyedBy: CodingKeys.self).lenientInt(.showID)
        }
    }
}
