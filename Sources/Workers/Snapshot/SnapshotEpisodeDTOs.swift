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
        @JSONField.Text var file: String?
        @JSONField.Text var recorded: String?
        @JSONField.RequiredList var episodes: [TVmazeDTO.EpisodeRecord]
        enum CodingKeys: String, CodingKey { case show, file, recorded, episodes }
    }

    /// A line of `casts_compact.json`: one show's recorded cast, in TVmaze's `/cast` shape
    /// whatever the provider (`provider` says which).
    struct CastList: Decodable {
        let show: Int
        @JSONField.Text var provider: String?
        @JSONField.Text var recorded: String?
        @JSONField.RequiredList var cast: [TVmazeDTO.CastCredit]
        enum CodingKeys: String, CodingKey { case show, provider, recorded, cast }
    }

    /// The first record of `schedules_compact.json`: every show of the recorded schedules once.
    struct ScheduleShows: Decodable {
        @JSONField.RequiredList var shows: [TVmazeDTO.Show]
    }

    /// A later line of `schedules_compact.json`: one recorded day schedule.
    struct ScheduleDay: Decodable {
        @JSONField.Text var country: String?
        let date: String
        @JSONField.Text var recorded: String?
        @JSONField.RequiredList var entries: [Entry]
        enum CodingKeys: String, CodingKey { case country, date, recorded, entries }
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
