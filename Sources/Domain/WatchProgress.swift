import FoundationEssentials

/// How far a show has been watched, from its episode list and its marks: the furthest watched
/// episode, how many of the regular episodes are marked, the next unwatched aired one, how
/// many aired ones are left from it, and the next one not aired yet. Specials are left out.
///
/// An episode has aired when its air time (`airstamp`) is at or before `now`, or, without an
/// air time, when its air day is before `now`'s UTC day. An episode with neither is not aired.
public struct WatchProgress: Sendable, Equatable {
    /// The furthest watched regular episode in season and number order, or nil for none.
    public let furthest: Episode?
    /// How many regular episodes are marked.
    public let watchedCount: Int
    /// How many regular episodes the list has.
    public let totalCount: Int
    /// The first aired, unwatched regular episode after the furthest watched one (from the
    /// start when none is watched); nil when caught up.
    public let nextUnwatched: Episode?
    /// How many aired, unwatched regular episodes there are from `nextUnwatched` on.
    public let leftCount: Int
    /// The first regular episode not aired yet, or nil.
    public let nextUnaired: Episode?

    /// Works the progress out.
    /// - Parameters:
    ///   - episodes: the show's episode list.
    ///   - watched: the marked episodes as (season, number).
    ///   - now: the time that decides what has aired.
    public init(episodes: ShowEpisodes, watched: Set<SeasonAndNumber>, now: Date) {
        let regular = episodes.regularEpisodes.filter { $0.number != nil }
        func aired(_ episode: Episode) -> Bool { Self.hasAired(episode, now: now) }
        func isWatched(_ episode: Episode) -> Bool {
            guard let number = episode.number else { return false }
            return watched.contains(SeasonAndNumber(season: episode.season, number: number))
        }
        let lastIndex = regular.lastIndex(where: isWatched)
        furthest = lastIndex.map { regular[$0] }
        watchedCount = regular.filter(isWatched).count
        totalCount = regular.count
        let rest = regular[(lastIndex.map { $0 + 1 } ?? 0)...]
        let waiting = rest.filter { aired($0) && !isWatched($0) }
        nextUnwatched = waiting.first
        leftCount = waiting.count
        nextUnaired = regular.first { !aired($0) }
    }

    /// Whether an episode has aired: its air time at or before `now`, or without one, its air
    /// day before `now`'s UTC day; neither known is not aired.
    /// - Parameters:
    ///   - episode: the episode.
    ///   - now: the present.
    public static func hasAired(_ episode: Episode, now: Date) -> Bool {
        if let stamp = episode.airstamp { return stamp <= now }
        if let day = episode.airDate { return day < CalendarDate.utcDay(ofUnixTime: Int(now.timeIntervalSince1970)) }
        return false
    }

    /// The share watched in whole percent, rounded half up (5 of 73 → 7); 0 for an empty list.
    public var percent: Int {
        totalCount == 0 ? 0 : (watchedCount * 200 + totalCount) / (totalCount * 2)
    }
}
