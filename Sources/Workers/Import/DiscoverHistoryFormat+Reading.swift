import Domain
import FoundationEssentials

/// Reading discover-tui's export back: JSON of version 1 or 2, CSV with the version-1 or the
/// version-2 header (either with the unmatched rows' two columns after it).
extension DiscoverHistoryFormat {
    /// The JSON form's records: favourites, watched episodes, shows, then rated episodes.
    static func jsonBatch(_ data: Data, file: String) throws -> ImportBatch {
        guard let decoded = try? JSONText.decode(DiscoverHistoryDTO.File.self, from: data), decoded.format == DiscoverHistoryDTO.name else {
            if let damaged = ImportError.jsonSyntax(data, file: file) { throw damaged }
            throw ImportError(file: file, line: 1, reason: "not a discover-tui history export (JSON with \"format\": \"\(DiscoverHistoryDTO.name)\")")
        }
        guard DiscoverHistoryDTO.readableVersions.contains(decoded.version) else {
            throw ImportError(file: file, line: 1, reason: "version \(decoded.version) of the history format; this program reads versions 1 and 2")
        }
        let origin = ImportRecord.Origin(file: file, line: 1)
        func fail(_ list: String, _ index: Int, _ reason: String) -> ImportError {
            ImportError(file: file, line: 1, reason: "\(list) item \(index + 1): \(reason)")
        }
        var records = decoded.favourites.map { f in
            ImportRecord(kind: .favourite, show: DiscoverHistoryDTO.providerIDs(f.show), showName: f.name, at: f.addedAt, rating: f.rating, origin: origin)
        }
        for (index, f) in decoded.favourites.enumerated() {
            if let problem = ratingProblem(f.rating) { throw fail("favourites", index, problem) }
        }
        for (index, m) in decoded.watched.enumerated() {
            if let problem = ratingProblem(m.rating) ?? playsProblem(m.plays) { throw fail("watched", index, problem) }
            records.append(
                ImportRecord(
                    kind: .watched, show: DiscoverHistoryDTO.providerIDs(m.show), showName: m.showName, season: m.season, number: m.number,
                    episode: DiscoverHistoryDTO.providerIDs(m.episode), at: m.markedAt, rating: m.rating, ratedAt: m.ratedAt, plays: m.plays,
                    lastPlayedAt: m.lastPlayedAt, origin: origin))
        }
        for (index, s) in (decoded.shows ?? []).enumerated() {
            if let problem = ratingProblem(s.rating) { throw fail("shows", index, problem) }
            guard let order = s.order.map({ WatchOrder(rawValue: $0) }) ?? .aired else {
                throw fail("shows", index, "the order '\(s.order ?? "")' is neither aired nor any")
            }
            records.append(
                ImportRecord(
                    kind: .show, show: DiscoverHistoryDTO.providerIDs(s.show), showName: s.name, rating: s.rating, ratedAt: s.ratedAt,
                    settings: ShowWatchSettings(countsSpecials: s.specials ?? false, order: order), origin: origin))
        }
        for (index, r) in (decoded.rated ?? []).enumerated() {
            if let problem = ratingProblem(r.rating) { throw fail("rated", index, problem) }
            records.append(
                ImportRecord(
                    kind: .rated, show: DiscoverHistoryDTO.providerIDs(r.show), showName: r.showName, season: r.season, number: r.number,
                    episode: DiscoverHistoryDTO.providerIDs(r.episode), rating: r.rating, ratedAt: r.ratedAt, origin: origin))
        }
        return ImportBatch(records: records)
    }

    private static func ratingProblem(_ rating: Int?) -> String? {
        guard let rating, !(1...10).contains(rating) else { return nil }
        return "a rating of \(rating), not 1 to 10"
    }

    private static func playsProblem(_ plays: Int?) -> String? {
        guard let plays, plays < 1 else { return nil }
        return "\(plays) plays, not 1 or more"
    }

    /// The CSV form's records, in file order, in parts of at most `ImportRows.partSize`
    /// records (so that matching can let each go once done); columns found by name in the header.
    static func csvParts(_ data: Data, file: String) throws -> [ImportBatch] {
        var parts: [ImportBatch] = []
        var records: [ImportRecord] = []
        records.reserveCapacity(ImportRows.partSize)
        var index: [String: Int] = [:]
        // Row by row as they are read: a large export's rows are never all held as text.
        try CSVTable.streaming(data: data, file: file, header: { index = try columnIndex($0, file: file) }) { table, row in
            func fail(_ reason: String) -> ImportError { ImportError(file: file, line: row.line, reason: reason) }
            func string(_ column: String) -> String? {
                let text = unguarded(table.value(row, index[column]))
                return text.isEmpty ? nil : text
            }
            func int(_ column: String) throws -> Int? {
                guard let text = string(column) else { return nil }
                guard let value = Int(text) else { throw fail("'\(text)' in the \(column) column is not a number") }
                return value
            }
            func time(_ column: String) throws -> Int? {
                guard let text = string(column) else { return nil }
                guard let seconds = ImportTime.seconds(text) else { throw fail("the time '\(text)' in the \(column) column cannot be read") }
                return seconds
            }
            guard row.fields.count == table.header.count else { throw fail("\(row.fields.count) fields, not \(table.header.count)") }
            let show = ProviderIDs(tvmaze: try int("tvmaze"), tmdb: try int("tmdb"), tvdb: try int("tvdb"), imdb: string("imdb"))
            let episode = ProviderIDs(tvmaze: try int("episode_tvmaze"), tmdb: try int("episode_tmdb"), tvdb: try int("episode_tvdb"), imdb: string("episode_imdb"))
            let rating = try int("rating"), plays = try int("plays")
            if let problem = ratingProblem(rating) ?? playsProblem(plays) { throw fail(problem) }
            let name = unguarded(table.value(row, index["show_name"]))
            var record = ImportRecord(
                kind: .watched, show: show, showName: name, season: try int("season"), number: try int("number"), episodeTitle: string("episode_title"),
                episode: episode, at: try time("at"), rating: rating, ratedAt: try time("rated_at"), plays: plays, lastPlayedAt: try time("last_played_at"),
                origin: ImportRecord.Origin(file: file, line: row.line))
            switch unguarded(table.value(row, index["kind"])) {
            case "favourite":
                record = ImportRecord(kind: .favourite, show: show, showName: name, at: record.at, rating: rating, origin: record.origin)
            case "watched":
                break
            case "rated":
                record.kind = .rated
            case "show":
                record = ImportRecord(kind: .show, show: show, showName: name, rating: rating, ratedAt: record.ratedAt, origin: record.origin)
                record.settings = try settings(specials: string("specials"), order: string("order"), fail: fail)
            case let other:
                throw fail("the kind '\(other)' is not one of favourite, watched, rated or show")
            }
            records.append(record)
            if records.count == ImportRows.partSize {
                parts.append(ImportBatch(records: records))
                records = []
                records.reserveCapacity(ImportRows.partSize)
            }
        }
        if !records.isEmpty || parts.isEmpty { parts.append(ImportBatch(records: records)) }
        return parts
    }

    /// Each known column's index in a header of any order.
    /// - Throws: `ImportError` naming a version-1 column that is missing, a column of another
    ///   name, or a column given twice.
    static func columnIndex(_ header: [String], file: String) throws -> [String: Int] {
        if let missing = versionOneColumns.first(where: { !header.contains($0) }) {
            throw ImportError(file: file, line: 1, reason: "not a discover-tui history export: no \(missing) column")
        }
        let known = Set(columns + problemColumns)
        var index: [String: Int] = [:]
        for (position, name) in header.enumerated() {
            guard known.contains(name) else {
                throw ImportError(file: file, line: 1, reason: "the column '\(name)' is not one of \((columns + problemColumns).joined(separator: ", "))")
            }
            guard index.updateValue(position, forKey: name) == nil else {
                throw ImportError(file: file, line: 1, reason: "the column \(name) is given twice")
            }
        }
        return index
    }

    private static func settings(specials: String?, order: String?, fail: (String) -> ImportError) throws -> ShowWatchSettings {
        var settings = ShowWatchSettings.standard
        switch specials {
        case nil, "false": break
        case "true": settings.countsSpecials = true
        case let other?: throw fail("'\(other)' in the specials column is neither true nor false")
        }
        if let order {
            guard let parsed = WatchOrder(rawValue: order) else { throw fail("the order '\(order)' is neither aired nor any") }
            settings.order = parsed
        }
        return settings
    }
}
