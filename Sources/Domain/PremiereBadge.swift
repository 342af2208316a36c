/// What an episode opens or closes: a series premiere (TVmaze's numbering, season 1
/// `number == 1`), shown `NEW`; a season premiere, shown `S3 ▶` (`S3 >` in ASCII); or the last
/// episode of a season whose length is known, shown `FINALE`. The text is the badge (never a
/// colour alone). A season numbered by its year (`yearNumberedSeasons`: a daily or weekly show's
/// 2024) opens nothing: its first episode is one more of a running show.
public enum PremiereBadge: Sendable, Hashable {
    /// The first episode of the first season.
    case series
    /// The first episode of a later season (the season's number).
    case season(Int)
    /// The last episode of its season: its number is the season's episode order (TVmaze
    /// `/shows/{id}/seasons` `episodeOrder`), or TMDB marks it `episode_type: "finale"`.
    case finale

    /// The lowest season number read as a year (`S2024`): such a season is no premiere.
    public static let yearNumberedSeasons = 1900

    /// The premiere badge of an episode, or nil when it opens nothing (a special, an episode
    /// after the first, the first of a year-numbered season).
    /// - Parameter episode: the episode.
    public init?(_ episode: Episode) {
        guard !episode.isSpecial, episode.number == 1, episode.season >= 1, episode.season < Self.yearNumberedSeasons else { return nil }
        self = episode.season == 1 ? .series : .season(episode.season)
    }

    /// Every badge of an episode, the premiere first: a one-episode season is both `S2 ▶` and
    /// `FINALE`.
    /// - Parameters:
    ///   - episode: the episode.
    ///   - episodeOrder: how many episodes its season has, when known (nil: not known).
    /// - Returns: none, one or two badges.
    public static func badges(_ episode: Episode, episodeOrder: Int?) -> [PremiereBadge] {
        var badges = PremiereBadge(episode).map { [$0] } ?? []
        if isFinale(episode, episodeOrder: episodeOrder) { badges.append(.finale) }
        return badges
    }

    /// Whether an episode ends its season: the provider says so (TMDB `episode_type`), or its
    /// number is the season's known episode order. A special never is.
    /// - Parameters:
    ///   - episode: the episode.
    ///   - episodeOrder: the season's length, when known.
    public static func isFinale(_ episode: Episode, episodeOrder: Int?) -> Bool {
        guard !episode.isSpecial, episode.season >= 1, let number = episode.number else { return false }
        if episode.isSeasonFinale { return true }
        guard let episodeOrder, episodeOrder > 0 else { return false }
        return number == episodeOrder
    }

    /// The seasons whose length an episode list settles: a season followed by a later listed
    /// season has ended, so its highest episode number is its length. The last listed season
    /// may still be airing (TVmaze lists announced episodes only) and is left out.
    /// - Parameter episodes: a show's episodes (specials are ignored).
    /// - Returns: season number → episode count.
    public static func endedSeasonLengths(_ episodes: [Episode]) -> [Int: Int] {
        var highest: [Int: Int] = [:]
        for episode in episodes where !episode.isSpecial && episode.season >= 1 {
            guard let number = episode.number else { continue }
            highest[episode.season] = max(highest[episode.season] ?? 0, number)
        }
        guard let last = highest.keys.max() else { return [:] }
        highest[last] = nil
        return highest
    }

    /// `NEW`, `S3 ▶`, `FINALE`, or with `ascii` `S3 >`.
    /// - Parameter ascii: true for an ASCII terminal.
    public func text(ascii: Bool) -> String {
        switch self {
        case .series: return "NEW"
        case .season(let n): return "S\(n) " + (ascii ? ">" : "▶")
        case .finale: return "FINALE"
        }
    }

    /// The badges as one text, `S2 ▶ FINALE`; empty for none.
    /// - Parameters:
    ///   - badges: the badges, in order.
    ///   - ascii: true for an ASCII terminal.
    public static func text(_ badges: [PremiereBadge], ascii: Bool) -> String {
        badges.map { $0.text(ascii: ascii) }.joined(separator: " ")
    }

    /// The word a JSON line gives it: `series`, `season` or `finale`.
    public var kind: String {
        switch self {
        case .series: return "series"
        case .season: return "season"
        case .finale: return "finale"
        }
    }
}
