import Domain

/// A live schedule source that gives way to another (the recordings) when it cannot answer.
struct FallbackScheduleWorker: ScheduleWorking {
    /// The source asked first.
    let primary: any ScheduleWorking
    /// The source asked when the first throws a `SourceError`.
    let fallback: any ScheduleWorking

    func schedule(countryCode: String, date: CalendarDate) async throws -> Schedule? {
        do {
            return try await primary.schedule(countryCode: countryCode, date: date)
        } catch is SourceError {
            return try await fallback.schedule(countryCode: countryCode, date: date)
        }
    }

    func webSchedule(date: CalendarDate) async throws -> Schedule? {
        do {
            return try await primary.webSchedule(date: date)
        } catch is SourceError {
            return try await fallback.webSchedule(date: date)
        }
    }
}
