import FoundationEssentials

/// How far a show has been watched, from its episode list, its marks with their plays and
/// its settings: the furthest watched episode, how many of the counted episodes are marked,
/// the next episode to watch, how many aired ones are left, and the next one not aired yet.
///
/// The counted episodes are the regular ones, and the specials too when the show's settings
/// count them (`ShowEpisodes.watchingOrder`). Next, in `aired` order, is the first aired
/// episode after the furthest watched one not watched; in `any` order, the first aired one
/// not watched.
///
/// A rewatch: when every aired counted episode has been watched at least `k` times and some
/// more often, the show is being watched round `k + 1` (`isRewatching`), and "watched" for the
/// next-episode rule means watched more than `k` times.
///
/// An episode has aired when its air time (`airstamp`) is at or before `now`, or, without an
/// air time, when its air day is before `now`'s UTC day. An episode with neither is not aired.
public struct WatchProgress: Sendable, Equatable {
    /// The furthest watched counted episode (in this round when rewatching), or nil for none.
    public let furthest: Episode?
    /// How many counted episodes are marked (whatever the round).
    public let watchedCount: Int
    /// How many counted episodes the list has.
    public let totalCount: Int
    /// The next episode to watch by the show's order; nil when caught up.
    public let nextUnwatched: Episode?
    /// How many aired episodes are left to watch from `nextUnwatched` on (in `any` order:
    /// every aired one not watched).
    public let leftCount: Int
    /// The first counted episode not aired yet, or nil.
    public let nextUnaired: Episode?
    /// True when every aired counted episode was watched and a new round has started.
    public let isRewatching: Bool

    /// Works the progress out from watched marks alone (one play each, default settings).
    /// - Parameters:
    ///   - episodes: the show's episode list.
    ///   - watched: the marked episodes as (season, number).
    ///   - now: the time that decides what has aired.
    public init(episodes: ShowEpisodes, watched: Set<SeasonAndNumber>, now: Date) {
        self.init(episodes: episodes, plays: Dictionary(watched.map { ($0, 1) }, uniquingKeysWith: max), settings: .standard, now: now)
    }

    /// Works the progress out.
    /// - Parameters:
    ///   - episodes: the show's episode list.
    ///   - plays: the plays of each marked episode, by the key it is kept under
    ///     (`ShowEpisodes.markKey`: specials in season 0).
    ///   - settings: the show's settings (specials, order).
    ///   - now: the time that decides what has aired.
    public init(episodes: ShowEpisodes, plays: [SeasonAndNumber: Int], settings: ShowWatchSettings, now: Date) {
        let counted = episodes.watchingOrder(withSpecials: settings.countsSpecials)
        let played = counted.map { episode in episodes.markKey(of: episode).flatMap { plays[$0] } ?? 0 }
        let aired = counted.map { Self.hasAired($0, now: now) }
        let airedPlays = played.indices.filter { aired[$0] }.map { played[$0] }
        let floor = airedPlays.min() ?? 0
        let rewatching = floor >= 1 && (played.max() ?? 0) > floor
        // Watched in this round: more plays than the round's floor (when rewatching), else any.
        let threshold = rewatching ? floor : 0
        let isDone = played.map { $0 > threshold }
        let lastIndex = isDone.lastIndex(of: true)
        furthest = lastIndex.map { counted[$0] }
        watchedCount = played.filter { $0 > 0 }.count
        totalCount = counted.count
        let from = settings.order == .aired ? (lastIndex.map { $0 + 1 } ?? 0) : 0
        let waiting = counted.indices.filter { $0 >= from && aired[$0] && !isDone[$0] }
        nextUnwatched = waiting.first.map { counted[$0] }
        leftCount = waiting.count
        nextUnaired = counted.first { !Self.hasAired($0, now: now) }
        isRewatching = rewatching
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
