import Domain
import FoundationEssentials

extension ShowMatcher {
    /// Turns the records into favourites and marks once their shows are resolved and the
    /// episode lists the rows without numbers need are fetched.
    func build(_ batch: ImportBatch, shows: [String: Resolution], episodeLists: [Int: [TVmazeLookupDTO.Episode]]) -> Result {
        var built = HistoryBuilder()
        var problems: [ImportProblem] = []
        var matchedRows = 0
        for record in batch.records {
            guard let query = Self.query(record.show, name: record.showName, keepsTMDB: keepsTMDBIDs), let resolution = shows[query] else {
                problems.append(ImportProblem(record: record, kind: .unmatched, reason: "no show id or name"))
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
                built.rated(
                    HistoryRating(show: ids, showName: name, season: season, number: number, episode: record.episode, rating: rating, ratedAt: record.ratedAt ?? at))
            case .watched:
                var season = record.season, number = record.number, episodeIDs = record.episode
                if number == nil || season == nil, let show = ids.tvmaze {
                    guard let list = episodeLists[show] ?? (offline ? nil : []) else {
                        problems.append(ImportProblem(record: record, kind: .unmatched, reason: "its episode list is not looked up with --offline"))
                        continue
                    }
                    switch Self.episode(titled: record.episodeTitle ?? "", season: record.season, in: list) {
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
                built.mark(
                    HistoryMark(
                        show: ids, showName: name, season: season, number: number, episode: episodeIDs, markedAt: at, plays: record.plays ?? 1,
                        lastPlayedAt: record.lastPlayedAt, rating: record.rating, ratedAt: record.ratedAt ?? at))
            }
            matchedRows += 1
        }
        return Result(history: built.history, problems: problems, matchedRows: matchedRows)
    }

    /// Why an episode title found no episode or several.
    struct EpisodeProblem: Error {
        let kind: ImportProblem.Kind
        let reason: String
    }

    /// A found episode's season, number and TVmaze id.
    struct FoundEpisode {
        let season: Int
        let number: Int
        let id: Int
    }

    /// The episode with this title (folded) in the season, or in any season when `season` is
    /// nil; failing that, `Episode N` / `Chapter N` as number N of the season.
    static func episode(titled title: String, season: Int?, in episodes: [TVmazeLookupDTO.Episode]) -> Swift.Result<FoundEpisode, EpisodeProblem> {
        let key = nameKey(title)
        let candidates = episodes.filter { $0.season != nil && $0.number != nil && (season == nil || $0.season == season) }
        let same = candidates.filter { nameKey($0.name ?? "") == key }
        if same.count == 1, let s = same[0].season, let n = same[0].number { return .success(FoundEpisode(season: s, number: n, id: same[0].id)) }
        let place = season.map { "season \($0)" } ?? "the show"
        if same.count > 1 {
            return .failure(EpisodeProblem(kind: .ambiguous, reason: "\(same.count) episodes of \(place) are called '\(title)'"))
        }
        let words = key.split(separator: " ")
        if let season, words.count == 2, words[0] == "episode" || words[0] == "chapter", let n = Int(words[1]),
            let found = candidates.first(where: { $0.season == season && $0.number == n })
        {
            return .success(FoundEpisode(season: season, number: n, id: found.id))
        }
        if episodes.isEmpty { return .failure(EpisodeProblem(kind: .unmatched, reason: "TVmaze lists no episodes of the show")) }
        return .failure(EpisodeProblem(kind: .unmatched, reason: "no episode of \(place) is called '\(title)'"))
    }
}
