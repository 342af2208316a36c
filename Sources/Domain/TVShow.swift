/// A TV show as listed in a catalogue: enough to rank it and to show its details page.
///
/// Every field but `id` and `name` may be missing in the source data; a missing field is nil
/// (or empty), never a made-up value.
///
/// A show is held either on its own (made with `init(id:name:…)`) or as a row of a
/// `ShowTable`, which stores a whole catalogue compactly; both read the same, and two shows
/// with the same fields are equal however they are held.
public struct TVShow: Sendable, Hashable, Identifiable {
    private enum Storage: Sendable {
        case own(Fields)
        case row(ShowTable, Int32)
    }

    /// The fields of a show held on its own.
    private final class Fields: Sendable {
        let id: Int, name: String, type: String?, language: String?, genres: [String], status: String?
        let runtimeMinutes: Int?, premiered: CalendarDate?, ended: CalendarDate?, officialSite: String?
        let schedule: AirSchedule, rating: Double?, weight: Int?, popularityRank: Int?, broadcaster: Broadcaster?
        let summary: [String], updatedAt: Int?, voteCount: Int?

        init(
            id: Int, name: String, type: String?, language: String?, genres: [String], status: String?, runtimeMinutes: Int?,
            premiered: CalendarDate?, ended: CalendarDate?, officialSite: String?, schedule: AirSchedule, rating: Double?,
            weight: Int?, popularityRank: Int?, broadcaster: Broadcaster?, summary: [String], updatedAt: Int?, voteCount: Int?
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
            self.popularityRank = popularityRank
            self.broadcaster = broadcaster
            self.summary = summary
            self.updatedAt = updatedAt
            self.voteCount = voteCount
        }
    }

    private let storage: Storage

    /// The show at a row of a table, read from the table's columns when asked for.
    /// - Parameters:
    ///   - row: the row, from 0 below `table.count`.
    ///   - table: the table.
    public init(row: Int, of table: ShowTable) {
        storage = table.whole(row).map { $0.storage } ?? .row(table, Int32(truncatingIfNeeded: row))
    }

    /// The table and row the show is read from, or nil for a show held on its own.
    public var tableRow: (table: ShowTable, row: Int)? {
        if case .row(let table, let row) = storage { return (table, Int(row)) }
        return nil
    }

    /// The provider's id for the show (TVmaze or TMDB id).
    public var id: Int {
        switch storage {
        case .own(let f): f.id
        case .row(let t, let r): t.id(Int(r))
        }
    }
    /// The show's name as plain text (HTML entities already decoded); may be empty.
    public var name: String {
        switch storage {
        case .own(let f): f.name
        case .row(let t, let r): t.name(Int(r))
        }
    }
    /// The kind of show, for example "Scripted", "Reality", "Animation".
    public var type: String? {
        switch storage {
        case .own(let f): f.type
        case .row(let t, let r): t.word(Int(r), 0)
        }
    }
    /// The main language, in English, for example "English".
    public var language: String? {
        switch storage {
        case .own(let f): f.language
        case .row(let t, let r): t.word(Int(r), 1)
        }
    }
    /// Genres in English, for example `["Drama", "Thriller"]`.
    public var genres: [String] {
        switch storage {
        case .own(let f): f.genres
        case .row(let t, let r): t.genres(Int(r))
        }
    }
    /// The production status, for example "Running", "Ended", "To Be Determined".
    public var status: String? {
        switch storage {
        case .own(let f): f.status
        case .row(let t, let r): t.word(Int(r), 2)
        }
    }
    /// The usual episode length in minutes.
    public var runtimeMinutes: Int? {
        switch storage {
        case .own(let f): f.runtimeMinutes
        case .row(let t, let r): t.number(Int(r), 0)
        }
    }
    /// The day the first episode aired.
    public var premiered: CalendarDate? {
        switch storage {
        case .own(let f): f.premiered
        case .row(let t, let r): t.date(Int(r), 3)
        }
    }
    /// The day the last episode aired, when the show has ended.
    public var ended: CalendarDate? {
        switch storage {
        case .own(let f): f.ended
        case .row(let t, let r): t.date(Int(r), 4)
        }
    }
    /// The show's own web site.
    public var officialSite: String? {
        switch storage {
        case .own(let f): f.officialSite
        case .row(let t, let r): t.officialSite(Int(r))
        }
    }
    /// When it airs.
    public var schedule: AirSchedule {
        switch storage {
        case .own(let f): f.schedule
        case .row(let t, let r): t.schedule(Int(r))
        }
    }
    /// The mean user rating, 0–10.
    public var rating: Double? {
        switch storage {
        case .own(let f): f.rating
        case .row(let t, let r): t.rating(Int(r))
        }
    }
    /// The provider's popularity score: TVmaze's `weight`, 0–100.
    public var weight: Int? {
        switch storage {
        case .own(let f): f.weight
        case .row(let t, let r): t.weight(Int(r))
        }
    }
    /// The show's place in the provider's own popularity list, from 1 (TMDB's `/tv/popular`
    /// order); nil for providers that give a score (`weight`) instead.
    public var popularityRank: Int? {
        switch storage {
        case .own(let f): f.popularityRank
        case .row(let t, let r): t.number(Int(r), 2)
        }
    }
    /// Who airs it.
    public var broadcaster: Broadcaster? {
        switch storage {
        case .own(let f): f.broadcaster
        case .row(let t, let r): t.broadcaster(Int(r))
        }
    }
    /// The synopsis as plain-text paragraphs (markup removed, entities decoded once).
    public var summary: [String] {
        switch storage {
        case .own(let f): f.summary
        case .row(let t, let r): t.summary(Int(r))
        }
    }
    /// When the provider last changed the record, in seconds since 1970-01-01 UTC.
    public var updatedAt: Int? {
        switch storage {
        case .own(let f): f.updatedAt
        case .row(let t, let r): t.updatedAt(Int(r))
        }
    }
    /// How many votes `rating` is the mean of, where the source says (TMDB's `vote_count`);
    /// nil where it does not (TVmaze, and every show of a `ShowTable`).
    public var voteCount: Int? {
        switch storage {
        case .own(let f): f.voteCount
        case .row: nil
        }
    }

    /// Makes a show. Only `id` and `name` are required.
    /// - Parameters: one per property; see each property for its meaning and units.
    public init(
        id: Int, name: String, type: String? = nil, language: String? = nil, genres: [String] = [],
        status: String? = nil, runtimeMinutes: Int? = nil, premiered: CalendarDate? = nil,
        ended: CalendarDate? = nil, officialSite: String? = nil, schedule: AirSchedule = .none,
        rating: Double? = nil, weight: Int? = nil, broadcaster: Broadcaster? = nil,
        summary: [String] = [], updatedAt: Int? = nil, popularityRank: Int? = nil, voteCount: Int? = nil
    ) {
        storage = .own(
            Fields(
                id: id, name: name, type: type, language: language, genres: genres, status: status, runtimeMinutes: runtimeMinutes,
                premiered: premiered, ended: ended, officialSite: officialSite, schedule: schedule, rating: rating, weight: weight,
                popularityRank: popularityRank, broadcaster: broadcaster, summary: summary, updatedAt: updatedAt, voteCount: voteCount
            ))
    }

    /// The same show with another synopsis.
    /// - Parameter summary: plain-text paragraphs.
    /// - Returns: a copy with `summary` replaced.
    public func with(summary: [String]) -> TVShow {
        TVShow(
            id: id, name: name, type: type, language: language, genres: genres, status: status,
            runtimeMinutes: runtimeMinutes, premiered: premiered, ended: ended, officialSite: officialSite,
            schedule: schedule, rating: rating, weight: weight, broadcaster: broadcaster, summary: summary,
            updatedAt: updatedAt, popularityRank: popularityRank, voteCount: voteCount
        )
    }

    /// True when every field is equal (the same row of the same table is equal at once).
    public static func == (lhs: TVShow, rhs: TVShow) -> Bool {
        if case .row(let lt, let lr) = lhs.storage, case .row(let rt, let rr) = rhs.storage, lt === rt, lr == rr { return true }
        return lhs.id == rhs.id && lhs.name == rhs.name && lhs.type == rhs.type && lhs.language == rhs.language
            && lhs.genres == rhs.genres && lhs.status == rhs.status && lhs.runtimeMinutes == rhs.runtimeMinutes
            && lhs.premiered == rhs.premiered && lhs.ended == rhs.ended && lhs.officialSite == rhs.officialSite
            && lhs.schedule == rhs.schedule && lhs.rating == rhs.rating && lhs.weight == rhs.weight
            && lhs.popularityRank == rhs.popularityRank && lhs.broadcaster == rhs.broadcaster
            && lhs.summary == rhs.summary && lhs.updatedAt == rhs.updatedAt && lhs.voteCount == rhs.voteCount
    }

    /// Hashes every field that `==` compares.
    /// - Parameter hasher: the hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(name)
        hasher.combine(type)
        hasher.combine(language)
        hasher.combine(genres)
        hasher.combine(status)
        hasher.combine(runtimeMinutes)
        hasher.combine(premiered)
        hasher.combine(ended)
        hasher.combine(officialSite)
        hasher.combine(schedule)
        hasher.combine(rating)
        hasher.combine(weight)
        hasher.combine(popularityRank)
        hasher.combine(broadcaster)
        hasher.combine(summary)
        hasher.combine(updatedAt)
        hasher.combine(voteCount)
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
        let lName = lhs.name, rName = rhs.name
        if lName.isEmpty != rName.isEmpty { return !lName.isEmpty }
        let l = lName.lowercased(), r = rName.lowercased()
        if l != r { return l < r }
        return lhs.id < rhs.id
    }
}
