/// What the "Tonight" views need: a day's schedule of episodes.
///
/// Implementations are `Sendable`; each call may suspend on I/O and honours task cancellation
/// by throwing `CancellationError`.
public protocol ScheduleWorking: Sendable {
    /// A country's broadcast schedule for a day (TVmaze `/schedule?country=CC&date=YYYY-MM-DD`).
    /// - Parameters:
    ///   - countryCode: the ISO 3166-1 alpha-2 code, for example "US".
    ///   - date: the day, as the broadcasters date it.
    /// - Returns: the schedule (offline: the recorded one for that country, whose `date` says
    ///   its day); nil when the source has none for the country.
    /// - Throws: `SourceError` when the source cannot answer.
    func schedule(countryCode: String, date: CalendarDate) async throws -> Schedule?

    /// The worldwide streaming schedule for a day (TVmaze `/schedule/web?date=YYYY-MM-DD`).
    /// - Parameter date: the day.
    /// - Returns: the schedule (offline: that day when recorded, else the newest recorded day,
    ///   whose `date` says which); nil when the source has none.
    /// - Throws: `SourceError` when the source cannot answer.
    func webSchedule(date: CalendarDate) async throws -> Schedule?
}
