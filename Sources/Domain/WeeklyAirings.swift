import FoundationEssentials

/// The next instants of a weekly schedule ("Sunday at 22:00" in the network's own zone), so
/// that they can be shown in the viewer's zone, daylight saving on both sides included.
public enum WeeklyAirings {
    /// The ISO 8601 weekday (1 Monday … 7 Sunday) of an English day name as TVmaze writes it.
    public static func isoWeekday(_ name: String) -> Int? {
        ["monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4, "friday": 5, "saturday": 6, "sunday": 7][name.lowercased()]
    }

    /// Seconds after midnight of `HH:MM` (24-hour); nil for anything else.
    public static func secondsOfDay(_ time: String) -> Int? {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2,
            parts.allSatisfy({ $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }),
            let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60
        else { return nil }
        return h * 3600 + m * 60
    }

    /// The next airing on each of the schedule's days, in the schedule's order.
    /// - Parameters:
    ///   - schedule: the days and the local time (`AirSchedule`).
    ///   - zone: the zone the schedule's time is in (the network's).
    ///   - now: the present instant.
    /// - Returns: one instant a day named (days not understood are left out), each the first at
    ///   or after `now`; empty when the schedule has no time or no day.
    public static func next(_ schedule: AirSchedule, in zone: TimeZoneRules, after now: Date) -> [Date] {
        guard let time = schedule.time, let seconds = secondsOfDay(time) else { return [] }
        let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
        let today = zone.wallTime(at: nowSeconds).date
        let todayDays = CivilDays.days(today)
        return schedule.days.compactMap(isoWeekday).compactMap { weekday in
            for k in 0...7 {
                let days = todayDays + k
                guard CivilDays.isoWeekday(days) == weekday else { continue }
                let instant = zone.instant(of: CivilDays.date(days), secondsOfDay: seconds)
                if instant >= nowSeconds { return Date(timeIntervalSince1970: Double(instant)) }
            }
            return nil
        }
    }
}
