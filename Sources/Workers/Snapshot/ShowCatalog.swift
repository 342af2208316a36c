import CSnapshotData
import Domain
import Foundation

/// A whole catalogue of shows held in memory: the embedded snapshot of recorded TVmaze data,
/// or a snapshot file chosen with `--snapshot PATH`.
///
/// Shows are kept in popularity order (`TVShow.ranksAbove`); cast and seasons are kept for the
/// shows the snapshot recorded them for.
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

    /// Makes a catalogue from shows (sorted here) and the extras known for some of them.
    /// - Parameters:
    ///   - shows: the shows, in any order; duplicates by id keep the most recently updated.
    ///   - source: where they came from.
    ///   - cast: cast lists by show id.
    ///   - seasons: season lists by show id.
    ///   - summaryHTML: synopses in HTML by show id, for shows whose `summary` is left empty.
    public init(shows: [TVShow], source: DataSource, cast: [Int: [CastMember]] = [:], seasons: [Int: [SeasonSummary]] = [:],
                summaryHTML: [Int: String] = [:]) {
        var byID: [Int: TVShow] = [:]
        byID.reserveCapacity(shows.count)
        for show in shows {
            if let existing = byID[show.id], (existing.updatedAt ?? 0) >= (show.updatedAt ?? 0) { continue }
            byID[show.id] = show
        }
        self.shows = byID.values.sorted(by: TVShow.ranksAbove)
        self.source = source
        self.castByShow = cast
        self.seasonsByShow = seasons
        self.summaryHTMLByShow = summaryHTML
    }

    /// The details the catalogue holds for a show: the catalogue's record of it (or the given
    /// one when absent) with cast and seasons where recorded, else nil.
    /// - Parameter show: the show.
    /// - Returns: its details.
    public func details(for show: TVShow) -> TVShowDetails {
        var record = shows.first { $0.id == show.id } ?? show
        if record.summary.isEmpty, let html = summaryHTMLByShow[show.id] {
            record = record.with(summary: HTMLText.paragraphs(from: html))
        }
        return TVShowDetails(show: record, cast: castByShow[show.id], seasons: seasonsByShow[show.id], source: source)
    }

    /// The name of the provider the embedded data was recorded from.
    public static let embeddedProvider = "TVmaze"

    /// Loads the snapshot embedded in the binary: TVmaze's `/shows?page=0` (2025) and
    /// `?page=1` (2016), the shows of the US schedule of 2017-09-21, and the cast, seasons and
    /// episodes recorded for some of them. The capture day is the newest `updated` stamp.
    /// - Returns: the catalogue.
    /// - Throws: `SourceError.badData` when the embedded data cannot be read (a build fault).
    public static func embedded() throws -> ShowCatalog {
        let files = EmbeddedFiles.all()
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
    /// - Parameter path: the file's path.
    /// - Returns: the catalogue.
    /// - Throws: `SourceError.file` when the file cannot be read or holds no show.
    public static func load(path: String) throws -> ShowCatalog {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw SourceError.file(path: path, reason: "is a folder, not a file") }
            let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
            if let type, type != .typeRegular, type != .typeSymbolicLink {
                throw SourceError.file(path: path, reason: "not a regular file")
            }
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SourceError.file(path: path, reason: FileReason.describe(error))
        }
        let list: LossyArray<TVmazeDTO.Show>
        do {
            list = try ProviderResponse.decode(LossyArray<TVmazeDTO.Show>.self, from: data, provider: "snapshot")
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

/// The files of the embedded snapshot, by name.
enum EmbeddedFiles {
    static func all() -> [String: Data] {
        var files: [String: Data] = [:]
        for i in 0..<dc_snapshot_file_count() {
            let file = dc_snapshot_file_at(i)
            guard let name = file.name, let bytes = file.bytes else { continue }
            files[String(cString: name)] = Data(bytes: bytes, count: file.length)
        }
        return files
    }
}

/// Short reasons for file errors.
enum FileReason {
    static func describe(_ error: Error) -> String {
        let ns = error as NSError
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file"
            case NSFileReadNoPermissionError: return "permission denied"
            default: break
            }
        }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return "cannot read it"
    }
}

extension CalendarDate {
    /// The UTC calendar day of a Unix time, by Howard Hinnant's `civil_from_days` algorithm
    /// (https://howardhinnant.github.io/date_algorithms.html#civil_from_days).
    /// - Parameter seconds: seconds since 1970-01-01T00:00:00Z.
    /// - Returns: the day; 1970-01-01 for times outside years 1–9999.
    static func utcDay(ofUnixTime seconds: Int) -> CalendarDate {
        let z = seconds.dividedRoundingDown(by: 86_400) + 719_468
        let era = z.dividedRoundingDown(by: 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return CalendarDate(year: year, month: month, day: day) ?? .unixEpoch
    }
}

private extension Int {
    func dividedRoundingDown(by divisor: Int) -> Int {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}
