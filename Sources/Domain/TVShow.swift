/// A TV show as listed in a catalogue: enough to rank it and to show its details page.
///
/// Every field but `id` and `name` may be missing in the source data; a missing field is nil
/// (or empty), never a made-up value.
public struct TVShow: Sendable, Hashable, Identifiable {
    /// The provider's id for the show (TVmaze or TMDB id).
    public let id: Int
    /// The show's name as plain text (HTML entities already decoded); may be empty.
    public let name: String
    /// The kind of show, for example "Scripted", "Reality", "Animation".
    public let type: String?
    /// The main language, in English, for example "English".
    public let language: String?
    /// Genres in English, for example `["Drama", "Thriller"]`.
    public let genres: [String]
    /// The production status, for example "Running", "Ended", "To Be Determined".
    public let status: String?
    /// The usual episode length in minutes.
    public let runtimeMinutes: Int?
    /// The day the first episode aired.
    public let premiered: CalendarDate?
    /// The day the last episode aired, when the show has ended.
    public let ended: CalendarDate?
    /// The show's own web site.
    public let officialSite: String?
    /// When it airs.
    public let schedule: AirSchedule
    /// The mean user rating, 0–10.
    public let rating: Double?
    /// The provider's popularity score: TVmaze's `weight`, 0–100.
    public let weight: Int?
    /// The show's place in the provider's own popularity list, from 1 (TMDB's `/tv/popular`
    /// order); nil for providers that give a score (`weight`) instead.
    public let popularityRank: Int?
    /// Who airs it.
    public let broadcaster: Broadcaster?
    /// The synopsis as plain-text paragraphs (markup removed, entities decoded once).
    public let summary: [String]
    /// When the provider last changed the record, in seconds since 1970-01-01 UTC.
    public let updatedAt: Int?

    /// Makes a show. Only `id` and `name` are required.
    /// - Parameters: one per property; see each property for its meaning and units.
    public init(
        id: Int, name: String, type: String? = nil, language: String? = nil, genres: [String] = [],
        status: String? = nil, runtimeMinutes: Int? = nil, premiered: CalendarDate? = nil,
        ended: CalendarDate? = nil, officialSite: String? = nil, schedule: AirSchedule = .none,
        rating: Double? = nil, weight: Int? = nil, broadcaster: Broadcaster? = nil,
        summary: [String] = [], updatedAt: Int? = nil, popularityRank: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.language = language
        self.genres = genres
        self.status = status
        self.runtimeMinutes = runtimeMinutes
        self.premiered = premiered
        self.ended = ended
        self.officialSite = officialSite
        self.schedule = schedule
        self.rating = rating
        self.weight = weight
        self.broadcaster = broadcaster
        self.summary = summary
        self.updatedAt = updatedAt
        self.popularityRank = popularityRank
    }

    /// The same show with another synopsis.
    /// - Parameter summary: plain-text paragraphs.
    /// - Returns: a copy with `summary` replaced.
    public func with(summary: [String]) -> TVShow {
        TVShow(
            id: id, name: name, type: type, language: language, genres: genres, status: status,
            runtimeMinutes: runtimeMinutes, premiered: premiered, ended: ended, officialSite: officialSite,
            schedule: schedule, rating: rating, weight: weight, broadcaster: broadcaster, summary: summary,
            updatedAt: updatedAt, popularityRank: popularityRank
        )
    }

    /// The order of a "popular" list: the provider's own rank first (`popularityRank`, lower
    /// first, as TMDB lists them), then higher `weight` (TVmaze's popularity score), then
    /// higher rating, then name (case-insensitive), then id. Missing values sort last, and so
    /// does an empty name.
    /// - Returns: true when `lhs` ranks above `rhs`.
    public static func ranksAbove(_ lhs: TVShow, _ rhs: TVShow) -> Bool {
        if lhs.popularityRank != rhs.popularityRank {
            return (lhs.popularityRank ?? Int.max) < (rhs.popularityRank ?? Int.max)
        }
        if lhs.weight != rhs.weight {
            return (lhs.weight ?? -1) > (rhs.weight ?? -1)
        }
        if lhs.rating != rhs.rating {
            return (lhs.rating ?? -1) > (rhs.rating ?? -1)
        }
        if lhs.name.isEmpty != rhs.name.isEmpty { return !lhs.name.isEmpty }
        let l = lhs.name.lowercased(), r = rhs.name.lowercased()
        if l != r { return l < r }
        return lhs.id < rhs.id
    }
}
