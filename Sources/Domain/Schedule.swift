/// One day's schedule: a country's broadcast schedule (TVmaze `/schedule?country=CC&date=D`)
/// or the worldwide streaming one (`/schedule/web?date=D`).
///
/// `date` is the day the entries are for; offline it is the day the schedule was recorded,
/// which may differ from the day asked for.
public struct Schedule: Sendable, Hashable {
    /// The ISO 3166-1 alpha-2 country code, for example "US"; nil for the web schedule.
    public let countryCode: String?
    /// The day the schedule is for, in the broadcasters' own zones (as TVmaze dates it).
    public let date: CalendarDate
    /// The entries in the provider's order (by air time).
    public let entries: [ScheduleEntry]
    /// Where it came from; a recorded schedule is `.embeddedSnapshot`.
    public let source: DataSource

    /// Makes a schedule.
    /// - Parameters: one per property.
    public init(countryCode: String?, date: CalendarDate, entries: [ScheduleEntry], source: DataSource) {
        self.countryCode = countryCode
        self.date = date
        self.entries = entries
        self.source = source
    }
}
