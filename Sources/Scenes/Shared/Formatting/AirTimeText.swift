import Domain
import FoundationEssentials

/// Air times as the screens write them: always in the viewer's zone and labelled with it
/// (`18:00 PST`, `Thu 4 Dec 21:00 CET`), the network's own time after it when the two differ;
/// a time whose zone is unknown says so rather than standing bare; and how far off a day is
/// (`in 3 days`, `yesterday`). Calendar arithmetic is Howard Hinnant's `days_from_civil`
/// (https://howardhinnant.github.io/date_algorithms.html#days_from_civil); conversions are the
/// system tz database's (`ViewerTimeZone`, `AirClock`).
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

    /// English month abbreviations, January first.
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A wall time: weekday, day, month, the year unless it is `currentYear`, the 24-hour
    /// time and the zone's abbreviation, for example `Thu 4 Dec 21:00 CET`.
    /// - Parameters:
    ///   - wall: the moment on the viewer's clock.
    ///   - currentYear: the viewer's year now; nil always writes the year.
    static func dateAndTime(_ wall: LocalWallTime, currentYear: Int?) -> String {
        var text = wall.weekdayAbbreviation + " " + dayAndMonth(wall.date)
        if wall.date.year != currentYear { text += " " + String(wall.date.year) }
        text += " " + wall.time
        if !wall.zoneAbbreviation.isEmpty { text += " " + wall.zoneAbbreviation }
        return text
    }

    /// `4 Dec`.
    static func dayAndMonth(_ date: CalendarDate) -> String {
        String(date.day) + " " + months[max(1, min(12, date.month)) - 1]
    }

    /// How far a day is from today: `today`, `tomorrow`, `in 3 days`, `yesterday`,
    /// `3 days ago`.
    /// - Parameters:
    ///   - day: the day (in the viewer's zone).
    ///   - today: today (in the viewer's zone).
    static func relative(_ day: CalendarDate, from today: CalendarDate) -> String {
        let days = daysBetween(today, day)
        switch days {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case 2...: return "in \(days) days"
        default: return "\(-days) days ago"
        }
    }

    /// Whole days from one day to another (negative when `to` is earlier).
    static func daysBetween(_ from: CalendarDate, _ to: CalendarDate) -> Int {
        serial(to) - serial(from)
    }

    /// Days since 1970-01-01 (Hinnant's `days_from_civil`).
    static func serial(_ date: CalendarDate) -> Int {
        let y = date.month <= 2 ? date.year - 1 : date.year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = date.month
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + date.day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day an episode aired on the viewer's calendar: its instant's day in the viewer's
    /// zone, else (no instant) the day the source gives, the network's.
    /// - Parameters:
    ///   - episode: the episode.
    ///   - viewer: an instant on the viewer's wall (`AirClock.viewer`).
    /// - Returns: the day; nil when the source gives neither.
    package static func viewerDay(_ episode: Episode, viewer: (Date) -> LocalWallTime?) -> CalendarDate? {
        if let stamp = episode.airstamp, let wall = viewer(stamp) { return wall.date }
        return episode.airDate
    }

    /// A day on the network's calendar (a season's first or last day as the source gives it)
    /// on the viewer's: the instant the show airs that day (its schedule's time in its
    /// network's zone) in the viewer's zone, so that it is the day the episode guide gives
    /// the same episode; the day as given when the time or the zone is not known (the guide
    /// then has no instant either for most sources: TMDB gives days only).
    /// - Parameters:
    ///   - day: the day on the network's calendar.
    ///   - show: the show (its schedule's time and its broadcaster's zone).
    ///   - clock: the viewer's zone and zones by name.
    /// - Returns: the day on the viewer's calendar.
    static func viewerDay(networkDay day: CalendarDate, of show: TVShow, clock: AirClock) -> CalendarDate {
        guard let time = show.schedule.time, let seconds = WeeklyAirings.secondsOfDay(time),
            let zoneName = BroadcastZones.zone(of: show.broadcaster), let zone = clock.zoneNamed(zoneName),
            let wall = clock.viewer(Date(timeIntervalSince1970: Double(zone.instant(of: day, secondsOfDay: seconds))))
        else { return day }
        return wall.date
    }

    /// The network's day of an episode when it is not the viewer's: `network's date Sun 7 Apr`
    /// (with the year when the two years differ); nil when they agree or either is unknown.
    /// - Parameters:
    ///   - episode: the episode (`airDate` is the network's day).
    ///   - viewerDay: its day on the viewer's calendar.
    static func networkDay(_ episode: Episode, viewerDay: CalendarDate?) -> String? {
        guard let network = episode.airDate, let viewerDay, network != viewerDay else { return nil }
        // 1970-01-01 (serial 0) was a Thursday, weekday 4 with Monday 1.
        let weekday = ((serial(network) % 7 + 7) % 7 + 3) % 7
        var text = "network's date " + String(LocalWallTime.weekdayNames[weekday].prefix(3)) + " " + dayAndMonth(network)
        if network.year != viewerDay.year { text += " " + String(network.year) }
        return text
    }

    /// An episode's air time in the viewer's zone and how far off it is, for example
    /// `Thu 4 Dec 21:00 CET (in 3 days)`, the network's day after it when it is another
    /// (`Mon 8 Apr 2013 01:00 UTC (network's date Sun 7 Apr)`); only the day (`2011-06-12`)
    /// when the source gives no instant; nil when it gives neither.
    /// - Parameters:
    ///   - episode: the episode.
    ///   - now: the current moment.
    ///   - viewer: an instant on the viewer's wall (`AirClock.viewer`, `ViewerTimeZone.wallTime(at:)`).
    ///   - relative: true to add how far off it is.
    static func airing(_ episode: Episode, now: Date, viewer: (Date) -> LocalWallTime?, relative withDistance: Bool) -> String? {
        let today = viewer(now)
        if let stamp = episode.airstamp, let wall = viewer(stamp) {
            var text = dateAndTime(wall, currentYear: today?.date.year)
            var notes: [String] = []
            if withDistance, let today { notes.append(relative(wall.date, from: today.date)) }
            if let network = networkDay(episode, viewerDay: wall.date) { notes.append(network) }
            if !notes.isEmpty { text += " (" + notes.joined(separator: "; ") + ")" }
            return text
        }
        guard let day = episode.airDate else { return nil }
        var text = day.description
        if withDistance, let today { text += " (" + relative(day, from: today.date) + ")" }
        return text
    }
}

extension LocalWallTime {
    /// The English weekday names, Monday first (ISO 8601 order).
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The English weekday, "Monday" … "Sunday".
    var weekdayName: String { Self.weekdayNames[max(1, min(7, weekday)) - 1] }
}
