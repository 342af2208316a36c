/// Every episode of a show: the regular ones season by season, and the specials apart.
public struct ShowEpisodes: Sendable, Hashable {
    /// The provider's id for the show.
    public let showID: Int
    /// The regular seasons in ascending order, each with at least one episode.
    public let seasons: [SeasonEpisodes]
    /// The specials (TVmaze specials, TMDB season 0), in airing order.
    public let specials: [Episode]
    /// Where the list came from (and, for a snapshot, the day it was recorded).
    public let source: DataSource

    /// Makes the episodes from seasons already grouped.
    /// - Parameters: one per property.
    public init(showID: Int, seasons: [SeasonEpisodes], specials: [Episode], source: DataSource) {
        self.showID = showID
        self.seasons = seasons
        self.specials = specials
        self.source = source
    }

    /// Makes the episodes from a flat list: episodes with `isSpecial` go to `specials`, the rest are
    /// grouped by `season` (ascending) and ordered by number, unnumbered ones last by air date.
    /// - Parameters:
    ///   - showID: the show's provider id.
    ///   - episodes: the episodes in any order.
    ///   - source: where they came from.
    public init(showID: Int, episodes: [Episode], source: DataSource) {
        var bySeason: [Int: [Episode]] = [:]
        var specials: [Episode] = []
        for episode in episodes {
            if episode.isSpecial { specials.append(episode) } else { bySeason[episode.season, default: []].append(episode) }
        }
        self.showID = showID
        self.seasons = bySeason.keys.sorted().map { number in
            SeasonEpisodes(number: number, episodes: (bySeason[number] ?? []).sorted(by: Self.airsBefore))
        }
        self.specials = specials.sorted(by: Self.airsBefore)
        self.source = source
    }

    /// The regular episodes, season by season.
    public var regularEpisodes: [Episode] { seasons.flatMap(\.episodes) }

    /// The season and number a mark or a rating of an episode is kept under: a regular
    /// episode's own; a special's in season 0, as Trakt and TheTVDB number them: its own
    /// number when the provider puts it in season 0 (TMDB), else its place in `specials`
    /// (airing order) from 1 (TVmaze's specials have none). Nil for an unnumbered regular
    /// episode or an episode not in the list.
    /// - Parameter episode: the episode.
    public func markKey(of episode: Episode) -> SeasonAndNumber? {
        guard episode.isSpecial else { return episode.number.map { SeasonAndNumber(season: episode.season, number: $0) } }
        if episode.season == 0, let number = episode.number { return SeasonAndNumber(season: 0, number: number) }
        guard let index = specials.firstIndex(where: { $0.id == episode.id }) else { return nil }
        return SeasonAndNumber(season: 0, number: index + 1)
    }

    /// The episodes in watching order: the regular ones season by season, and, when
    /// `withSpecials`, each special placed after the last regular episode that aired on or
    /// before it (specials with no date at the end).
    /// - Parameter withSpecials: whether the specials are in.
    public func watchingOrder(withSpecials: Bool) -> [Episode] {
        let regular = regularEpisodes.filter { $0.number != nil }
        guard withSpecials, !specials.isEmpty else { return regular }
        var after: [Int: [Episode]] = [:] // index in `regular` (-1: before all) → specials
        var undated: [Episode] = []
        for special in specials {
            guard let day = special.airDate else { undated.append(special); continue }
            let index = regular.lastIndex { episode in
                if let stamp = episode.airstamp, let other = special.airstamp { return stamp <= other }
                return episode.airDate.map { $0 <= day } ?? false
            }
            after[index ?? -1, default: []].append(special)
        }
        var out = after[-1] ?? []
        for (index, episode) in regular.enumerated() {
            out.append(episode)
            out += after[index] ?? []
        }
        return out + undated
    }

    /// Episode order within a season: by number, then unnumbered by air date, then by id.
    static func airsBefore(_ lhs: Episode, _ rhs: Episode) -> Bool {
        switch (lhs.number, rhs.number) {
        case (let l?, let r?) where l != r: return l < r
        case (.some, nil): return true
        case (nil, .some): return false
        default:
            if lhs.airDate != rhs.airDate {
                guard let l = lhs.airDate else { return false }
                guard let r = rhs.airDate else { return true }
                return l < r
            }
            return lhs.id < rhs.id
        }
    }
}
