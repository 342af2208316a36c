import Domain
import FoundationEssentials
import Terminal
import Workers

/// `discover-tui ratings [SHOW] [--json]` and `discover-tui watched SHOW --json`: what the
/// watched-episodes database holds of ratings and plays, without the network.
enum RatingLists {
    /// One `ratings --json` line: a show's rating (no season or number) or an episode's.
    struct JSONRating: Encodable {
        let provider: String
        let showId: Int
        let show: String
        let season: Int?
        let number: Int?
        let rating: Int
        let ratedAt: String
    }

    /// One `watched SHOW --json` line: an episode's plays, the first and the latest (ISO 8601
    /// UTC), and its rating when rated.
    struct JSONPlays: Encodable {
        let season: Int
        let number: Int
        let plays: Int
        let firstPlayed: String
        let lastPlayed: String
        let rating: Int?
    }

    /// One line of the ratings: the show, the episode (nil for the show's own), the rating, when.
    struct Row {
        let show: WatchedShowID
        let name: String
        let episode: SeasonAndNumber?
        let rating: UserRating
        let ratedAt: Int
    }

    /// Prints every rating (of one show when named) and exits: shows by name, each show's own
    /// rating first, then its episodes by season and number; 1 with a sentence when there is
    /// none.
    /// - Parameters:
    ///   - target: a show's name or id, or nil for all.
    ///   - worker: the database.
    ///   - json: one JSON object a line instead of aligned text.
    ///   - text: the repertoire for text.
    static func ratings(of target: String?, worker: WatchedWorker, json: Bool, text: CellText) async -> Never {
        let answer = await worker.allRatings()
        if let notice = answer.notice { StandardStreams.error(line: CellText(repertoire: .ascii).sanitize(notice)) }
        var rows = answer.value.shows.map { Row(show: $0.show, name: $0.name, episode: nil, rating: $0.rating, ratedAt: $0.ratedAt) }
        rows += answer.value.episodes.map {
            Row(show: $0.key.show, name: $0.showName, episode: SeasonAndNumber(season: $0.key.season, number: $0.key.number), rating: $0.rating, ratedAt: $0.ratedAt)
        }
        if let target {
            let folded = SearchFolding.fold(target)
            let exact = rows.filter { String($0.show.id) == target || SearchFolding.fold($0.name) == folded }
            rows = exact.isEmpty ? rows.filter { SearchFolding.fold($0.name).contains(folded) } : exact
        }
        guard !rows.isEmpty else {
            let ascii = CellText(repertoire: .ascii)
            DiscoverApp.fail(
                target.map { "no rating of '\(ascii.sanitize($0))': rate it with discover-tui rate SHOW [SxxEyy] N" }
                    ?? "no ratings yet: rate a show or an episode with discover-tui rate SHOW [SxxEyy] N", status: 1)
        }
        // One name a show (its latest), shows by name, the show's own rating before its episodes'.
        var names: [WatchedShowID: (name: String, at: Int)] = [:]
        for row in rows where names[row.show].map({ $0.at <= row.ratedAt }) ?? true { names[row.show] = (row.name, row.ratedAt) }
        func name(_ row: Row) -> String { names[row.show]?.name ?? row.name }
        rows.sort { a, b in
            let l = (SearchFolding.fold(name(a)), a.show), r = (SearchFolding.fold(name(b)), b.show)
            if l != r { return l < r }
            return (a.episode.map { ($0.season, $0.number) } ?? (-1, -1)) < (b.episode.map { ($0.season, $0.number) } ?? (-1, -1))
        }
        var out = ""
        if json {
            for row in rows {
                let object = JSONRating(
                    provider: row.show.provider, showId: row.show.id, show: name(row), season: row.episode?.season, number: row.episode?.number,
                    rating: row.rating.value, ratedAt: ScheduleCommands.isoUTC(Date(timeIntervalSince1970: Double(row.ratedAt))))
                if let line = JSONLine.encode(object, asciiOnly: text.repertoire == .ascii) { out += line + "\n" }
            }
        } else {
            let width = rows.map { text.width(text.sanitize(name($0))) }.max() ?? 0
            let codeWidth = rows.compactMap { $0.episode.map { EpisodeCode.text($0).count } }.max() ?? 0
            for row in rows {
                let fields = [
                    text.padded(name(row), cells: width), text.padded(row.episode.map(EpisodeCode.text) ?? "", cells: codeWidth),
                    text.padded(String(row.rating.value), cells: 2, alignRight: true), CalendarDate.utcDay(ofUnixTime: row.ratedAt).description
                ]
                out += fields.filter { !$0.isEmpty }.joined(separator: "  ") + "\n"
            }
        }
        StandardStreams.output(out)
        ProcessExit.now(0)
    }

    /// Prints a started show's plays, one JSON object an episode (of one season when given),
    /// and exits; 1 with a sentence when the show has no watched episode (there).
    /// - Parameters:
    ///   - target: the show's name or id.
    ///   - season: the season, or nil for all.
    ///   - worker: the database.
    ///   - ascii: ASCII-only JSON.
    static func plays(of target: String, season: Int?, worker: WatchedWorker, ascii: Bool) async -> Never {
        let errorText = CellText(repertoire: .ascii)
        let started = await worker.startedShows()
        if let notice = started.notice { StandardStreams.error(line: errorText.sanitize(notice)) }
        let folded = SearchFolding.fold(target)
        guard
            let show = started.value.first(where: { String($0.show.id) == target || SearchFolding.fold($0.name) == folded })
                ?? started.value.first(where: { SearchFolding.fold($0.name).contains(folded) })
        else {
            DiscoverApp.fail("no watched episode of '\(errorText.sanitize(target))': mark some in the episode guide (e, then w or W)", status: 1)
        }
        let record = await worker.record(of: show.show).value
        let marks = record.marks.filter { season == nil || $0.key.season == season }
        guard !marks.isEmpty else {
            DiscoverApp.fail(errorText.sanitize("\(show.name) has no watched episode" + (season.map { " in season \($0)" } ?? "")), status: 1)
        }
        var out = ""
        for mark in marks {
            let object = JSONPlays(
                season: mark.key.season, number: mark.key.number, plays: mark.plays,
                firstPlayed: ScheduleCommands.isoUTC(Date(timeIntervalSince1970: Double(mark.markedAt))),
                lastPlayed: ScheduleCommands.isoUTC(Date(timeIntervalSince1970: Double(mark.lastPlayedAt))),
                rating: record.episodeRatings[SeasonAndNumber(season: mark.key.season, number: mark.key.number)]?.value)
            if let line = JSONLine.encode(object, asciiOnly: ascii) { out += line + "\n" }
        }
        StandardStreams.output(out)
        ProcessExit.now(0)
    }
}
