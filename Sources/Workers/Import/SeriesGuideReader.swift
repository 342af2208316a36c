import Domain
import FoundationEssentials

/// Reads SeriesGuide's JSON backup files (each a top-level array; see
/// `Tests/TestSupport/Fixtures/imports/seriesguide_backup_schema_summary.md`), told apart by
/// their items' keys:
///
/// - `seriesguide-shows-backup.json`: shows (`tmdb_id`, legacy `tvdb_id`, `imdb_id`, `title`,
///   `favorite`, `rating_user` 0–10, `last_watched_ms`) → `seasons[]` (`season`, 0 for
///   specials; `tmdb_id` a string there) → `episodes[]` (`episode`, `title`, `watched`,
///   `plays`, `skipped`, `rating_user`). A favourite show is a favourite, its `rating_user`
///   the show's rating; a watched episode a mark with its plays (at the show's
///   `last_watched_ms`, the only watch time kept), its `rating_user` the episode's; an episode
///   rated but not watched a rated episode; a skipped one (`skipped` overrides `watched`) is
///   counted, as the app keeps no skips. A `rating_user` of 0 is none.
/// - `seriesguide-movies-backup.json`: films, counted.
/// - `seriesguide-lists-backup.json`: list items, counted.
///
/// Values of another type than documented are read leniently (a number written as a string,
/// as `tmdb_id` is on seasons); a show with no id or title is listed as unmatched.
public enum SeriesGuideReader {
    /// Reads one SeriesGuide backup file.
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: its path.
    /// - Returns: the records and skipped counts.
    /// - Throws: `ImportError` for a file that is not a JSON array (a damaged one with its line
    ///   and column).
    public static func read(_ data: Data, file: String) throws -> ImportBatch {
        let items: [SeriesGuideDTO.Item]
        do {
            items = try JSONText.decode([SeriesGuideDTO.Item].self, from: data)
        } catch {
            if let damaged = ImportError.jsonSyntax(data, file: file) { throw damaged }
            throw ImportError(file: file, line: 1, reason: "not a SeriesGuide backup: expected a JSON array of shows, lists or movies")
        }
        let lines = JSONItemLines.lines(in: [UInt8](data))
        var batch = ImportBatch()
        for (index, item) in items.enumerated() {
            let origin = ImportRecord.Origin(file: file, line: index < lines.count ? lines[index] : 1)
            if item.listID != nil || item.items != nil {
                batch.skipped["list items", default: 0] += item.items?.count ?? 0
                continue
            }
            if item.releasedMs != nil || item.runtimeMinutes != nil || item.inWatchlist != nil {
                batch.skipped["films", default: 0] += 1
                continue
            }
            show(item, origin: origin, into: &batch)
        }
        return batch
    }

    /// A show's records: favourite, rating, watched and rated episodes.
    static func show(_ show: SeriesGuideDTO.Item, origin: ImportRecord.Origin, into batch: inout ImportBatch) {
        let ids = ProviderIDs(
            tmdb: show.tmdbID.flatMap { $0 > 0 ? $0 : nil }, tvdb: show.tvdbID.flatMap { $0 > 0 ? $0 : nil },
            imdb: show.imdbID.flatMap { $0.hasPrefix("tt") ? $0 : nil })
        let name = show.title ?? ""
        let at = show.lastWatchedMs.map { $0 / 1000 }
        if show.favorite { batch.records.append(ImportRecord(kind: .favourite, show: ids, showName: name, origin: origin)) }
        if let rating = rating(show.ratingUser) {
            batch.records.append(ImportRecord(kind: .show, show: ids, showName: name, rating: rating, origin: origin))
        }
        for season in show.seasons {
            for episode in season.episodes {
                let episodeIDs = ProviderIDs(tmdb: episode.tmdbID.flatMap { $0 > 0 ? $0 : nil }, tvdb: episode.tvdbID.flatMap { $0 > 1 ? $0 : nil })
                let rated = rating(episode.ratingUser)
                if episode.skipped {
                    batch.skipped["episodes marked skipped", default: 0] += 1
                } else if episode.watched {
                    batch.records.append(
                        ImportRecord(
                            kind: .watched, show: ids, showName: name, season: season.season, number: episode.episode, episodeTitle: episode.title,
                            episode: episodeIDs, at: at, rating: rated, plays: max(1, episode.plays ?? 1), origin: origin))
                } else if let rated {
                    batch.records.append(
                        ImportRecord(
                            kind: .rated, show: ids, showName: name, season: season.season, number: episode.episode, episodeTitle: episode.title,
                            episode: episodeIDs, rating: rated, origin: origin))
                }
            }
        }
    }

    /// A `rating_user`: 1–10, or nil for 0 (none) and anything outside.
    static func rating(_ value: Int?) -> Int? { value.flatMap { (1...10).contains($0) ? $0 : nil } }
}
