import Domain
import FoundationEssentials

extension TVTimeReader.Reading {
    /// One CSV file of the export, told by its columns.
    /// - Throws: `ImportError` for columns of none of the files, or a row that cannot be read.
    mutating func csv(_ data: Data, file: String) throws {
        let table = try CSVTable(data: data, file: file)
        let key = table.column("key")
        let showID = table.column("tv_show_id", "s_id", "series_id", "show_id")
        let name = table.column("tv_show_name", "series_name", "show_name", "name")
        let season = table.column("episode_season_number", "season_number", "season")
        let number = table.column("episode_number", "number")
        let episodeID = table.column("episode_id", "ep_id")
        let time = table.column("created_at", "watched_at", "updated_at")
        let followed = table.column("is_followed"), favourited = table.column("is_favorited")
        let rewatchCount = table.column("cpt")
        let episodesOnly = showID == nil && episodeID != nil
        guard (showID != nil && (key != nil || name != nil || followed != nil)) || episodesOnly else {
            throw ImportError(
                file: file, line: 1,
                reason: "not a TV Time export file: expected seen_episode.csv, followed_tv_show.csv, user_tv_show_data.csv, "
                    + "rewatched_episode.csv or tracking-prod-records*.csv columns (tv_show_id, episode_id or s_id, …); "
                    + "the columns are \(table.header.prefix(8).joined(separator: ", "))")
        }
        let episodes = season != nil && number != nil
        for row in table.rows {
            func fail(_ reason: String) -> ImportError { ImportError(file: file, line: row.line, reason: reason) }
            var kind: ImportRecord.Kind = episodes || episodesOnly ? .watched : .favourite
            var rewatch = rewatchCount != nil
            if key != nil {
                let event = table.value(row, key).lowercased()
                if event.contains("movie") {
                    batch.skipped["films", default: 0] += 1
                    continue
                } else if event.hasPrefix("user-series") {
                    kind = .favourite
                } else if event.hasPrefix("watch-episode") {
                    kind = .watched
                } else if event.hasPrefix("rewatch-episode") {
                    kind = .watched
                    rewatch = true
                } else {
                    batch.skipped["other TV Time events", default: 0] += 1
                    continue
                }
            }
            var at: Int?
            let timeText = table.value(row, time)
            if !timeText.isEmpty {
                guard let seconds = ImportTime.seconds(timeText) else { throw fail("the time '\(timeText)' cannot be read") }
                at = seconds
            }
            let origin = ImportRecord.Origin(file: file, line: row.line)
            var tvdb: Int?
            if showID != nil {
                let idText = table.value(row, showID)
                guard let id = Int(idText), id > 0 else { throw fail("the show id '\(idText)' is not a TheTVDB id") }
                tvdb = id
            }
            let episodeText = table.value(row, episodeID)
            let episode = Int(episodeText)
            if episodesOnly, episode == nil { throw fail("the episode id '\(episodeText)' is not a TheTVDB id") }
            if followed != nil || favourited != nil {
                guard table.value(row, followed) == "1" || table.value(row, favourited) == "1" else {
                    batch.skipped["shows not followed", default: 0] += 1
                    continue
                }
            }
            switch kind {
            case .favourite:
                batch.records.append(ImportRecord(kind: .favourite, show: ProviderIDs(tvdb: tvdb), showName: table.value(row, name), at: at, origin: origin))
            case .watched:
                var s: Int?, n: Int?
                if episodes {
                    let seasonText = table.value(row, season), numberText = table.value(row, number)
                    guard let seasonValue = Int(seasonText), let numberValue = Int(numberText), seasonValue >= 0, numberValue >= 0 else {
                        throw fail("the season '\(seasonText)' and episode '\(numberText)' are not numbers")
                    }
                    s = seasonValue
                    n = numberValue
                }
                if rewatch {
                    let countText = table.value(row, rewatchCount)
                    let count = rewatchCount == nil ? 1 : Int(countText) ?? -1
                    guard count >= 0 else { throw fail("the rewatch count '\(countText)' is not a number") }
                    if count > 0 {
                        rewatches.append(TVTimeReader.Rewatch(show: tvdb, season: s, number: n, episode: episode, count: count, at: at, origin: origin))
                    }
                    continue
                }
                batch.records.append(
                    ImportRecord(
                        kind: .watched, show: ProviderIDs(tvdb: tvdb), showName: table.value(row, name), season: s, number: n,
                        episodeTitle: tvdb == nil ? TVTimeReader.onlyEpisodeID(episode) : nil, episode: ProviderIDs(tvdb: episode), at: at, origin: origin))
            case .rated, .show:
                // TV Time's files give neither.
                continue
            }
        }
    }
}
