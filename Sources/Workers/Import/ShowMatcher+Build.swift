import Domain
import FoundationEssentials

extension ShowMatcher {
    /// Turns the records into favourites and marks once their shows are resolved and the
    /// episode lists the rows without numbers need are fetched, a part of the rows at a time:
    /// each part is let go once built, so the rows are not all held beside the marks.
    func build(_ rows: ImportRows, shows: [String: Resolution], episodeLists: [Int: [TVmazeLookupDTO.Episode]]) -> Result {
        var built = HistoryBuilder()
        built.reserveMarks(rows.records.count { $0.kind == .watched })
        var problems: [ImportProblem] = []
        var matchedRows = 0
        while let part = rows.takeFirst() {
            for record in part.records {
                guard let query = Self.query(record.show, name: record.showName, keepsTMDB: keepsTMDBIDs), let resolution = shows[query] else {
                    let reason =
                        record.episode.tvdb.map { "only TheTVDB's episode id \($0) is given, which TVmaze cannot look up: fill in the show's tvmaze id, season and number" }
                        ?? "no show id or name"
                    problems.append(ImportProblem(record: record, kind: .unmatched, reason: reason))
                    continue
                }
                let ids: ProviderIDs
                let foundName: String
                switch resolution {
                case .unmatched(let reason):
                    problems.append(ImportProblem(record: record, kind: .unmatched, reason: reason))
                    continue
                case .ambiguous(let reason):
                    problems.append(ImportProblem(record: record, kind: .ambiguous, reason: reason))
                    continue
                case .notAsked:
                    problems.append(
                        ImportProblem(record: record, kind: .unmatched, reason: "TVmaze is not asked with --offline; add the show's tvmaze id", needsTVmaze: true))
                    continue
                case .found(let found, let name):
                    ids = found.filled(from: record.show)
                    foundName = name
                }
                let name = record.showName.isEmpty ? foundName : record.showName
                let at = record.at ?? now
                switch record.kind {
                case .favourite:
                    built.favourite(HistoryFavourite(show: ids, name: name, rating: record.rating, addedAt: at))
                case .show:
                    built.show(HistoryShow(show: ids, name: name, rating: record.rating, ratedAt: record.ratedAt ?? at, settings: record.settings ?? .standard))
                case .rated:
                    guard let season = record.season, let number = record.number, let rating = record.rating else {
                        let missing = record.rating == nil ? "no rating" : "no season and episode number"
                        problems.append(ImportProblem(record: record, kind: .unmatched, reason: missing))
                        continue
                    }
                    if let missing = EpisodeLists.missing(season: season, number: number, show: ids.tvmaze, name: name, in: episodeLists) {
                        problems.append(ImportProblem(record: record, kind: .unmatched, reason: missing))
                        continue
                    }
                    built.rated(
                        HistoryRating(show: ids, showName: name, season: season, number: number, episode: record.episode, rating: rating, ratedAt: record.ratedAt ?? at))
                case .watched:
                    var season = record.season, number = record.number, episodeIDs = record.episode
                    if number == nil || season == nil, let show = ids.tvmaze {
                        guard let list = episodeLists[show] ?? (offline ? nil : []) else {
                            problems.append(
                                ImportProblem(record: record, kind: .unmatched, reason: "its episode list is not looked up with --offline", needsTVmaze: true))
                            continue
                        }
                        switch EpisodeLists.episode(titled: record.episodeTitle ?? "", season: record.season, in: list) {
                        case .success(let found):
                            season = found.season
                            number = found.number
                            episodeIDs = episodeIDs.filled(from: ProviderIDs(tvmaze: found.id))
                        case .failure(let problem):
                            problems.append(ImportProblem(record: record, kind: problem.kind, reason: problem.reason))
                            continue
                        }
                    }
                    guard let season, let number else {
                        problems.append(ImportProblem(record: record, kind: .unmatched, reason: "no season and episode number"))
                        continue
                    }
                    if let missing = EpisodeLists.missing(season: season, number: number, show: ids.tvmaze, name: name, in: episodeLists) {
                        problems.append(ImportProblem(record: record, kind: .unmatched, reason: missing))
                        continue
                    }
                    built.mark(
                        HistoryMark(
                            show: ids, showName: name, season: season, number: number, episode: episodeIDs, markedAt: at, plays: record.plays ?? 1,
                            lastPlayedAt: record.lastPlayedAt, rating: record.rating, ratedAt: record.ratedAt ?? at))
                }
                matchedRows += 1
            }
        }
        return Result(history: built.history, problems: problems, matchedRows: matchedRows)
    }
}
