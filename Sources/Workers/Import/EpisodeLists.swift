import Domain
import FoundationEssentials

/// The episode lists an import finds and checks episodes against: the embedded snapshot's
/// (offline), as the lookups' DTO, and why a numbered episode is not its show's.
public enum EpisodeLists {
    /// A show's episode list from the embedded snapshot (`SnapshotEpisodesWorker`), for
    /// `recorded`: what an import checks and finds episodes against offline.
    /// - Parameter show: the TVmaze show id.
    /// - Returns: its episodes; nil when the snapshot holds none.
    @Sendable public static func embeddedEpisodes(_ show: Int) async -> ShowEpisodes? {
        try? await SnapshotEpisodesWorker().episodeOutline(showID: show)
    }

    /// A list of episodes as the lookups' DTO (specials without a number, as TVmaze gives them).
    static func lookupEpisodes(_ list: ShowEpisodes) -> [TVmazeLookupDTO.Episode] {
        (list.regularEpisodes + list.specials).map { episode in
            TVmazeLookupDTO.Episode(id: episode.id, name: episode.name, season: episode.season, number: episode.isSpecial ? nil : episode.number)
        }
    }

    /// Why a numbered episode is not the show's: nil when it is, when the show's list is not
    /// known (or empty), or for a special (season 0, which TVmaze does not number).
    /// - Returns: words like `TVmaze lists no S01E99 of Game of Thrones: season 1 has no episode 99`.
    static func missing(season: Int, number: Int, show: Int?, name: String, in lists: [Int: [TVmazeLookupDTO.Episode]]) -> String? {
        guard season > 0, let show, let list = lists[show], !list.isEmpty else { return nil }
        if list.contains(where: { $0.season == season && $0.number == number }) { return nil }
        let code = "S\(season < 10 ? "0" : "")\(season)E\(number < 10 ? "0" : "")\(number)"
        let seasons = Set(list.compactMap { $0.number == nil ? nil : $0.season })
        let what = seasons.contains(season) ? "season \(season) has no episode \(number)" : "season \(season) never aired"
        return "TVmaze lists no \(code) of \(name.isEmpty ? "the show" : name): \(what)"
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
        let key = ShowMatcher.nameKey(title)
        let candidates = episodes.filter { $0.season != nil && $0.number != nil && (season == nil || $0.season == season) }
        let same = candidates.filter { ShowMatcher.nameKey($0.name ?? "") == key }
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
