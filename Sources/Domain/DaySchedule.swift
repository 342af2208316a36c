import FoundationEssentials

/// A day's schedules as one list: a country's broadcast TV and the worldwide streaming
/// schedule (TVmaze's `/schedule` and `/schedule/web`), merged and sorted by air time, with
/// where each came from. The Tonight scene and `discover-tui tonight` both read it.
public struct DaySchedule: Sendable {
    /// The broadcast schedule's country, for example `US`.
    public let country: String
    /// The day asked for.
    public let date: CalendarDate
    /// The entries of both schedules, earliest first.
    public let entries: [ScheduleEntry]
    /// Where each schedule came from, with the day it is for (a recording may be of another day).
    public let sources: [(source: DataSource, date: CalendarDate)]
    /// True while a schedule is still being fetched.
    public let isLoading: Bool
    /// Why a schedule could not be read, if one could not.
    public let error: SourceError?
    /// Whether the country's broadcast schedule is among the entries (false when the source
    /// holds none for the country, or only of another day than the one shown).
    public let hasCountrySchedule: Bool
    /// Whether the streaming schedule is among the entries (false when the source holds none
    /// of the day shown).
    public let hasWebSchedule: Bool

    /// Makes a day's schedule.
    /// - Parameters: one per property.
    public init(
        country: String, date: CalendarDate, entries: [ScheduleEntry], sources: [(source: DataSource, date: CalendarDate)],
        isLoading: Bool, error: SourceError?, hasCountrySchedule: Bool, hasWebSchedule: Bool
    ) {
        self.country = country
        self.date = date
        self.entries = entries
        self.sources = sources
        self.isLoading = isLoading
        self.error = error
        self.hasCountrySchedule = hasCountrySchedule
        self.hasWebSchedule = hasWebSchedule
    }

    /// The order of the list: by air time, entries without one last; then by show name and id.
    public static func airsBefore(_ a: ScheduleEntry, _ b: ScheduleEntry) -> Bool {
        switch (a.airstamp, b.airstamp) {
        case (let x?, let y?) where x != y: return x < y
        case (_?, nil): return true
        case (nil, _?): return false
        default:
            let l = a.show.name.lowercased(), r = b.show.name.lowercased()
            return l != r ? l < r : (a.show.id, a.episode.id) < (b.show.id, b.episode.id)
        }
    }

    /// A day's two schedules, the country's then the streaming one, merged and sorted; both
    /// of one day. A source of recordings may answer with another day than the one asked for
    /// (its `Schedule.date` says which): then the day asked for is kept when the streaming
    /// schedule has it (the country's is left out), else the country's recorded day is shown
    /// with the streaming schedule of that same day, or without one when none was recorded.
    /// Two days are never mixed.
    /// - Parameters:
    ///   - schedules: the source.
    ///   - country: the broadcast schedule's country.
    ///   - date: the day.
    ///   - progress: called on the main actor after each schedule (the last call has
    ///     `isLoading` false); not called after cancellation. Without it nothing waits for
    ///     the main actor (a command line that blocks it while it waits can call this).
    /// - Returns: the last response, or nil when cancelled.
    @discardableResult
    public static func fetch(
        _ schedules: any ScheduleWorking, country: String, date: CalendarDate,
        progress: (@MainActor (DaySchedule) -> Void)? = nil
    )
        async -> DaySchedule?
    {
        var failure: SourceError?
        /// One schedule, or nil when there is none or it failed (the failure is kept).
        func ask(_ step: @Sendable () async throws -> Schedule?) async throws -> Schedule? {
            do {
                return try await step()
            } catch is CancellationError {
                throw CancellationError()
            } catch let error as SourceError {
                failure = failure ?? error
            } catch {
                failure = failure ?? .badData(provider: .tvmaze, reason: "the schedule could not be read")
            }
            return nil
        }
        func response(_ parts: [Schedule], loading: Bool, hasCountry: Bool, hasWeb: Bool) -> DaySchedule {
            DaySchedule(
                country: country, date: date, entries: parts.flatMap(\.entries).sorted(by: airsBefore),
                sources: parts.map { ($0.source, $0.date) }, isLoading: loading, error: failure,
                hasCountrySchedule: hasCountry, hasWebSchedule: hasWeb)
        }
        do {
            var broadcast = try await ask { try await schedules.schedule(countryCode: country, date: date) }
            if Task.isCancelled { return nil }
            if let progress { await progress(response(broadcast.map { [$0] } ?? [], loading: true, hasCountry: broadcast != nil, hasWeb: false)) }
            var web = try await ask { try await schedules.webSchedule(date: date) }
            if let shown = broadcast?.date, shown != date {
                if web?.date == date {
                    broadcast = nil
                } else {
                    web = try await ask { try await schedules.webSchedule(date: shown) }
                    if web?.date != shown { web = nil }
                }
            }
            if Task.isCancelled { return nil }
            let last = response([broadcast, web].compactMap { $0 }, loading: false, hasCountry: broadcast != nil, hasWeb: web != nil)
            if let progress { await progress(last) }
            return last
        } catch {
            return nil
        }
    }
}
