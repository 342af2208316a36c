import Domain
import FoundationEssentials

/// Reads Netflix's viewing history (`NetflixViewingHistory.csv`: `Title,Date`, newest first)
/// and the account download's `ViewingActivity.csv` (`Profile Name, Start Time, Duration, …,
/// Title, Supplemental Video Type, …`: every profile's views, start times in UTC; trailers,
/// teasers, hooks and recaps — a `Supplemental Video Type` — are skipped and counted).
///
/// Titles: `Show: Season 2: Episode Title` (the season word in any of `seasonWords`' languages,
/// `Kausi 1`, `Staffel 2`, `Seizoen 3`…, also `Part 2`, `Volume 2`, `Series 2`, `Book 2`,
/// `Chapter 2` and `Limited Series`) become watched marks found later by show name, season and
/// episode title, or by number when the title ends `(Episode 4)` (`(Aflevering 4)`, any word);
/// `Show: Episode Title` (no season) by show name and title in any season. A title without
/// `: ` is a film or a one-off and is skipped and counted (`films and specials`).
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
        if table.column("Start Time") != nil { return try activity(table, file: file) }
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
                    kind: .watched, show: ProviderIDs(), showName: episode.show, season: episode.season, number: episode.number,
                    episodeTitle: episode.title, at: ImportTime.midnight(day), origin: origin))
        }
        return batch
    }

    /// `ViewingActivity.csv`: a row per view, with its start time (UTC).
    /// - Throws: `ImportError` for a file without `Title` or `Start Time`, a start time that is
    ///   not a time, or an empty title.
    static func activity(_ table: CSVTable, file: String) throws -> ImportBatch {
        let titleColumn = try table.required("Title", format: "Netflix viewing activity")
        let startColumn = try table.required("Start Time", format: "Netflix viewing activity")
        let supplementalColumn = table.column("Supplemental Video Type")
        var batch = ImportBatch()
        for row in table.rows {
            if !table.value(row, supplementalColumn).isEmpty {
                batch.skipped["trailers and previews", default: 0] += 1
                continue
            }
            let start = table.value(row, startColumn)
            guard let at = ImportTime.seconds(start) else { throw ImportError(file: file, line: row.line, reason: "the start time '\(start)' is not a time") }
            let title = table.value(row, titleColumn)
            guard !title.isEmpty else { throw ImportError(file: file, line: row.line, reason: "the title is empty") }
            guard let episode = episodeTitle(title) else {
                batch.skipped["films and specials", default: 0] += 1
                continue
            }
            batch.records.append(
                ImportRecord(
                    kind: .watched, show: ProviderIDs(), showName: episode.show, season: episode.season, number: episode.number,
                    episodeTitle: episode.title, at: at, origin: ImportRecord.Origin(file: file, line: row.line)))
        }
        return batch
    }

    /// A Netflix title's show, season and episode title.
    struct EpisodeTitle: Equatable {
        /// The show's name: the parts before the season.
        let show: String
        /// The season; nil when the title names none.
        let season: Int?
        /// The episode's title: the parts after the season, without a closing `(Episode N)`.
        let title: String
        /// The number of a closing `(Episode N)` (any word) when the title names a season.
        var number: Int? = nil
    }

    /// Words that name a season (or a part) in Netflix titles, lower-cased, in the languages
    /// Netflix writes titles in: English, German, French, Spanish and Portuguese, Italian,
    /// Dutch, Finnish, Swedish, Danish, Norwegian, Polish and Turkish, Russian, Ukrainian and
    /// Bulgarian, Hungarian, Czech, Slovak, Croatian and Slovenian, Romanian, Greek, Korean.
    static let seasonWords: Set<String> = [
        "season", "series", "part", "volume", "vol.", "book", "chapter", "collection",
        "staffel", "teil", "saison", "partie", "temporada", "parte", "stagione", "seizoen", "deel", "kausi", "osa",
        "säsong", "del", "sæson", "sesong", "sezon", "część", "sezonul", "сезон", "часть", "частина", "évad", "rész",
        "série", "serie", "sezóna", "séria", "sezona", "σεζόν", "κύκλος", "시즌"
    ]

    /// Titles that name a limited series: season 1.
    static let limitedSeriesWords: Set<String> = [
        "limited series", "miniseries", "miniserie", "minisérie", "miniserie", "mini-series", "miniserien", "minisarja", "miniserial"
    ]

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
                return numbered(show: parts[..<index].joined(separator: ": "), season: number, title: parts[(index + 1)...].joined(separator: ": "))
            }
            // `Stranger Things: Stranger Things 4: Chapter One`: the show's name and a number.
            let show = parts[..<index].joined(separator: ": ")
            if index < parts.count - 1, words.count >= 2, let last = words.last, let number = Int(last),
                words.dropLast().joined(separator: " ").lowercased() == show.lowercased()
            {
                return numbered(show: show, season: number, title: parts[(index + 1)...].joined(separator: ": "))
            }
            if limitedSeriesWords.contains(lowered), index < parts.count - 1 {
                return numbered(show: parts[..<index].joined(separator: ": "), season: 1, title: parts[(index + 1)...].joined(separator: ": "))
            }
        }
        return EpisodeTitle(show: parts[0], season: nil, title: parts[1...].joined(separator: ": "))
    }
}

extension NetflixReader {
    /// A title with a season, its closing `(Episode 4)` (one word, then a number, in
    /// parentheses) taken as the episode's number: `The Well (Episode 2)` → `The Well`, 2.
    static func numbered(show: String, season: Int, title: String) -> EpisodeTitle {
        guard title.hasSuffix(")"), let open = title.lastIndex(of: "(") else { return EpisodeTitle(show: show, season: season, title: title) }
        let inside = title[title.index(after: open)..<title.index(before: title.endIndex)].split(separator: " ")
        guard inside.count == 2, inside[0].allSatisfy(\.isLetter), let number = Int(inside[1]), number > 0 else {
            return EpisodeTitle(show: show, season: season, title: title)
        }
        let name = title[..<open].trimming(.whitespaces)
        return EpisodeTitle(show: show, season: season, title: name.isEmpty ? title : String(name), number: number)
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
