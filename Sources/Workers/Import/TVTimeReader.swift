import Domain
import FoundationEssentials

/// Reads the CSV files of TV Time's GDPR export, keyed by TheTVDB ids.
///
/// - `seen_episode.csv`: one watched episode a row: `tv_show_name`, `episode_season_number`,
///   `episode_number`, `tv_show_id` (TheTVDB's show id), `episode_id` (TheTVDB's episode id),
///   `created_at`.
/// - `followed_tv_show.csv`: one followed show a row: `tv_show_id`, `tv_show_name`, `created_at`.
/// - `tracking-prod-records.csv` / `tracking-prod-records-v2.csv`: one event a row, its kind in
///   `key`: `user-series…` is a followed show, `watch-episode…` and `rewatch-episode…` a watched
///   episode; movies (`…movie…`) are skipped and counted. The show's id is in `s_id`,
///   `series_id` or `tv_show_id`, the name in `series_name` or `tv_show_name`.
///
/// The kind of file is told by its columns. Times are `YYYY-MM-DD HH:MM:SS` in UTC.
public enum TVTimeReader {
    /// Reads one TV Time CSV file.
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: its path.
    /// - Returns: the records and the skipped counts.
    /// - Throws: `ImportError` for columns of none of the three files, or a row whose ids,
    ///   numbers or time cannot be read.
    public static func read(_ data: Data, file: String) throws -> ImportBatch {
        let table = try CSVTable(data: data, file: file)
        let key = table.column("key")
        let showID = table.column("tv_show_id", "s_id", "series_id", "show_id")
        let name = table.column("tv_show_name", "series_name", "show_name", "name")
        let season = table.column("episode_season_number", "season_number", "season")
        let number = table.column("episode_number", "number")
        let episodeID = table.column("episode_id", "ep_id")
        let time = table.column("created_at", "watched_at", "updated_at")
        guard showID != nil, key != nil || name != nil else {
            throw ImportError(
                file: file, line: 1,
                reason: "not a TV Time export file: expected seen_episode.csv, followed_tv_show.csv or "
                    + "tracking-prod-records*.csv columns (tv_show_id or s_id, …); the columns are \(table.header.prefix(8).joined(separator: ", "))")
        }
        let episodes = season != nil && number != nil
        var batch = ImportBatch()
        for row in table.rows {
            func fail(_ reason: String) -> ImportError { ImportError(file: file, line: row.line, reason: reason) }
            var kind: ImportRecord.Kind = episodes ? .watched : .favourite
            if key != nil {
                let event = table.value(row, key).lowercased()
                if event.contains("movie") {
                    batch.skipped["films", default: 0] += 1
                    continue
                } else if event.hasPrefix("user-series") {
                    kind = .favourite
                } else if event.hasPrefix("watch-episode") || event.hasPrefix("rewatch-episode") {
                    kind = .watched
                } else {
                    batch.skipped["other TV Time events", default: 0] += 1
                    continue
                }
            }
            let idText = table.value(row, showID)
            guard let tvdb = Int(idText), tvdb > 0 else { throw fail("the show id '\(idText)' is not a TheTVDB id") }
            var at: Int?
            let timeText = table.value(row, time)
            if !timeText.isEmpty {
                guard let seconds = ImportTime.seconds(timeText) else { throw fail("the time '\(timeText)' cannot be read") }
                at = seconds
            }
            let origin = ImportRecord.Origin(file: file, line: row.line)
            let show = ProviderIDs(tvdb: tvdb)
            switch kind {
            case .favourite:
                batch.records.append(ImportRecord(kind: .favourite, show: show, showName: table.value(row, name), at: at, origin: origin))
            case .watched:
                let seasonText = table.value(row, season), numberText = table.value(row, number)
                guard let s = Int(seasonText), let n = Int(numberText), s >= 0, n >= 0 else {
                    throw fail("the season '\(seasonText)' and episode '\(numberText)' are not numbers")
                }
                let episode = ProviderIDs(tvdb: Int(table.value(row, episodeID)))
                batch.records.append(
                    ImportRecord(
                        kind: .watched, show: show, showName: table.value(row, name), season: s, number: n,
                        episode: episode, at: at, origin: origin))
            case .rated, .show:
                // TV Time's files give neither.
                continue
            }
        }
        return batch
    }
}
