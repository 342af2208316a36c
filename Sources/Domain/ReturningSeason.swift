/// Whether a season's first episode brings a show back: the show has an earlier season, and at
/// least `minimumGapDays` (8 weeks) passed between that season's last episode and this one. A
/// season numbered by its year (`PremiereBadge.yearNumberedSeasons`) and a season that follows
/// the last one without a break (a daily or weekly show's next run) bring nothing back. When the
/// show's seasons are not known (offline without a recording, a request that failed) a season
/// numbered below 1900 is kept: nothing says it did not return.
public enum ReturningSeason {
    /// The shortest break that makes a returning season: 8 weeks, in days.
    public static let minimumGapDays = 56

    /// What the seasons say of a season's first episode.
    public enum Verdict: Sendable, Equatable {
        /// It returns: `gapDays` since the earlier season's last episode, nil when not known.
        case returning(gapDays: Int?)
        /// It continues a running show: a year-numbered season, no earlier season listed, or a
        /// break under 8 weeks.
        case continuing
    }

    /// The verdict on a season opening on a day.
    /// - Parameters:
    ///   - season: the season's number (2 and up; season 1 is a series premiere, never a return).
    ///   - day: the day its first episode airs, as the network dates it; nil to take the
    ///     season's own `premiered` from `seasons`.
    ///   - seasons: the show's seasons (TVmaze `/shows/{id}/seasons`, with `premiered` and
    ///     `ended` days); nil when they are not known.
    /// - Returns: nil for season 1 and below, else the verdict.
    public static func verdict(season: Int, opensOn day: CalendarDate?, seasons: [SeasonSummary]?) -> Verdict? {
        guard season >= 2 else { return nil }
        guard season < PremiereBadge.yearNumberedSeasons else { return .continuing }
        guard let seasons else { return .returning(gapDays: nil) }
        guard let earlier = seasons.filter({ $0.number >= 1 && $0.number < season }).max(by: { $0.number < $1.number }) else {
            return .continuing
        }
        let opens = day ?? seasons.first { $0.number == season }?.premiered
        guard let lastDay = earlier.ended ?? earlier.premiered, let opens else { return .returning(gapDays: nil) }
        let gap = CivilDays.days(opens) - CivilDays.days(lastDay)
        return gap >= minimumGapDays ? .returning(gapDays: gap) : .continuing
    }
}
