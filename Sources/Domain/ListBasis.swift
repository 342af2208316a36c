/// How a list of shows was made, so that its header can say what it is.
public enum ListBasis: Sendable, Equatable {
    /// The shows airing over some days: one country's broadcast schedule and the worldwide
    /// streaming (web) schedule, ranked by the provider's popularity score.
    /// - country: the ISO 3166-1 alpha-2 code, for example `GB`.
    /// - from, through: the first and last day, inclusive.
    /// - recorded: true when the schedules are recorded answers, not today's.
    /// - streamingOnly: true when no broadcast schedule was recorded (only the web one).
    case airing(country: String, from: CalendarDate, through: CalendarDate, recorded: Bool, streamingOnly: Bool)
    /// The provider's own list of popular shows (TMDB's `/3/tv/popular`).
    case providerPopular
    /// Every show of the catalogue or index.
    case allShows
}
