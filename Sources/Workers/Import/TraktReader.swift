import Domain
import FoundationEssentials

/// Reads Trakt's JSON (`TraktDTO`): `watched/shows` items give one watched mark per episode
/// with a play (its `plays` and `last_watched_at` kept; specials as season 0); `sync/history`
/// items of type `episode` a play each (an episode's plays counted over the file);
/// `sync/ratings` items (`rating` and `rated_at`) of type `episode` an episode's rating and of
/// type `show` the show's rating; `sync/watchlist` items (`listed_at`) of a show, a season or
/// an episode make the show a favourite. Movies are skipped and counted (`films`), as are
/// seasons' ratings (the app rates episodes and shows).
public enum TraktReader {
    /// The bytes Trakt's export zip starts with (a zip local file header, `PK\3\4`).
    static let zipMagic: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    /// Reads one Trakt JSON file.
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: its path, for messages and origins.
    /// - Returns: the records and the skipped counts.
    /// - Throws: `ImportError` for a zip (unzip it first), text that is not a JSON array, or an
    ///   item of none of the three kinds or with a field of the wrong type (naming its line).
    public static func read(_ data: Data, file: String) throws -> ImportBatch {
        let bytes = [UInt8](data)
        if bytes.starts(with: zipMagic) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) { return try readArchive(data, file: file) }
        let slots: [TraktDTO.Slot]
        do {
            slots = try JSONText.decode([TraktDTO.Slot].self, from: data)
        } catch {
            if let damaged = ImportError.jsonSyntax(data, file: file) { throw damaged }
            throw ImportError(file: file, line: 1, reason: "not a Trakt export: expected a JSON array of watched shows, history or ratings items")
        }
        let lines = JSONItemLines.lines(in: bytes)
        var batch = ImportBatch()
        for (index, slot) in slots.enumerated() {
            let origin = ImportRecord.Origin(file: file, line: index < lines.count ? lines[index] : 1)
            switch slot.item {
            case .failure:
                throw ImportError(file: file, line: origin.line, reason: "item \(index + 1) cannot be read: a field has the wrong type")
            case .success(let item):
                try read(item, origin: origin, into: &batch)
            }
        }
        return countingPlays(batch)
    }

    /// Reads Trakt's export zip: its `.json` members of watched shows, history and ratings
    /// (`watched-shows.json`, `watched-history.json`, `ratings-shows.json`, …), each as a file
    /// named `ARCHIVE:MEMBER`; the other members (lists, watchlist, comments, settings) are
    /// counted.
    static func readArchive(_ data: Data, file: String) throws -> ImportBatch {
        func wanted(_ name: String) -> Bool {
            let base = (name.split(separator: "/").last.map(String.init) ?? name).lowercased()
            return base.hasSuffix(".json") && ["watched", "history", "ratings"].contains { base.contains($0) }
        }
        let members: (read: [ZipArchive.Member], others: [String])
        do {
            members = try ZipArchive.members(of: data, where: wanted)
        } catch let error as ZipArchive.Unreadable {
            throw ImportError(file: file, reason: "cannot read this zip archive (\(error.reason)): unzip it first (unzip '\(file)') and import its .json files")
        }
        guard !members.read.isEmpty else {
            throw ImportError(file: file, reason: "this zip archive holds no Trakt watched, history or ratings .json file")
        }
        var batch = ImportBatch()
        for member in members.read { batch.append(try read(member.data, file: "\(file):\(member.name)")) }
        if !members.others.isEmpty { batch.skipped["other files in the archive", default: 0] += members.others.count }
        return batch
    }

    private static func read(_ item: TraktDTO.Item, origin: ImportRecord.Origin, into batch: inout ImportBatch) throws {
        func fail(_ reason: String) -> ImportError { ImportError(file: origin.file, line: origin.line, reason: reason) }
        if item.movie != nil || item.type == "movie" {
            batch.skipped["films", default: 0] += 1
            return
        }
        guard let show = item.show else {
            throw fail("not a Trakt item: no show or movie in it")
        }
        let ids = providerIDs(show.ids)
        let name = show.title ?? ""
        if let seasons = item.seasons {
            for season in seasons {
                guard let seasonNumber = season.number else { throw fail("a season without a number") }
                for episode in season.episodes ?? [] where (episode.plays ?? 1) > 0 {
                    guard let number = episode.number else { throw fail("an episode of season \(seasonNumber) without a number") }
                    let at = try time(episode.lastWatchedAt ?? item.lastWatchedAt, origin: origin)
                    let plays = max(1, episode.plays ?? 1)
                    batch.records.append(
                        ImportRecord(
                            kind: .watched, show: ids, showName: name, season: seasonNumber, number: number,
                            at: at, plays: plays, lastPlayedAt: plays > 1 ? at : nil, origin: origin))
                }
            }
            return
        }
        if item.seasons == nil, item.episode == nil, item.plays != nil || item.lastWatchedAt != nil {
            // A watched show asked for without its seasons (`extended=noseasons`): no episode to mark.
            batch.skipped["watched shows without their seasons", default: 0] += 1
            return
        }
        let at = try time(item.watchedAt ?? item.ratedAt ?? item.listedAt, origin: origin)
        if let rating = item.rating, !(1...10).contains(rating) { throw fail("a rating of \(rating), not 1 to 10") }
        let type = item.type ?? (item.episode != nil ? "episode" : item.season != nil ? "season" : "show")
        if item.rating == nil && item.watchedAt == nil && item.listedAt != nil {
            // The watchlist: a show, or a season or an episode of it, to watch.
            guard ["show", "season", "episode"].contains(type) else { throw fail("an item of type '\(type)', not episode, season, show or movie") }
            batch.records.append(ImportRecord(kind: .favourite, show: ids, showName: name, at: at, origin: origin))
            return
        }
        switch type {
        case "episode":
            guard let episode = item.episode, let season = episode.season, let number = episode.number else {
                throw fail("an episode item without its season and number")
            }
            batch.records.append(
                ImportRecord(
                    kind: item.rating != nil && item.watchedAt == nil ? .rated : .watched, show: ids, showName: name, season: season, number: number,
                    episodeTitle: episode.title, episode: providerIDs(episode.ids), at: at, rating: item.rating,
                    ratedAt: item.rating != nil ? try time(item.ratedAt, origin: origin) : nil, origin: origin))
        case "show":
            guard let rating = item.rating else {
                batch.records.append(ImportRecord(kind: .favourite, show: ids, showName: name, at: at, origin: origin))
                return
            }
            batch.records.append(ImportRecord(kind: .show, show: ids, showName: name, rating: rating, ratedAt: at, origin: origin))
        case "season":
            batch.skipped["season ratings", default: 0] += 1
        default:
            throw fail("an item of type '\(type)', not episode, season, show or movie")
        }
    }

    /// The history's plays: every `sync/history` watch of an episode is one play, so an
    /// episode seen three times in the file is one mark of 3 plays (first seen, last played).
    static func countingPlays(_ batch: ImportBatch) -> ImportBatch {
        var result = ImportBatch(skipped: batch.skipped)
        var index: [String: Int] = [:]
        for record in batch.records {
            guard record.kind == .watched, record.plays == nil, let season = record.season, let number = record.number,
                let show = ShowMatcher.query(record.show, name: record.showName)
            else {
                result.records.append(record)
                continue
            }
            let key = "\(show)|\(season)|\(number)"
            guard let at = index[key] else {
                index[key] = result.records.count
                result.records.append(record)
                continue
            }
            var kept = result.records[at]
            kept.plays = (kept.plays ?? 1) + 1
            let times = [kept.at, record.at, kept.lastPlayedAt].compactMap { $0 }
            kept.at = times.min()
            kept.lastPlayedAt = times.max()
            kept.episode = kept.episode.filled(from: record.episode)
            result.records[at] = kept
        }
        return result
    }

    /// Trakt's ids as the app's (Trakt's own id is not kept: no other service knows it).
    static func providerIDs(_ ids: TraktDTO.IDs?) -> ProviderIDs {
        ProviderIDs(tmdb: ids?.tmdb, tvdb: ids?.tvdb, imdb: ids?.imdb.flatMap { $0.hasPrefix("tt") ? $0 : nil })
    }

    private static func time(_ text: String?, origin: ImportRecord.Origin) throws -> Int? {
        guard let text else { return nil }
        guard let seconds = ImportTime.seconds(text) else {
            throw ImportError(file: origin.file, line: origin.line, reason: "'\(text)' is not an ISO 8601 time")
        }
        return seconds
    }
}
