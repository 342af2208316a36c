import Domain
import FoundationEssentials

/// The premieres and returning seasons of a run of days, read day by day from TVmaze's
/// schedules (a country's and the streaming one; offline the recorded streaming schedules):
/// each episode once, `number == 1` (`PremiereBadge`), each day's series premieres (`NEW`)
/// first, then by air time and show name. The "New this week" list and
/// `discover-tui premieres` both read them here.
package enum PremiereDays {
    /// One premiere: the schedule's entry and its badges (`NEW` or `S3 ▶`, and `FINALE` for a
    /// season the provider marks as one episode long).
    package struct Item: Sendable {
        /// The schedule entry (show, episode, air time, channel).
        package let entry: ScheduleEntry
        /// The badges, the premiere's first.
        package let badges: [PremiereBadge]
        /// Makes an item.
        package init(entry: ScheduleEntry, badges: [PremiereBadge]) {
            self.entry = entry
            self.badges = badges
        }
        /// True for a series premiere (`NEW`).
        package var isSeries: Bool { badges.first == .series }
    }

    /// The premieres of one day's entries, in the list's order.
    /// - Parameter entries: the day's schedule entries (both schedules).
    package static func premieres(_ entries: [ScheduleEntry]) -> [Item] {
        var seen = Set<Int>()
        return entries.compactMap { entry -> Item? in
            guard PremiereBadge(entry.episode) != nil, seen.insert(entry.episode.id).inserted else { return nil }
            return Item(entry: entry, badges: PremiereBadge.badges(entry.episode, episodeOrder: nil))
        }.sorted { a, b in
            if a.isSeries != b.isSeries { return a.isSeries }
            return (a.entry.airstamp ?? .distantFuture, a.entry.show.name) < (b.entry.airstamp ?? .distantFuture, b.entry.show.name)
        }
    }

    /// Reads the days in order, one after the other (each request paced by the client).
    /// - Parameters:
    ///   - schedules: the schedules' source.
    ///   - country: the broadcast schedule's country (not asked when `recorded`).
    ///   - days: the days, in order.
    ///   - recorded: true for the recordings, which hold the streaming schedule alone.
    ///   - progress: called after each day with its premieres, or the error that kept it out.
    /// - Returns: false when cancelled.
    @discardableResult
    package static func fetch(
        _ schedules: any ScheduleWorking, country: String, days: [CalendarDate], recorded: Bool,
        progress: (Tonight.LoadPremieres.Day) async -> Void
    ) async -> Bool {
        for day in days {
            if Task.isCancelled { return false }
            do {
                let web = try await schedules.webSchedule(date: day)
                let local = recorded ? nil : try await schedules.schedule(countryCode: country, date: day)
                let entries = ((web?.date == day ? web?.entries : nil) ?? []) + ((local?.date == day ? local?.entries : nil) ?? [])
                await progress(.init(date: day, items: premieres(entries), error: nil))
            } catch is CancellationError {
                return false
            } catch {
                if Task.isCancelled { return false }
                let failure = (error as? SourceError) ?? .badData(provider: .tvmaze, reason: "the schedule could not be read")
                await progress(.init(date: day, items: [], error: failure))
            }
        }
        return true
    }
}
