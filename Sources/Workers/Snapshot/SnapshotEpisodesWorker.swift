import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Episodes, casts and day schedules from the embedded snapshot, offline: the recorded TVmaze
/// episode lists (`episodes_compact.json`), casts (`casts_compact.json`, TVmaze's and TMDB's)
/// and schedules (`schedules_compact.json`), each labelled with the day it was recorded
/// (`DataSource.embeddedSnapshot(provider:capturedOn:)`). See `Sources/CSnapshotData/data/PROVENANCE.md`.
///
/// A show whose episodes or cast were not recorded gets nil, never an empty list. Only the
/// line of the show or day asked for is decoded.
public struct SnapshotEpisodesWorker: EpisodesWorking, ScheduleWorking {
    /// The provider the recordings come from.
    public static let provider = ShowCatalog.embeddedProvider
    static let episodesFile = "episodes_compact.json"
    static let castsFile = "casts_compact.json"
    static let schedulesFile = "schedules_compact.json"

    /// Makes a worker over the embedded files.
    public init() {}

    /// The recorded episode list; see `EpisodesWorking.episodes(showID:)`.
    /// - Returns: nil when the snapshot holds no episode list for the show.
    /// - Throws: `SourceError.badData` when an embedded file cannot be read (a build fault).
    public func episodes(showID: Int) async throws -> ShowEpisodes? {
        // A show without a recorded list is answered from the index, without a scan of the file
        // (Continue asks for hundreds of shows at once).
        guard try Self.recordedEpisodeShows().contains(showID),
            let line = try Self.line(of: Self.episodesFile, startingWith: "{\"show\":\(showID),")
        else { return nil }
        let list = try ProviderResponse.decode(SnapshotDTO.EpisodeList.self, from: line, provider: Self.provider)
        return ShowEpisodes(showID: showID, episodes: list.episodes.map(TVmazeEpisodeMapper.episode), source: Self.source(recorded: list.recorded))
    }

    /// The recorded episode list without synopses or ratings (runtimes kept), read by
    /// `EpisodeOutlineScanner` (`JSONDecoder` when the scanner is unsure); see
    /// `EpisodesWorking.episodeOutline(showID:)`.
    /// - Returns: nil when the snapshot holds no episode list for the show.
    /// - Throws: `SourceError.badData` when an embedded file cannot be read.
    public func episodeOutline(showID: Int) async throws -> ShowEpisodes? {
        guard try Self.recordedEpisodeShows().contains(showID) else { return nil }
        let bytes = try Self.embedded(Self.episodesFile)
        let prefix = Array("{\"show\":\(showID),".utf8)
        guard let range = Self.lineRanges(bytes).first(where: { Self.starts(bytes, $0, with: prefix) }) else { return nil }
        guard let outline = EpisodeOutlineScanner.scan(UnsafeRawBufferPointer(rebasing: bytes[range])) else {
            return try await episodes(showID: showID)
        }
        return ShowEpisodes(showID: showID, episodes: outline.episodes, source: Self.source(recorded: outline.recorded))
    }

    /// Whether the snapshot holds an episode list for a show (only its line is looked for).
    /// - Parameter showID: the show's TVmaze id.
    /// - Returns: true when `episodes(showID:)` would answer a list.
    /// - Throws: `SourceError.badData` when the embedded file cannot be read.
    static func recordsEpisodes(showID: Int) throws -> Bool {
        try line(of: episodesFile, startingWith: "{\"show\":\(showID),") != nil
    }

    /// The regular seasons of a show's recorded episode list: number, episode count, first and
    /// last air date.
    /// - Parameter showID: the show's TVmaze id.
    /// - Returns: nil when the snapshot holds no episode list for the show.
    /// - Throws: `SourceError.badData` when the embedded file cannot be read.
    static func recordedSeasons(showID: Int) throws -> [SeasonSummary]? {
        guard let line = try line(of: episodesFile, startingWith: "{\"show\":\(showID),") else { return nil }
        let list = try ProviderResponse.decode(SnapshotDTO.EpisodeList.self, from: line, provider: provider)
        let guide = ShowEpisodes(showID: showID, episodes: list.episodes.map(TVmazeEpisodeMapper.episode), source: source(recorded: list.recorded))
        return guide.seasons.map { season in
            let days = season.episodes.compactMap(\.airDate).sorted()
            return SeasonSummary(number: season.number, episodeCount: season.episodes.count, premiered: days.first, ended: days.last)
        }
    }

    /// Always nil: a recording cannot tell what airs next.
    public func nextAndPreviousEpisode(showID: Int) async throws -> NextAndPreviousEpisode? { nil }

    /// The recorded cast of a show, in billing order.
    /// - Parameter showID: the show's TVmaze id.
    /// - Returns: the cast, the provider it was recorded from ("TVmaze" or "TMDB") and the
    ///   recording as a source (`.embeddedSnapshot` with that provider and the day recorded);
    ///   nil when the snapshot holds no cast for the show.
    /// - Throws: `SourceError.badData` when the embedded file cannot be read.
    public static func cast(showID: Int) throws -> (cast: [CastMember], provider: ProviderName, source: DataSource)? {
        guard let line = try line(of: castsFile, startingWith: "{\"show\":\(showID),") else { return nil }
        let list = try ProviderResponse.decode(SnapshotDTO.CastList.self, from: line, provider: provider)
        let recordedFrom = list.provider.flatMap(ProviderName.named) ?? provider
        return (
            TVmazeMapper.cast(list.cast), recordedFrom,
            .embeddedSnapshot(provider: recordedFrom, capturedOn: list.recorded.flatMap(CalendarDate.init(iso:)))
        )
    }

    /// A country's recorded schedule; see `ScheduleWorking.schedule(countryCode:date:)`.
    /// - Returns: the schedule of that day when recorded, else the newest recorded day for the
    ///   country (its `date` says which); nil when none is recorded for the country.
    public func schedule(countryCode: String, date: CalendarDate) async throws -> Schedule? {
        try Self.recordedSchedule(country: countryCode.uppercased(), date: date)
    }

    /// The recorded streaming schedule; see `ScheduleWorking.webSchedule(date:)`.
    /// - Returns: the schedule of that day when recorded, else the newest recorded day.
    public func webSchedule(date: CalendarDate) async throws -> Schedule? {
        try Self.recordedSchedule(country: nil, date: date)
    }

    /// The days with a recorded schedule, oldest first.
    /// - Parameter countryCode: the ISO 3166-1 alpha-2 code, or nil for the web schedule.
    /// - Throws: `SourceError.badData` when the embedded file cannot be read.
    public static func recordedDays(countryCode: String?) throws -> [CalendarDate] {
        let prefix = scheduleLinePrefix(country: countryCode?.uppercased())
        let bytes = try embedded(schedulesFile)
        return lineRanges(bytes).compactMap { range -> CalendarDate? in
            guard starts(bytes, range, with: prefix), range.count >= prefix.count + 10 else { return nil }
            let start = range.lowerBound + prefix.count
            return CalendarDate(iso: String(decoding: bytes[start..<start + 10], as: UTF8.self))
        }.sorted()
    }

    private static func recordedSchedule(country: String?, date: CalendarDate) throws -> Schedule? {
        let days = try recordedDays(countryCode: country)
        guard let day = days.contains(date) ? date : days.last else { return nil }
        guard let line = try line(of: schedulesFile, startingWith: scheduleLinePrefix(country: country) + "\(day)\"") else { return nil }
        let record = try ProviderResponse.decode(SnapshotDTO.ScheduleDay.self, from: line, provider: provider)
        let shows = try scheduleShows()
        let entries = record.entries.compactMap { entry -> ScheduleEntry? in
            guard let id = entry.showID, let show = shows[id] else { return nil }
            let episode = TVmazeEpisodeMapper.episode(entry.episode)
            return ScheduleEntry(airstamp: episode.airstamp, show: show, episode: episode, channelName: show.broadcaster?.name, isWeb: country == nil)
        }
        return Schedule(countryCode: country, date: day, entries: entries, source: source(recorded: record.recorded))
    }

    private static func scheduleLinePrefix(country: String?) -> String {
        "{\"country\":" + (country.map { "\"\($0)\"" } ?? "null") + ",\"date\":\""
    }

    /// The shows of the recorded schedules by id (the first record of the file, which ends at
    /// the line `]}`).
    private static func scheduleShows() throws -> [Int: TVShow] {
        let bytes = try embedded(schedulesFile)
        guard let end = lineRanges(bytes).first(where: { bytes[$0].elementsEqual("]}".utf8) }) else {
            throw SourceError.badData(provider: provider, reason: "embedded file \(schedulesFile) unreadable")
        }
        let head = try ProviderResponse.decode(SnapshotDTO.ScheduleShows.self, from: Data(bytes[0..<end.upperBound]), provider: provider)
        var shows: [Int: TVShow] = [:]
        for dto in head.shows where shows[dto.id] == nil { shows[dto.id] = TVmazeMapper.show(dto) }
        return shows
    }

    private static func source(recorded: String?) -> DataSource {
        .embeddedSnapshot(provider: provider, capturedOn: recorded.flatMap(CalendarDate.init(iso:)))
    }

    // MARK: Lines of the embedded files

    private static func embedded(_ name: String) throws -> UnsafeRawBufferPointer {
        guard let bytes = EmbeddedFiles.bytes(name) else {
            throw SourceError.badData(provider: provider, reason: "embedded file \(name) missing")
        }
        return bytes.buffer
    }

    /// The shows whose episode lists are recorded (the ids of `episodes_compact.json`'s
    /// `{"show":ID,` lines), read once.
    private static let episodeShowIDs: Result<Set<Int>, SourceError> = {
        do {
            let bytes = try embedded(episodesFile)
            let prefix = Array("{\"show\":".utf8)
            var ids = Set<Int>()
            for range in lineRanges(bytes) where starts(bytes, range, with: prefix) {
                var id = 0, i = range.lowerBound + prefix.count, digits = 0
                while i < range.upperBound, bytes[i] >= 0x30, bytes[i] <= 0x39, digits < 18 {
                    id = id * 10 + Int(bytes[i] - 0x30)
                    i += 1
                    digits += 1
                }
                if digits > 0 { ids.insert(id) }
            }
            return .success(ids)
        } catch let error as SourceError {
            return .failure(error)
        } catch {
            return .failure(.badData(provider: provider, reason: "embedded file \(episodesFile) unreadable"))
        }
    }()

    /// The shows whose episode lists are recorded.
    /// - Throws: `SourceError.badData` when the embedded file cannot be read.
    static func recordedEpisodeShows() throws -> Set<Int> { try episodeShowIDs.get() }

    /// The first line of an embedded file that starts with `prefix`, as bytes; nil when none.
    private static func line(of name: String, startingWith prefix: String) throws -> Data? {
        let bytes = try embedded(name)
        let prefixBytes = Array(prefix.utf8)
        guard let range = lineRanges(bytes).first(where: { starts(bytes, $0, with: prefixBytes) }) else { return nil }
        return Data(bytes[range])
    }

    private static func starts(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, with prefix: String) -> Bool {
        starts(bytes, range, with: Array(prefix.utf8))
    }

    private static func starts(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, with prefix: [UInt8]) -> Bool {
        guard range.count >= prefix.count else { return false }
        for (i, byte) in prefix.enumerated() where bytes[range.lowerBound + i] != byte { return false }
        return true
    }

    /// The ranges of the lines (without their line feeds), found with `memchr(3)`.
    static func lineRanges(_ bytes: UnsafeRawBufferPointer) -> [Range<Int>] {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
        var ranges: [Range<Int>] = []
        var start = 0
        while start < bytes.count {
            guard let found = memchr(base + start, 0x0A, bytes.count - start) else {
                ranges.append(start..<bytes.count)
                break
            }
            let end = base.distance(to: UnsafeRawPointer(found))
            ranges.append(start..<end)
            start = end + 1
        }
        return ranges
    }
}
