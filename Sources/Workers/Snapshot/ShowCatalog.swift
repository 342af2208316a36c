import CSnapshotData
import Domain
import FoundationEssentials

/// A whole catalogue of shows held in memory: the embedded snapshot of recorded TVmaze data,
/// or a snapshot file chosen with `--snapshot PATH`.
///
/// Shows are kept in popularity order (`TVShow.ranksAbove`), as rows of one `ShowTable` (its
/// columns hold the shows' fields compactly; the list holds a reference and a row per show).
/// What only a show's details need
/// (its synopsis, cast and seasons) is read when they are asked for: a catalogue read with
/// `ShowArrayScanner` keeps where each show's JSON object lies and decodes that object then.
public struct ShowCatalog: Sendable {
    /// Every show, most popular first.
    public let shows: [TVShow]
    /// Where the catalogue came from.
    public let source: DataSource
    private let castByShow: [Int: [CastMember]]
    private let seasonsByShow: [Int: [SeasonSummary]]
    /// Synopses still in HTML, by show id: turned into text only when details are asked for,
    /// which keeps that work out of start-up.
    private let summaryHTMLByShow: [Int: String]
    /// Where each show's JSON object lies, for details read on demand; nil when every extra is
    /// held above.
    private let records: ShowRecords?
    /// Position in `shows` by id, made when first asked for.
    private let positions: ShowPositions
    /// The whole catalogue a part of it (`airing(in:)`) was taken from, whose records give the
    /// details of a show outside the part (one found by searching the whole snapshot).
    private let whole: WholeCatalog?
    /// The mirror behind a catalogue made from it (`mirrored(path:embedded:now:)`): its
    /// synopses and the built-in snapshot's details; nil for any other catalogue.
    let mirror: MirrorLayer?

    /// Holds the whole catalogue for a part of it (a struct cannot hold its own type).
    private final class WholeCatalog: Sendable {
        let catalog: ShowCatalog
        init(_ catalog: ShowCatalog) { self.catalog = catalog }
    }

    /// Makes a catalogue from shows (sorted here) and the extras known for some of them.
    /// - Parameters:
    ///   - shows: the shows, in any order; duplicates by id keep the most recently updated.
    ///   - source: where they came from.
    ///   - cast: cast lists by show id.
    ///   - seasons: season lists by show id.
    ///   - summaryHTML: synopses in HTML by show id, for shows whose `summary` is left empty.
    public init(
        shows: [TVShow], source: DataSource, cast: [Int: [CastMember]] = [:], seasons: [Int: [SeasonSummary]] = [:],
        summaryHTML: [Int: String] = [:]
    ) {
        let table = ShowTable(shows)
        let order = ShowRankOrder.rankOrder(of: table, keeping: ShowRankOrder.newestByID(table))
        self.init(sorted: order.map { TVShow(row: $0, of: table) }, source: source, cast: cast, seasons: seasons, summaryHTML: summaryHTML, records: nil)
    }

    init(
        sorted: [TVShow], source: DataSource, cast: [Int: [CastMember]], seasons: [Int: [SeasonSummary]],
        summaryHTML: [Int: String], records: ShowRecords?
    ) {
        self.init(sorted: sorted, source: source, cast: cast, seasons: seasons, summaryHTML: summaryHTML, records: records, whole: nil)
    }

    private init(
        sorted: [TVShow], source: DataSource, cast: [Int: [CastMember]], seasons: [Int: [SeasonSummary]],
        summaryHTML: [Int: String], records: ShowRecords?, whole: WholeCatalog?, mirror: MirrorLayer? = nil
    ) {
        self.whole = whole
        self.mirror = mirror
        self.shows = sorted
        self.source = source
        self.castByShow = cast
        self.seasonsByShow = seasons
        self.summaryHTMLByShow = summaryHTML
        self.records = records
        self.positions = ShowPositions(sorted)
    }

    /// The details the catalogue holds for a show: the catalogue's record of it (or the given
    /// one when absent) with cast and seasons where recorded, else nil. When the record cannot
    /// be read again (a snapshot file changed since), the listed fields alone.
    /// - Parameter show: the show.
    /// - Returns: its details.
    public func details(for show: TVShow) -> TVShowDetails {
        if let mirror { return mirror.details(for: record(of: show), source: source) }
        if positions.position(of: show.id) == nil, let whole, whole.catalog.positions.position(of: show.id) != nil { return whole.catalog.details(for: show) }
        return (try? loadDetails(for: show)) ?? TVShowDetails(show: record(of: show), cast: castByShow[show.id], seasons: seasonsByShow[show.id], source: source)
    }

    /// The details of a show, reading its synopsis, cast and seasons from the snapshot.
    /// - Parameter show: the show.
    /// - Returns: its details.
    /// - Throws: `SourceError.file` when a snapshot file can no longer be read or no longer
    ///   holds the show where it was; `SourceError.badData` for the embedded data (a build fault).
    public func loadDetails(for show: TVShow) throws -> TVShowDetails {
        if let mirror { return mirror.details(for: record(of: show), source: source) }
        if positions.position(of: show.id) == nil, let whole, whole.catalog.positions.position(of: show.id) != nil {
            return try whole.catalog.loadDetails(for: show)
        }
        var record = record(of: show)
        var cast = castByShow[show.id]
        var seasons = seasonsByShow[show.id]
        var castSource: DataSource?
        var episodesRecorded: Bool?
        if let records, let position = positions.position(of: show.id) {
            let dto = try records.show(at: position, id: show.id)
            if record.summary.isEmpty, let html = dto.summary {
                record = record.with(summary: HTMLText.paragraphs(from: html))
            }
            if let c = dto.embedded?.cast { cast = TVmazeMapper.cast(c) }
            if let s = dto.embedded?.seasons { seasons = TVmazeMapper.seasons(s) }
            if case .embedded = records.store {
                if cast == nil, let recorded = try SnapshotEpisodesWorker.cast(showID: show.id) {
                    cast = recorded.cast
                    // Another provider's credits name their source; TVmaze's are the page's own.
                    if recorded.provider != source.provider { castSource = recorded.source }
                }
                seasons = try seasons ?? EmbeddedExtras.seasons(for: show.id)
                episodesRecorded = try SnapshotEpisodesWorker.recordsEpisodes(showID: show.id)
            }
        } else if record.summary.isEmpty, let html = summaryHTMLByShow[show.id] {
            record = record.with(summary: HTMLText.paragraphs(from: html))
        }
        var details = TVShowDetails(show: record, cast: cast, seasons: seasons, source: source, castSource: castSource)
        details.episodesRecorded = episodesRecorded
        return details
    }

    /// A catalogue of shows already sorted, over the mirror (`ShowCatalog+Mirror.swift`).
    init(sorted: [TVShow], source: DataSource, mirror: MirrorLayer) {
        self.init(sorted: sorted, source: source, cast: [:], seasons: [:], summaryHTML: [:], records: nil, whole: nil, mirror: mirror)
    }

    private func record(of show: TVShow) -> TVShow {
        positions.position(of: show.id).map { shows[$0] } ?? show
    }

    /// The newest recorded week of schedules in the embedded snapshot: its first and last day
    /// and the ids of the shows airing in it (`airing_compact.json`, written by
    /// `scripts/compact_snapshot.py` from `schedule_web_*.json`: the newest Monday-to-Sunday
    /// week whose seven days are recorded).
    public struct RecordedWeek: Sendable, Equatable, Decodable {
        /// The first day (a Monday), `YYYY-MM-DD`.
        public let from: String
        /// The last day (a Sunday), `YYYY-MM-DD`.
        public let through: String
        /// The ids of the shows of the week's schedules.
        public let ids: [Int]
    }

    /// The newest recorded week of the embedded snapshot, or nil when none is embedded.
    /// - Throws: `SourceError.badData` when the embedded file cannot be read (a build fault).
    public static func embeddedRecordedWeek() throws -> RecordedWeek? {
        guard let bytes = EmbeddedFiles.bytes("airing_compact.json") else { return nil }
        do {
            return try JSONText.decode(RecordedWeek?.self, from: Data(bytes.buffer))
        } catch {
            throw SourceError.badData(provider: embeddedProvider, reason: "embedded file airing_compact.json unreadable")
        }
    }

    /// The shows of a recorded week, ranked as the catalogue is (`TVShow.ranksAbove`), as a
    /// catalogue of their own with the same source and details; the details of a show outside
    /// the week (one found by searching the whole snapshot) are read from the whole catalogue.
    /// - Parameter week: the week.
    /// - Returns: the catalogue of the week's shows.
    public func airing(in week: RecordedWeek) -> ShowCatalog {
        let wanted = Set(week.ids)
        let kept = shows.indices.filter { wanted.contains(shows[$0].id) }
        return ShowCatalog(
            sorted: kept.map { shows[$0] }, source: source, cast: castByShow, seasons: seasonsByShow,
            summaryHTML: summaryHTMLByShow, records: records.map { all in ShowRecords(store: all.store, ranges: kept.map { all.ranges[$0] }) },
            whole: whole ?? WholeCatalog(self))
    }

    /// The name of the provider the embedded data was recorded from.
    public static let embeddedProvider = ProviderName.tvmaze

    /// The name of the embedded file of shows: every show of the recorded TVmaze responses, with
    /// only the fields the catalogue reads, written by `scripts/compact_snapshot.py`.
    static let compactFileName = "shows_compact.json"

    /// Loads the snapshot embedded in the binary: TVmaze's `/shows?page=0` (2025) and
    /// `?page=1` (2016), the shows of the US schedule of 2017-09-21, of the streaming schedules
    /// recorded for January 2024 and of single shows recorded since (`show_*.json`), and the
    /// cast, seasons and episodes recorded for some of them. The capture day is the newest
    /// `updated` stamp.
    ///
    /// The shows come from the compact file (see `compactFileName`); synopses, cast and seasons
    /// are decoded when a show's details are asked for.
    /// - Returns: the catalogue.
    /// - Throws: `SourceError.badData` when the embedded data cannot be read (a build fault).
    public static func embedded() throws -> ShowCatalog {
        guard let bytes = EmbeddedFiles.bytes(compactFileName) else {
            throw SourceError.badData(provider: embeddedProvider, reason: "embedded file \(compactFileName) missing")
        }
        let scanned: ScannedShows
        do {
            scanned = try ScannedShows.scanWhole(bytes.buffer)
        } catch {
            throw SourceError.badData(provider: embeddedProvider, reason: "embedded file \(compactFileName) unreadable")
        }
        let newest = scanned.newestUpdate
        return ShowCatalog(
            scanned, source: .embeddedSnapshot(provider: embeddedProvider, capturedOn: newest.map(CalendarDate.utcDay(ofUnixTime:))),
            store: .embedded(bytes))
    }

    /// The catalogue the recorded TVmaze responses give when decoded with `JSONDecoder`: the
    /// reference the embedded compact file is checked against.
    /// - Parameter files: the recorded files by name (as in `Sources/CSnapshotData/data`).
    /// - Returns: the catalogue, with every extra decoded.
    /// - Throws: `SourceError.badData` when a file is missing or unreadable.
    public static func decodingRecordedResponses(_ files: [String: Data]) throws -> ShowCatalog {
        func file(_ name: String) throws -> Data {
            guard let data = files[name] else {
                throw SourceError.badData(provider: embeddedProvider, reason: "embedded file \(name) missing")
            }
            return data
        }
        let provider = embeddedProvider
        var dtos: [TVmazeDTO.Show] = []
        for name in ["shows_page_0.json", "shows_page_1_2016.json"] {
            dtos += try ProviderResponse.decode(LossyArray<TVmazeDTO.Show>.self, from: try file(name), provider: provider).elements
        }
        let schedule = try ProviderResponse.decode(LossyArray<TVmazeDTO.ScheduleEntry>.self, from: try file("schedule_US_2017-09-21.json"), provider: provider)
        dtos += schedule.elements.compactMap { $0.show }
        for name in files.keys.filter({ $0.hasPrefix("schedule_web_") }).sorted() {
            dtos += try ProviderResponse.decode(LossyArray<TVmazeDTO.ScheduleEntry>.self, from: try file(name), provider: provider).elements.compactMap { $0.show }
        }
        for name in files.keys.filter({ $0.hasPrefix("show_") }).sorted() {
            dtos.append(try ProviderResponse.decode(TVmazeDTO.Show.self, from: try file(name), provider: provider))
        }
        // A cast recorded with its show (`/shows/ID?embed=cast`) adds the show; a bare cast list does not.
        for name in files.keys.filter({ $0.hasPrefix("cast_") }).sorted() {
            if let show = try? ProviderResponse.decode(TVmazeDTO.Show.self, from: try file(name), provider: provider) { dtos.append(show) }
        }
        let (shows, summaries) = mapWithoutSummaries(dtos)

        let cast143 = try ProviderResponse.decode(LossyArray<TVmazeDTO.CastCredit>.self, from: try file("shows_143_cast.json"), provider: provider)
        let seasons143 = try ProviderResponse.decode(LossyArray<TVmazeDTO.Season>.self, from: try file("shows_143_seasons.json"), provider: provider)
        let episodes82 = try ProviderResponse.decode(LossyArray<TVmazeDTO.Episode>.self, from: try file("shows_82_episodes.json"), provider: provider)

        let newest = shows.compactMap(\.updatedAt).max()
        return ShowCatalog(
            shows: shows,
            source: .embeddedSnapshot(provider: provider, capturedOn: newest.map(CalendarDate.utcDay(ofUnixTime:))),
            cast: [143: TVmazeMapper.cast(cast143.elements)],
            seasons: [143: TVmazeMapper.seasons(seasons143.elements), 82: TVmazeMapper.seasons(fromEpisodes: episodes82.elements)],
            summaryHTML: summaries
        )
    }

    /// Maps shows with their synopses left in HTML (kept by id, from the most recently updated
    /// record, as the catalogue keeps it).
    private static func mapWithoutSummaries(_ dtos: [TVmazeDTO.Show]) -> ([TVShow], [Int: String]) {
        var shows: [TVShow] = []
        shows.reserveCapacity(dtos.count)
        var summaries: [Int: (updated: Int, html: String)] = [:]
        for dto in dtos {
            shows.append(TVmazeMapper.show(dto, includeSummary: false))
            guard let html = dto.summary else { continue }
            let updated = dto.updated ?? 0
            if let kept = summaries[dto.id], kept.updated >= updated { continue }
            summaries[dto.id] = (updated, html)
        }
        return (shows, summaries.mapValues(\.html))
    }

    /// Loads a snapshot file: a JSON array shaped like a TVmaze `/shows?page=N` page. Elements
    /// that are not shows are skipped; shows may embed `_embedded.cast` and `_embedded.seasons`.
    ///
    /// The file is read in pieces by `ShowArrayScanner`, so memory holds the shows, not the file;
    /// a file the scanner is unsure of is decoded whole with `JSONDecoder`.
    /// - Parameter path: the file's path.
    /// - Returns: the catalogue.
    /// - Throws: `SourceError.file` when the file cannot be read or holds no show.
    public static func load(path: String) throws -> ShowCatalog {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory { throw SourceError.file(path: path, reason: "is a folder, not a file") }
            let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
            if let type, type != .typeRegular, type != .typeSymbolicLink {
                throw SourceError.file(path: path, reason: "not a regular file")
            }
            if let scanned = try? ScannedShows.scanFile(path: path), scanned.count > 0 {
                return ShowCatalog(scanned, source: .snapshotFile(path: path), store: .file(path: path))
            }
        }
        return try loadDecoding(path: path)
    }

    /// `load(path:)` with `JSONDecoder`: the whole file in memory, every extra decoded.
    static func loadDecoding(path: String) throws -> ShowCatalog {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SourceError.file(path: path, reason: FileReason.describe(error))
        }
        let list: LossyArray<TVmazeDTO.Show>
        do {
            list = try ProviderResponse.decode(LossyArray<TVmazeDTO.Show>.self, from: data, provider: .snapshot)
        } catch SourceError.badData(_, let reason) {
            throw SourceError.file(path: path, reason: reason == "unexpected JSON shape" ? "not a JSON array of TVmaze shows" : reason)
        }
        guard !list.elements.isEmpty else {
            throw SourceError.file(path: path, reason: "no TVmaze show in the file")
        }
        var cast: [Int: [CastMember]] = [:]
        var seasons: [Int: [SeasonSummary]] = [:]
        for dto in list.elements {
            if let c = dto.embedded?.cast { cast[dto.id] = TVmazeMapper.cast(c) }
            if let s = dto.embedded?.seasons { seasons[dto.id] = TVmazeMapper.seasons(s) }
        }
        let (shows, summaries) = mapWithoutSummaries(list.elements)
        return ShowCatalog(shows: shows, source: .snapshotFile(path: path), cast: cast, seasons: seasons, summaryHTML: summaries)
    }
}
