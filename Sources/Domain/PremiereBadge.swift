/// What an episode opens, from TVmaze's numbering (`number == 1`): a series premiere (season 1),
/// shown `NEW`, or a season premiere, shown `S3 ▶` (`S3 >` in ASCII).
public enum PremiereBadge: Sendable, Hashable {
    /// The first episode of the first season.
    case series
    /// The first episode of a later season (the season's number).
    case season(Int)

    /// The badge of an episode, or nil when it opens nothing (a special, an episode after the first).
    /// - Parameter episode: the episode.
    public init?(_ episode: Episode) {
        guard !episode.isSpecial, episode.number == 1, episode.season >= 1 else { return nil }
        self = episode.season == 1 ? .series : .season(episode.season)
    }

    /// `NEW`, `S3 ▶`, or with `ascii` `S3 >`.
    /// - Parameter ascii: true for an ASCII terminal.
    public func text(ascii: Bool) -> String {
        switch self {
        case .series: return "NEW"
        case .season(let n): return "S\(n) " + (ascii ? ">" : "▶")
        }
    }
}
