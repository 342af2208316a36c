import Domain
import FoundationEssentials

/// discover-tui's own export, in JSON (`DiscoverHistoryDTO`) or CSV, as `export` writes it and
/// `import discover` reads it back exactly (docs/history-format.md).
///
/// CSV: RFC 4180, a header line then one row per favourite or mark, columns
/// `kind,show_name,tvmaze,tmdb,tvdb,imdb,season,number,episode_tvmaze,episode_tmdb,episode_tvdb,episode_imdb,rating,at`;
/// `kind` is `favourite` or `watched`, `at` is an ISO 8601 UTC time (`2024-09-10T13:52:56Z`),
/// unknown values are empty.
public enum DiscoverHistoryFormat {
    /// The CSV header's columns.
    static let columns = [
        "kind", "show_name", "tvmaze", "tmdb", "tvdb", "imdb", "season", "number",
        "episode_tvmaze", "episode_tmdb", "episode_tvdb", "episode_imdb", "rating", "at"
    ]

    /// The history as JSON: normalised order, keys sorted, two-space indents, a final newline.
    /// - Parameter history: the favourites and marks.
    /// - Returns: the bytes.
    /// - Throws: `EncodingError` (not expected for these shapes).
    public static func json(_ history: WatchHistory) throws -> Data {
        let sorted = history.normalised
        let file = DiscoverHistoryDTO.File(
            format: DiscoverHistoryDTO.name, version: 1,
            favourites: sorted.favourites.map { .init(show: DiscoverHistoryDTO.ids($0.show), name: $0.name, rating: $0.rating, addedAt: $0.addedAt) },
            watched: sorted.marks.map {
                .init(
                    show: DiscoverHistoryDTO.ids($0.show), showName: $0.showName, season: $0.season, number: $0.number,
                    episode: $0.episode.isEmpty ? nil : DiscoverHistoryDTO.ids($0.episode), markedAt: $0.markedAt)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(file) + Data("\n".utf8)
    }

    /// The history as CSV, in the normalised order.
    /// - Parameter history: the favourites and marks.
    /// - Returns: the bytes (CRLF line ends, as RFC 4180 writes them).
    public static func csv(_ history: WatchHistory) -> Data {
        let sorted = history.normalised
        func text(_ value: Int?) -> String { value.map(String.init) ?? "" }
        var lines = [columns.joined(separator: ",")]
        for f in sorted.favourites {
            lines.append(
                [
                    "favourite", f.name, text(f.show.tvmaze), text(f.show.tmdb), text(f.show.tvdb), f.show.imdb ?? "", "", "",
                    "", "", "", "", text(f.rating), ImportTime.iso(f.addedAt)
                ].map(quoted).joined(separator: ","))
        }
        for m in sorted.marks {
            lines.append(
                [
                    "watched", m.showName, text(m.show.tvmaze), text(m.show.tmdb), text(m.show.tvdb), m.show.imdb ?? "",
                    String(m.season), String(m.number), text(m.episode.tvmaze), text(m.episode.tmdb), text(m.episode.tvdb),
                    m.episode.imdb ?? "", "", ImportTime.iso(m.markedAt)
                ].map(quoted).joined(separator: ","))
        }
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
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
        func text(_ value: Int?) -> String { value.map(String.init) ?? "" }
        var lines = [(columns + problemColumns).joined(separator: ",")]
        for problem in problems {
            let r = problem.record
            let fields = [
                r.kind.rawValue, r.showName, text(r.show.tvmaze), text(r.show.tmdb), text(r.show.tvdb), r.show.imdb ?? "",
                text(r.season), text(r.number), text(r.episode.tvmaze), text(r.episode.tmdb), text(r.episode.tvdb), r.episode.imdb ?? "",
                text(r.rating), r.at.map(ImportTime.iso) ?? "", r.episodeTitle ?? "", "\(problem.reason) (\(r.origin))"
            ]
            lines.append(fields.map(quoted).joined(separator: ","))
        }
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// A CSV field, quoted when it holds a comma, a quote or a line break.
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }

    /// Reads an export back (or a file of rows an import could not match): JSON when the first
    /// non-space byte is `{`, else CSV.
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: its path.
    /// - Returns: the records, every id kept.
    /// - Throws: `ImportError` for another format, version or column set, or a row that
    ///   cannot be read.
    public static func read(_ data: Data, file: String) throws -> ImportBatch {
        let first = data.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        if first == UInt8(ascii: "{") {
            guard let decoded = try? JSONText.decode(DiscoverHistoryDTO.File.self, from: data), decoded.format == DiscoverHistoryDTO.name else {
                throw ImportError(file: file, line: 1, reason: "not a discover-tui history export (JSON with \"format\": \"\(DiscoverHistoryDTO.name)\")")
            }
            guard decoded.version == 1 else { throw ImportError(file: file, line: 1, reason: "version \(decoded.version) of the history format; this program reads version 1") }
            let origin = ImportRecord.Origin(file: file, line: 1)
            let favourites = decoded.favourites.map {
                ImportRecord(kind: .favourite, show: DiscoverHistoryDTO.providerIDs($0.show), showName: $0.name, at: $0.addedAt, rating: $0.rating, origin: origin)
            }
            let marks = decoded.watched.map {
                ImportRecord(
                    kind: .watched, show: DiscoverHistoryDTO.providerIDs($0.show), showName: $0.showName, season: $0.season, number: $0.number,
                    episode: DiscoverHistoryDTO.providerIDs($0.episode), at: $0.markedAt, origin: origin)
            }
            return ImportBatch(records: favourites + marks)
        }
        return try csvBatch(data, file: file)
    }

    private static func csvBatch(_ data: Data, file: String) throws -> ImportBatch {
        let table = try CSVTable(data: data, file: file)
        guard table.header == columns || table.header == columns + problemColumns else {
            throw ImportError(file: file, line: 1, reason: "not a discover-tui history export: the columns must be \(columns.joined(separator: ","))")
        }
        var batch = ImportBatch()
        for row in table.rows {
            func fail(_ reason: String) -> ImportError { ImportError(file: file, line: row.line, reason: reason) }
            func int(_ index: Int) throws -> Int? {
                let text = table.value(row, index)
                if text.isEmpty { return nil }
                guard let value = Int(text) else { throw fail("'\(text)' in the \(columns[index]) column is not a number") }
                return value
            }
            func string(_ index: Int) -> String? { table.value(row, index).isEmpty ? nil : table.value(row, index) }
            guard row.fields.count == table.header.count else { throw fail("\(row.fields.count) fields, not \(table.header.count)") }
            var at: Int?
            if let text = string(13) {
                guard let seconds = ImportTime.seconds(text) else { throw fail("the time '\(text)' cannot be read") }
                at = seconds
            }
            let show = ProviderIDs(tvmaze: try int(2), tmdb: try int(3), tvdb: try int(4), imdb: string(5))
            let origin = ImportRecord.Origin(file: file, line: row.line)
            let name = row.fields[1]
            switch table.value(row, 0) {
            case "favourite":
                batch.records.append(ImportRecord(kind: .favourite, show: show, showName: name, at: at, rating: try int(12), origin: origin))
            case "watched":
                let episode = ProviderIDs(tvmaze: try int(8), tmdb: try int(9), tvdb: try int(10), imdb: string(11))
                batch.records.append(
                    ImportRecord(
                        kind: .watched, show: show, showName: name, season: try int(6), number: try int(7),
                        episodeTitle: string(14), episode: episode, at: at, origin: origin))
            default:
                throw fail("the kind '\(table.value(row, 0))' is neither favourite nor watched")
            }
        }
        return batch
    }
}
