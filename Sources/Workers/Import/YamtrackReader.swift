import Domain
import FoundationEssentials

/// Reads Yamtrack's CSV export (`media_id, source, media_type, title, image, season_number,
/// episode_number, score, progress, status, start_date, end_date, notes, progress_changed`;
/// older exports have `repeats` and `watch_date`). Columns are found by name.
///
/// - `episode` rows: a watched episode (`end_date`, else `watch_date`, else
///   `progress_changed` is when), its `score` the episode's rating.
/// - `tv` rows: the show's rating from `score`; a show `In progress`, `Planning` or `Paused`
///   is a favourite.
/// - `season` rows: their scores are counted (the app rates episodes and shows, not seasons).
/// - films, anime, manga, games and books are skipped and counted by type.
///
/// Shows are TMDB's (`source` `tmdb`): TVmaze cannot look those up without a key, so they are
/// found by title. A score is 0–10 with decimals: rounded, 0 is none.
public enum YamtrackReader {
    /// Reads one Yamtrack CSV.
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: its path.
    /// - Returns: the records and skipped counts.
    /// - Throws: `ImportError` for a file without `media_type` and `title` columns, or a row
    ///   whose numbers, score or dates cannot be read.
    public static func read(_ data: Data, file: String) throws -> ImportBatch {
        let table = try CSVTable(data: data, file: file)
        let type = try table.required("media_type", format: "Yamtrack")
        let title = try table.required("title", format: "Yamtrack")
        let mediaID = table.column("media_id"), source = table.column("source")
        let season = table.column("season_number"), number = table.column("episode_number")
        let score = table.column("score"), status = table.column("status")
        let times = [table.column("end_date"), table.column("watch_date"), table.column("progress_changed"), table.column("start_date")]
        var batch = ImportBatch()
        for row in table.rows {
            func fail(_ reason: String) -> ImportError { ImportError(file: file, line: row.line, reason: reason) }
            let kind = table.value(row, type).lowercased()
            guard ["tv", "season", "episode"].contains(kind) else {
                batch.skipped[kind == "movie" ? "films" : "other titles (\(kind.isEmpty ? "no type" : kind))", default: 0] += 1
                continue
            }
            var ids = ProviderIDs()
            let idText = table.value(row, mediaID)
            switch table.value(row, source).lowercased() {
            case "tmdb": ids.tmdb = Int(idText)
            case "tvdb": ids.tvdb = Int(idText)
            case "tvmaze": ids.tvmaze = Int(idText)
            default: break
            }
            var rating: Int?
            let scoreText = table.value(row, score)
            if !scoreText.isEmpty {
                guard let value = Double(scoreText), (0...10).contains(value) else { throw fail("the score '\(scoreText)' is not 0 to 10") }
                rating = value >= 0.5 ? Int(value.rounded()) : nil
            }
            var at: Int?
            for column in times {
                let text = table.value(row, column)
                guard !text.isEmpty else { continue }
                guard let seconds = ImportTime.seconds(text) else { throw fail("the date '\(text)' cannot be read") }
                at = seconds
                break
            }
            let name = table.value(row, title)
            let origin = ImportRecord.Origin(file: file, line: row.line)
            switch kind {
            case "episode":
                let seasonText = table.value(row, season), numberText = table.value(row, number)
                guard let s = Int(seasonText), let n = Int(numberText), s >= 0, n >= 0 else {
                    throw fail("the season '\(seasonText)' and episode '\(numberText)' are not numbers")
                }
                batch.records.append(
                    ImportRecord(
                        kind: .watched, show: ids, showName: name, season: s, number: n, at: at, rating: rating, ratedAt: rating == nil ? nil : at,
                        origin: origin))
            case "tv":
                if ["in progress", "planning", "paused"].contains(table.value(row, status).lowercased()) {
                    batch.records.append(ImportRecord(kind: .favourite, show: ids, showName: name, at: at, origin: origin))
                }
                if let rating { batch.records.append(ImportRecord(kind: .show, show: ids, showName: name, rating: rating, ratedAt: at, origin: origin)) }
            default:
                if rating != nil { batch.skipped["season ratings", default: 0] += 1 }
            }
        }
        return batch
    }
}
