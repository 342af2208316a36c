import Domain
import FoundationEssentials

/// discover-tui's own export, in JSON (`DiscoverHistoryDTO`) or CSV, as `export` writes it and
/// `import discover` reads it back exactly (docs/history-format.md). Version 2 carries the
/// plays and ratings of the watched episodes, the episodes rated but not watched, and the
/// shows' own ratings and settings; version 1 files (and the older CSV header) still read.
///
/// CSV: RFC 4180, a header line then one row per favourite, watched episode, rated episode or
/// show, columns `columns`; `kind` is `favourite`, `watched`, `rated` or `show`, times are ISO
/// 8601 UTC (`2024-09-10T13:52:56Z`), unknown values are empty. A field a spreadsheet would
/// take for a formula is written with a `'` before it (`guarded`), removed again on reading.
public enum DiscoverHistoryFormat {
    /// The CSV header's columns before version 2 (still read).
    static let versionOneColumns = [
        "kind", "show_name", "tvmaze", "tmdb", "tvdb", "imdb", "season", "number",
        "episode_tvmaze", "episode_tmdb", "episode_tvdb", "episode_imdb", "rating", "at"
    ]

    /// The CSV header's columns: version 1's, then `plays`, `last_played_at`, `rated_at`,
    /// `specials` (`true`/`false`) and `order` (`aired`/`any`).
    static let columns = versionOneColumns + ["plays", "last_played_at", "rated_at", "specials", "order"]

    /// The history as JSON, version 2: normalised order, keys sorted, two-space indents, a
    /// final newline (`HistoryJSONWriter`, the bytes `JSONEncoder` gives the DTO).
    /// - Parameter history: the favourites, marks, shows and ratings.
    /// - Returns: the bytes.
    /// - Throws: nothing (the writer cannot fail); the signature is the encoder's.
    public static func json(_ history: WatchHistory) throws -> Data {
        Data(HistoryJSONWriter.bytes(history.normalised) + [UInt8(ascii: "\n")])
    }

    /// The same bytes as `json`, made by `JSONEncoder` from `DiscoverHistoryDTO.File`: what
    /// `HistoryJSONWriter` is held to.
    /// - Parameter history: the favourites, marks, shows and ratings.
    /// - Returns: the bytes.
    /// - Throws: `EncodingError` (not expected for these shapes).
    static func encodedJSON(_ history: WatchHistory) throws -> Data {
        let sorted = history.normalised
        let file = DiscoverHistoryDTO.File(
            format: DiscoverHistoryDTO.name, version: DiscoverHistoryDTO.version,
            favourites: sorted.favourites.map { .init(show: DiscoverHistoryDTO.ids($0.show), name: $0.name, rating: $0.rating, addedAt: $0.addedAt) },
            watched: sorted.marks.map {
                .init(
                    show: DiscoverHistoryDTO.ids($0.show), showName: $0.showName, season: $0.season, number: $0.number,
                    episode: $0.episode.isEmpty ? nil : DiscoverHistoryDTO.ids($0.episode), markedAt: $0.markedAt, plays: $0.plays,
                    lastPlayedAt: $0.lastPlayedAt, rating: $0.rating, ratedAt: $0.ratedAt)
            },
            shows: sorted.shows.map {
                .init(
                    show: DiscoverHistoryDTO.ids($0.show), name: $0.name, rating: $0.rating, ratedAt: $0.ratedAt, specials: $0.settings.countsSpecials,
                    order: $0.settings.order.rawValue)
            },
            rated: sorted.rated.map {
                .init(
                    show: DiscoverHistoryDTO.ids($0.show), showName: $0.showName, season: $0.season, number: $0.number,
                    episode: $0.episode.isEmpty ? nil : DiscoverHistoryDTO.ids($0.episode), rating: $0.rating, ratedAt: $0.ratedAt)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(file) + Data("\n".utf8)
    }

    /// The history as CSV, in the normalised order: favourites, watched episodes, rated
    /// episodes, then shows.
    /// - Parameter history: the favourites, marks, shows and ratings.
    /// - Returns: the bytes (CRLF line ends, as RFC 4180 writes them).
    public static func csv(_ history: WatchHistory) -> Data {
        let sorted = history.normalised
        var lines = [columns.joined(separator: ",")]
        for f in sorted.favourites {
            lines.append(row(ImportRecord(kind: .favourite, show: f.show, showName: f.name, at: f.addedAt, rating: f.rating, origin: nowhere)))
        }
        for m in sorted.marks {
            lines.append(
                row(
                    ImportRecord(
                        kind: .watched, show: m.show, showName: m.showName, season: m.season, number: m.number, episode: m.episode, at: m.markedAt,
                        rating: m.rating, ratedAt: m.ratedAt, plays: m.plays, lastPlayedAt: m.lastPlayedAt, origin: nowhere)))
        }
        for r in sorted.rated {
            lines.append(
                row(
                    ImportRecord(
                        kind: .rated, show: r.show, showName: r.showName, season: r.season, number: r.number, episode: r.episode, rating: r.rating,
                        ratedAt: r.ratedAt, origin: nowhere)))
        }
        for s in sorted.shows {
            lines.append(
                row(ImportRecord(kind: .show, show: s.show, showName: s.name, rating: s.rating, ratedAt: s.ratedAt, settings: s.settings, origin: nowhere)))
        }
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    private static let nowhere = ImportRecord.Origin(file: "", line: 0)

    /// A record's fields in `columns`' order.
    static func fields(_ r: ImportRecord) -> [String] {
        func text(_ value: Int?) -> String { value.map(String.init) ?? "" }
        func time(_ value: Int?) -> String { value.map(ImportTime.iso) ?? "" }
        return [
            r.kind.rawValue, r.showName, text(r.show.tvmaze), text(r.show.tmdb), text(r.show.tvdb), r.show.imdb ?? "",
            text(r.season), text(r.number), text(r.episode.tvmaze), text(r.episode.tmdb), text(r.episode.tvdb), r.episode.imdb ?? "",
            text(r.rating), time(r.at), text(r.plays), time(r.lastPlayedAt), time(r.ratedAt),
            r.settings.map { $0.countsSpecials ? "true" : "false" } ?? "", r.settings?.order.rawValue ?? ""
        ]
    }

    private static func row(_ record: ImportRecord) -> String { fields(record).map { quoted(guarded($0)) }.joined(separator: ",") }

    /// The first characters a spreadsheet may take for a formula (OWASP's CSV injection list):
    /// `=`, `+`, `-`, `@`, tab and carriage return.
    static let formulaStarts: Set<UInt8> = [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D]

    /// Whether a field needs the spreadsheet guard: after any `'`s, it starts with one of
    /// `formulaStarts`.
    static func needsGuard(_ field: Substring) -> Bool {
        field.utf8.first { $0 != UInt8(ascii: "'") }.map { formulaStarts.contains($0) } ?? false
    }

    /// A field as a spreadsheet cannot take it for a formula: `'` before it when `needsGuard`.
    static func guarded(_ field: String) -> String { needsGuard(field[...]) ? "'" + field : field }

    /// A field as it was before `guarded`: its first `'` dropped when what follows needs the
    /// guard; every other field as it is.
    static func unguarded(_ field: String) -> String {
        guard field.first == "'", needsGuard(field.dropFirst()) else { return field }
        return String(field.dropFirst())
    }

    /// The extra columns of the file of rows an import could not match (`problemsCSV`): the
    /// episode's title where the export gave one, and why the row was not imported.
    static let problemColumns = ["episode_title", "problem"]

    /// Rows an import could not match, as a discover CSV with two more columns
    /// (`episode_title`, `problem`): fill in a show's `tvmaze` id (or an episode's season and
    /// number) and import the file again with `import discover`.
    /// - Parameter problems: the rows and why each failed.
    /// - Returns: the bytes.
    public static func problemsCSV(_ problems: [ImportProblem]) -> Data {
        var lines = [(columns + problemColumns).joined(separator: ",")]
        for problem in problems {
            let r = problem.record
            lines.append((fields(r) + [r.episodeTitle ?? "", "\(problem.reason) (\(r.origin))"]).map { quoted(guarded($0)) }.joined(separator: ","))
        }
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// A CSV field, quoted when it holds a comma, a quote or a line break.
    static func quoted(_ field: String) -> String {
        // By bytes, not characters: a comma, a quote, CR or LF.
        guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }

    /// Reads an export back (or a file of rows an import could not match): JSON when the first
    /// non-space byte is `{`, else CSV.
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: its path.
    /// - Returns: the records, every id kept.
    /// - Throws: `ImportError` for another format, version or column set, or a row that
    ///   cannot be read (a rating outside 1–10, plays below 1, an unknown order).
    public static func read(_ data: Data, file: String) throws -> ImportBatch {
        var batch = ImportBatch()
        for part in try readParts(data, file: file) { batch.append(part) }
        return batch
    }

    /// Reads an export back as `read` does, the records in parts of at most
    /// `ImportRows.partSize` (CSV) or in one part (JSON).
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: its path.
    /// - Returns: the parts, in file order (at least one).
    /// - Throws: `ImportError`, as `read`.
    static func readParts(_ data: Data, file: String) throws -> [ImportBatch] {
        let first = data.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        if first == UInt8(ascii: "{") { return [try jsonBatch(data, file: file)] }
        return try csvParts(data, file: file)
    }
}
