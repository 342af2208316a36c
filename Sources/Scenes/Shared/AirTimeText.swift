import Domain
import FoundationEssentials

/// Air times as the screens write them: always in the viewer's zone and labelled with it
/// (`18:00 PST`), the network's own time after it when the two differ; a time whose zone is
/// unknown says so rather than standing bare.
package enum AirTimeText {
    /// `HH:MM ZONE`, for example `17:00 PST`, `07:30 IST`.
    package static func clock(_ wall: LocalWallTime) -> String {
        wall.zoneAbbreviation.isEmpty ? wall.time : wall.time + " " + wall.zoneAbbreviation
    }

    /// A show's weekly schedule: `Sunday at 19:00 PST (Sunday 22:00 EST, network time)`.
    /// - Parameters:
    ///   - schedule: the days and local time, as the source gives them.
    ///   - broadcaster: who airs it (its zone, else its country's as TVmaze gives it).
    ///   - clock: the present, the viewer's zone and zones by name.
    /// - Returns: the text; nil when the schedule says nothing.
    static func weekly(_ schedule: AirSchedule, broadcaster: Broadcaster?, clock: AirClock) -> String? {
        let days = schedule.days.joined(separator: ", ")
        guard let time = schedule.time else { return days.isEmpty ? nil : days }
        guard let zoneName = BroadcastZones.zone(of: broadcaster), let zone = clock.zoneNamed(zoneName) else {
            let when = days.isEmpty ? time : "\(days) at \(time)"
            return "\(when), the network's local time (its zone is not known)"
        }
        let schedules = days.isEmpty ? AirSchedule(time: time, days: LocalWallTime.weekdayNames) : schedule
        let instants = WeeklyAirings.next(schedules, in: zone, after: clock.now())
        let viewer = instants.compactMap(clock.viewer)
        let network = instants.map { zone.wallTime(at: Int($0.timeIntervalSince1970.rounded(.down))) }
        guard !viewer.isEmpty, viewer.count == network.count else {
            return days.isEmpty ? "\(time) \(zoneName)" : "\(days) at \(time) (\(zoneName))"
        }
        let shown = days.isEmpty ? (viewer.first.map { "daily at " + AirTimeText.clock($0) } ?? "") : phrase(viewer)
        if viewer.map(\.utcOffsetSeconds) == network.map(\.utcOffsetSeconds) { return shown }
        let networkShown = days.isEmpty ? (network.first.map { "daily at " + AirTimeText.clock($0) } ?? "") : phrase(network)
        return "\(shown) (\(networkShown), network time)"
    }

    /// `Sunday at 19:00 PST` or, when the times differ, `Sun 19:00 PST, Mon 18:00 PST`.
    private static func phrase(_ walls: [LocalWallTime]) -> String {
        guard let first = walls.first else { return "" }
        if walls.allSatisfy({ $0.time == first.time && $0.zoneAbbreviation == first.zoneAbbreviation }) {
            var names: [String] = []
            for wall in walls where !names.contains(wall.weekdayName) { names.append(wall.weekdayName) }
            return names.joined(separator: ", ") + " at " + clock(first)
        }
        return walls.map { $0.weekdayAbbreviation + " " + clock($0) }.joined(separator: ", ")
    }
}

extension LocalWallTime {
    /// The English weekday names, Monday first (ISO 8601 order).
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The English weekday, "Monday" … "Sunday".
    var weekdayName: String { Self.weekdayNames[max(1, min(7, weekday)) - 1] }
}
