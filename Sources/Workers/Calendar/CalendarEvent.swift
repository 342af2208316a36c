/// One event of an iCalendar file (RFC 5545 VEVENT): an episode's airing.
public struct CalendarEvent: Sendable, Hashable {
    /// The globally unique id (RFC 5545 §3.8.4.7), the same on every run for the same
    /// episode, for example `tvmaze-episode-1979600@discover`: a calendar app that imports the
    /// file again updates the event instead of adding a second one.
    public let uid: String
    /// When it starts, in seconds since 1970-01-01 UTC; for an all-day event, the UTC midnight
    /// that begins its day.
    public let startsAt: Int
    /// True when only the day is known (a provider that gives an air date without a time):
    /// the event is then a whole day (`DTSTART;VALUE=DATE`).
    public let isAllDay: Bool
    /// How long it lasts, in seconds; nil when unknown (the event then has no DTEND).
    public let durationSeconds: Int?
    /// The title as plain text, for example `Archer · S14E01 · Keys Open Doors`.
    public let summary: String
    /// Longer text (network, the episode's synopsis); nil for none.
    public let description: String?
    /// Where it airs (a network or streaming service); nil for none.
    public let location: String?

    /// Makes an event.
    /// - Parameters: one per property; see each property for its meaning and units.
    public init(
        uid: String, startsAt: Int, isAllDay: Bool = false, durationSeconds: Int? = nil, summary: String, description: String? = nil,
        location: String? = nil
    ) {
        self.uid = uid
        self.startsAt = startsAt
        self.isAllDay = isAllDay
        self.durationSeconds = durationSeconds
        self.summary = summary
        self.description = description
        self.location = location
    }
}
