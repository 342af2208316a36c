import Domain
import FoundationEssentials

/// Reads Netflix's viewing history (`NetflixViewingHistory.csv`: `Title,Date`, newest first).
///
/// Titles: `Show: Season 2: Episode Title` (also `Part 2`, `Volume 2`, `Series 2`, `Book 2`,
/// `Chapter 2` and `Limited Series`) become watched marks found later by show name, season and
/// episode title; `Show: Episode Title` (no season) by show name and title in any season. A
/// title without `: ` is a film or a one-off and is skipped and counted (`films and specials`).
///
/// Dates are written in the account's locale: `M/D/YY` in the US, `D/M/YY` in much of the
/// world, `D.M.YY` in Germany, years of two or four digits, or `YYYY-MM-DD`. The order is
/// chosen once for the whole file (`NetflixDates`).
public enum NetflixReader {
    /// Reads one Netflix viewing history.
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: its path.
    /// - Returns: the records and the skipped counts.
    /// - Throws: `ImportError` for a file without `Title` and `Date` columns, a date that is
    ///   not a date, or an empty title.
    public static func read(_ data: Data, file: String) throws -> ImportBatch {
        let table = try CSVTable(data: data, file: file)
        let titleColumn = try table.required("Title", format: "Netflix viewing history")
        let dateColumn = try table.required("Date", format: "Netflix viewing history")
        var parsed: [(row: CSVTable.Row, date: NetflixDates.Parts)] = []
        for row in table.rows {
            let text = table.value(row, dateColumn)
            guard let parts = NetflixDates.parts(text) else {
                throw ImportError(file: file, line: row.line, reason: "the date '\(text)' is not a date")
            }
            parsed.append((row, parts))
        }
        let order = NetflixDates.order(of: parsed.map(\.date))
        var batch = ImportBatch()
        for (row, parts) in parsed {
            let origin = ImportRecord.Origin(file: file, line: row.line)
            guard let day = NetflixDates.day(parts, order: order) else {
                throw ImportError(file: file, line: row.line, reason: "the date '\(table.value(row, dateColumn))' is not a date in \(order.rawValue) order")
            }
            let title = table.value(row, titleColumn)
            guard !title.isEmpty else { throw ImportError(file: file, line: row.line, reason: "the title is empty") }
            guard let episode = episodeTitle(title) else {
                batch.skipped["films and specials", default: 0] += 1
                continue
            }
            batch.records.append(
                ImportRecord(
                    kind: .watched, show: ProviderIDs(), showName: episode.show, season: episode.season,
                    episodeTitle: episode.title, at: ImportTime.midnight(day), origin: origin))
        }
        return batch
    }

    /// A Netflix title's show, season and episode title.
    struct EpisodeTitle: Equatable {
        /// The show's name: the parts before the season.
        let show: String
        /// The season; nil when the title names none.
        let season: Int?
        /// The episode's title: the parts after the season.
        let title: String
    }

    /// Words that name a season in Netflix titles (`Season 2`, `Part 2`, …).
    static let seasonWords: Set<String> = ["season", "series", "part", "volume", "vol.", "book", "chapter", "collection"]

    /// Splits `Show: Season 2: Episode Title` (the season part found anywhere after the first
    /// part, so a show's name may hold `: `).
    /// - Parameter title: the title.
    /// - Returns: the pieces; nil for a title without `: `.
    static func episodeTitle(_ title: String) -> EpisodeTitle? {
        let parts = title.splitting(by: ": ")
        guard parts.count >= 2 else { return nil }
        for index in 1..<parts.count where index < parts.count - 1 || parts.count == 2 {
            let words = parts[index].split(separator: " ")
            let lowered = parts[index].lowercased()
            if words.count == 2, seasonWords.contains(words[0].lowercased()), let number = Int(words[1]), index < parts.count - 1 {
                return EpisodeTitle(
                    show: parts[..<index].joined(separator: ": "), season: number,
                    title: parts[(index + 1)...].joined(separator: ": "))
            }
            if lowered == "limited series" || lowered == "miniseries", index < parts.count - 1 {
                return EpisodeTitle(
                    show: parts[..<index].joined(separator: ": "), season: 1,
                    title: parts[(index + 1)...].joined(separator: ": "))
            }
        }
        return EpisodeTitle(show: parts[0], season: nil, title: parts[1...].joined(separator: ": "))
    }
}

extension String {
    /// The pieces between occurrences of `separator` (empty pieces kept).
    func splitting(by separator: String) -> [String] {
        var pieces: [String] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            pieces.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        pieces.append(String(rest))
        return pieces
    }
}
