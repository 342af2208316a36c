import FoundationEssentials

/// One episode of a show, as a provider lists it (TVmaze `/shows/{id}/episodes`, TMDB
/// `/3/tv/{id}/season/{n}`).
///
/// Every field but `id`, `season` and `name` may be missing in the source data; a missing field
/// is nil (or empty), never a made-up value.
public struct Episode: Sendable, Hashable, Identifiable {
    /// The provider's id for the episode (TVmaze or TMDB episode id).
    public let id: Int
    /// The season number, from 1 (TMDB's season 0 of specials is kept as 0).
    public let season: Int
    /// The episode's number within its season, from 1; nil for an unnumbered special.
    public let number: Int?
    /// The episode's title as plain text (entities decoded); may be empty.
    public let name: String
    /// The day it first aired, in the broadcaster's own time zone, as the provider writes it
    /// (TVmaze `airdate`, TMDB `air_date`).
    public let airDate: CalendarDate?
    /// The instant it first aired (TVmaze `airstamp`, an ISO 8601 time with offset, kept as
    /// UTC); nil when the provider gives only a day (TMDB). Convert it for display with
    /// `ViewerTimeZone`.
    public let airstamp: Date?
    /// The length in minutes.
    public let runtimeMinutes: Int?
    /// The mean user rating, when the provider has one.
    public let rating: EpisodeRating?
    /// The synopsis as plain-text paragraphs (markup removed, entities decoded once).
    public let summary: [String]
    /// True for a special (TVmaze `type` "significant_special" or "insignificant_special",
    /// or TMDB season 0), kept apart from the regular seasons.
    public let isSpecial: Bool
    /// True when the provider marks it as its season's last episode (TMDB `episode_type`
    /// "finale"); false when it does not say (TVmaze: see `PremiereBadge.isFinale`).
    public let isSeasonFinale: Bool

    /// Makes an episode. Only `id`, `season` and `name` are required.
    /// - Parameters: one per property; see each property for its meaning and units.
    public init(
        id: Int, season: Int, number: Int?, name: String, airDate: CalendarDate? = nil,
        airstamp: Date? = nil, runtimeMinutes: Int? = nil, rating: EpisodeRating? = nil,
        summary: [String] = [], isSpecial: Bool = false, isSeasonFinale: Bool = false
    ) {
        self.id = id
        self.season = season
        self.number = number
        self.name = name
        self.airDate = airDate
        self.airstamp = airstamp
        self.runtimeMinutes = runtimeMinutes
        self.rating = rating
        self.summary = summary
        self.isSpecial = isSpecial
        self.isSeasonFinale = isSeasonFinale
    }

    /// The usual short code, `S01E09` (two digits at least); `S01 special` for an unnumbered
    /// special, `S00E03` for TMDB's numbered specials.
    public var code: String {
        func pad(_ n: Int) -> String { n < 10 && n >= 0 ? "0\(n)" : String(n) }
        guard let number else { return "S\(pad(season)) special" }
        return "S\(pad(season))E\(pad(number))"
    }
}
