import Domain
import FoundationEssentials

/// Reads TV Time's GDPR export: the zip itself or the CSV files in it, keyed by TheTVDB ids.
///
/// - `seen_episode.csv`: one watched episode a row. The newer files give `tv_show_name`,
///   `episode_season_number`, `episode_number`, `tv_show_id` (TheTVDB's show id),
///   `episode_id` (TheTVDB's episode id), `created_at`; the older ones (2020 and before) only
///   `episode_id`, which TVmaze cannot look up: such rows are listed as unmatched, with the id.
/// - `followed_tv_show.csv`: one followed show a row: `tv_show_id`, `tv_show_name`, `created_at`.
/// - `user_tv_show_data.csv`: one show a row: `tv_show_id`, `is_followed`, `is_favorited`: a
///   show followed or favourited is a favourite, the others are skipped and counted.
/// - `rewatched_episode.csv`: `episode_id` and `cpt`, the times it was watched again: the
///   episode's plays are `1 + cpt`.
/// - `tracking-prod-records.csv` / `tracking-prod-records-v2.csv`: one event a row, its kind in
///   `key`: `user-series…` is a followed show, `watch-episode…` a watched episode,
///   `rewatch-episode…` one more play of it; movies (`…movie…`) are skipped and counted. The
///   show's id is in `s_id`, `series_id` or `tv_show_id`, the name in `series_name` or
///   `tv_show_name`, the episode's in `ep_id` or `episode_id`.
///
/// The kind of file is told by its columns. Times are `YYYY-MM-DD HH:MM:SS` in UTC (the older
/// files add ` +0000 UTC`). Other files of the zip (its movies, comments, settings) are counted.
public enum TVTimeReader {
    /// Reads one TV Time file (a CSV, or the export's zip).
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: its path.
    /// - Returns: the records and the skipped counts.
    /// - Throws: `ImportError` for columns of none of the files, or a row whose ids, numbers
    ///   or time cannot be read.
    public static func read(_ data: Data, file: String) throws -> ImportBatch {
        try read([(data, file)])
    }

    /// Reads TV Time files together, so that a rewatch in one adds a play to the episode seen in
    /// another.
    /// - Parameter files: each file's bytes and path.
    /// - Returns: the records (rewatches folded into the episodes' plays) and skipped counts.
    /// - Throws: `ImportError` for the first file that cannot be read.
    public static func read(_ files: [(Data, String)]) throws -> ImportBatch {
        var reading = Reading()
        for (data, file) in files {
            if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) || data.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
                try reading.archive(data, file: file)
            } else {
                try reading.csv(data, file: file)
            }
        }
        return reading.finish()
    }

    /// One more play of an episode (or `count` more).
    struct Rewatch {
        let show: Int?
        let season: Int?
        let number: Int?
        let episode: Int?
        let count: Int
        let at: Int?
        let origin: ImportRecord.Origin
    }

    /// The files read so far.
    struct Reading {
        var batch = ImportBatch()
        var rewatches: [Rewatch] = []

        /// The export's zip: its CSV files of shows and episodes, the others counted.
        mutating func archive(_ data: Data, file: String) throws {
            let names = ["seen_episode", "followed_tv_show", "user_tv_show_data", "rewatched_episode", "tracking-prod-records"]
            func wanted(_ name: String) -> Bool {
                let base = (name.split(separator: "/").last.map(String.init) ?? name).lowercased()
                return base.hasSuffix(".csv") && names.contains { base.contains($0) }
            }
            let members: (read: [ZipArchive.Member], others: [String])
            do {
                members = try ZipArchive.members(of: data, where: wanted)
            } catch let error as ZipArchive.Unreadable {
                throw ImportError(file: file, reason: "cannot read this zip archive (\(error.reason)): unzip it first (unzip '\(file)') and import its .csv files")
            }
            guard !members.read.isEmpty else {
                throw ImportError(file: file, reason: "this zip archive holds none of TV Time's seen_episode, followed_tv_show or tracking-prod-records .csv files")
            }
            for member in members.read { try csv(member.data, file: "\(file):\(member.name)") }
            let others = members.others.filter { !$0.hasSuffix("/") }
            if !others.isEmpty { batch.skipped["other files in the archive", default: 0] += others.count }
        }

        /// Folds the rewatches into the episodes' plays; one of an episode not seen is a watched
        /// episode of its own.
        func finish() -> ImportBatch {
            var result = batch
            var byEpisode: [Int: Int] = [:]
            var byNumber: [String: Int] = [:]
            for (index, record) in result.records.enumerated() where record.kind == .watched {
                if let id = record.episode.tvdb { byEpisode[id] = byEpisode[id] ?? index }
                if let show = record.show.tvdb, let season = record.season, let number = record.number {
                    byNumber["\(show):\(season):\(number)"] = byNumber["\(show):\(season):\(number)"] ?? index
                }
            }
            for rewatch in rewatches {
                let numberKey = rewatch.show.flatMap { show in rewatch.season.flatMap { season in rewatch.number.map { "\(show):\(season):\($0)" } } }
                if let index = rewatch.episode.flatMap({ byEpisode[$0] }) ?? numberKey.flatMap({ byNumber[$0] }) {
                    result.records[index].plays = (result.records[index].plays ?? 1) + rewatch.count
                    let last = [result.records[index].lastPlayedAt, rewatch.at].compactMap { $0 }.max()
                    result.records[index].lastPlayedAt = last
                    continue
                }
                var record = ImportRecord(
                    kind: .watched, show: ProviderIDs(tvdb: rewatch.show), showName: "", season: rewatch.season, number: rewatch.number,
                    episode: ProviderIDs(tvdb: rewatch.episode), at: rewatch.at, plays: 1 + rewatch.count, lastPlayedAt: rewatch.at, origin: rewatch.origin)
                if rewatch.show == nil { record.episodeTitle = TVTimeReader.onlyEpisodeID(rewatch.episode) }
                result.records.append(record)
                if let id = rewatch.episode { byEpisode[id] = result.records.count - 1 }
                if let numberKey { byNumber[numberKey] = result.records.count - 1 }
            }
            return result
        }
    }

    /// The episode title given to a row named only by TheTVDB's episode id, which the file of
    /// unmatched rows shows: what the row lacks.
    static func onlyEpisodeID(_ id: Int?) -> String {
        "TheTVDB episode \(id.map(String.init) ?? "?") (TV Time names no show, season or number)"
    }
}
