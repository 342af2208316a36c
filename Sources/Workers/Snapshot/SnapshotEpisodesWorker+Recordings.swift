import Domain
import FoundationEssentials

extension SnapshotEpisodesWorker {
    /// One recorded part of the snapshot's episode lists, casts or schedules, as its embedded
    /// file says it: for whom, how much, from which provider and recorded on which day.
    public struct Recording: Sendable, Equatable {
        /// The show's TVmaze id (episode lists, casts), or nil for a schedule.
        public let showID: Int?
        /// A schedule's country code (nil for the streaming schedule), or nil for a show's part.
        public let country: String?
        /// A schedule's day, or nil for a show's part.
        public let date: CalendarDate?
        /// How many episodes, cast members or schedule entries the part holds.
        public let count: Int
        /// The provider it was recorded from (`TVmaze`, `TMDB`).
        public let provider: ProviderName
        /// The day it was recorded, when known.
        public let recorded: CalendarDate?
        /// The recorded file's name, as `Sources/CSnapshotData/data/PROVENANCE.md` lists it.
        public let file: String?
    }

    /// Every recorded episode list, cast and day schedule of the embedded snapshot, read from
    /// the embedded files themselves (so what is said is what is there).
    /// - Returns: the episode lists, the casts and the schedules, each in the files' order.
    /// - Throws: `SourceError.badData` when an embedded file cannot be read (a build fault).
    public static func recordings() throws -> (episodes: [Recording], casts: [Recording], schedules: [Recording]) {
        let episodes = try lines(of: episodesFile).map { line -> Recording in
            let list = try ProviderResponse.decode(SnapshotDTO.EpisodeList.self, from: line, provider: provider)
            return Recording(
                showID: list.show, country: nil, date: nil, count: list.episodes.count, provider: provider,
                recorded: list.recorded.flatMap(CalendarDate.init(iso:)), file: list.file)
        }
        let casts = try lines(of: castsFile).map { line -> Recording in
            let list = try ProviderResponse.decode(SnapshotDTO.CastList.self, from: line, provider: provider)
            return Recording(
                showID: list.show, country: nil, date: nil, count: list.cast.count, provider: list.provider.flatMap(ProviderName.named) ?? provider,
                recorded: list.recorded.flatMap(CalendarDate.init(iso:)), file: nil)
        }
        let schedules = try lines(of: schedulesFile).filter { $0.starts(with: Array("{\"country\":".utf8)) }.map { line -> Recording in
            let day = try ProviderResponse.decode(SnapshotDTO.ScheduleDay.self, from: line, provider: provider)
            return Recording(
                showID: nil, country: day.country, date: CalendarDate(iso: day.date), count: day.entries.count, provider: provider,
                recorded: day.recorded.flatMap(CalendarDate.init(iso:)), file: nil)
        }
        return (episodes, casts, schedules)
    }

    /// The non-empty lines of an embedded file.
    static func lines(of name: String) throws -> [Data] {
        guard let bytes = EmbeddedFiles.bytes(name)?.buffer else {
            throw SourceError.badData(provider: provider, reason: "embedded file \(name) missing")
        }
        return lineRanges(bytes).filter { !$0.isEmpty }.map { Data(bytes[$0]) }
    }
}
