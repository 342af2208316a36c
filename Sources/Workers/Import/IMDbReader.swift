import Domain
import FoundationEssentials

/// Reads IMDb's CSV exports: "Your ratings" (`Const, Your Rating, Date Rated, Title, …,
/// Title Type, …`) and lists and the watchlist (`Position, Const, Created, …, Title Type, …,
/// Your Rating, Date Rated`). Both are told apart by their columns, not the file's name.
///
/// `Title Type` (older exports write `tvSeries`, newer ones `TV Series`): series and
/// mini-series of a list or the watchlist become favourites (with the rating, if any), those of
/// "Your ratings" the show's rating; episodes become watched marks with their rating, found
/// later by their title (`Show: Episode`, as IMDb names them); films, shorts, specials, videos
/// and games are skipped and counted by type.
public enum IMDbReader {
    /// Reads one IMDb CSV file.
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: its path.
    /// - Returns: the records and the skipped counts.
    /// - Throws: `ImportError` for a file without the `Const` and `Title Type` columns, or a
    ///   row whose `Const` is not a `tt` id, whose rating is not 1–10 or whose date cannot be read.
    public static func read(_ data: Data, file: String) throws -> ImportBatch {
        let table = try CSVTable(data: data, file: file)
        let const = try table.required("Const", format: "IMDb ratings or list")
        let type = try table.required("Title Type", format: "IMDb ratings or list")
        let title = table.column("Title", "Original Title")
        let rating = table.column("Your Rating")
        let rated = table.column("Date Rated")
        let created = table.column("Created")
        // Lists and the watchlist number their rows; "Your ratings" does not.
        let isList = table.column("Position") != nil
        var batch = ImportBatch()
        for row in table.rows {
            func fail(_ reason: String) -> ImportError { ImportError(file: file, line: row.line, reason: reason) }
            let id = table.value(row, const)
            guard id.hasPrefix("tt"), id.count > 2, id.dropFirst(2).allSatisfy(\.isASCIIDigit) else {
                throw fail("the Const column is not an IMDb id ('\(id)')")
            }
            let kind = table.value(row, type).lowercased().filter { $0 != " " && $0 != "-" }
            var score: Int?
            let ratingText = table.value(row, rating)
            if !ratingText.isEmpty {
                guard let value = Int(ratingText), (1...10).contains(value) else { throw fail("the rating '\(ratingText)' is not 1 to 10") }
                score = value
            }
            let dateText = table.value(row, rated).isEmpty ? table.value(row, created) : table.value(row, rated)
            var at: Int?
            if !dateText.isEmpty {
                guard let seconds = ImportTime.seconds(dateText) else { throw fail("the date '\(dateText)' is not YYYY-MM-DD") }
                // (or `Mon Dec 25 00:00:00 2017`, as older list exports write `Created`)
                at = seconds
            }
            let name = table.value(row, title)
            let origin = ImportRecord.Origin(file: file, line: row.line)
            switch kind {
            case "tvseries", "tvminiseries":
                if isList || score == nil {
                    batch.records.append(ImportRecord(kind: .favourite, show: ProviderIDs(imdb: id), showName: name, at: at, rating: score, origin: origin))
                } else {
                    batch.records.append(ImportRecord(kind: .show, show: ProviderIDs(imdb: id), showName: name, rating: score, ratedAt: at, origin: origin))
                }
            case "tvepisode":
                let pieces = name.splitting(by: ": ")
                let parts = pieces.count >= 2 ? [pieces[0], pieces[1...].joined(separator: ": ")] : pieces
                batch.records.append(
                    ImportRecord(
                        kind: .watched, show: ProviderIDs(), showName: parts.count == 2 ? parts[0] : "",
                        episodeTitle: parts.count == 2 ? parts[1] : name, episode: ProviderIDs(imdb: id),
                        at: at, rating: score, ratedAt: score == nil ? nil : at, origin: origin))
            case "":
                throw fail("the Title Type column is empty")
            default:
                batch.skipped[kind.hasPrefix("movie") || kind == "tvmovie" ? "films" : "other titles (\(kind))", default: 0] += 1
            }
        }
        return batch
    }
}

extension Character {
    /// True for 0 to 9 (ASCII) only.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
