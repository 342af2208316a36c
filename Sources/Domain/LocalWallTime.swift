/// A moment as a clock on the viewer's wall shows it: weekday, day, time and the zone's
/// abbreviation, for example Thu 2025-12-04 21:00 CET.
public struct LocalWallTime: Sendable, Hashable {
    /// The calendar day in the viewer's zone.
    public let date: CalendarDate
    /// The ISO 8601 weekday: 1 = Monday … 7 = Sunday.
    public let weekday: Int
    /// The hour, 0–23.
    public let hour: Int
    /// The minute, 0–59.
    public let minute: Int
    /// The zone's abbreviation in force at that moment, for example "CET", "CEST", "PST",
    /// "IST"; some zones have none and the tz database writes the offset ("+0530", "-03").
    public let zoneAbbreviation: String
    /// The offset from UTC at that moment, in seconds east of Greenwich (CET: 3600,
    /// PST: -28800, India: 19800).
    public let utcOffsetSeconds: Int

    /// Makes a wall time from its parts (unchecked; `ViewerTimeZone` makes them from the tz
    /// database).
    /// - Parameters: one per property.
    public init(date: CalendarDate, weekday: Int, hour: Int, minute: Int, zoneAbbreviation: String, utcOffsetSeconds: Int) {
        self.date = date
        self.weekday = weekday
        self.hour = hour
        self.minute = minute
        self.zoneAbbreviation = zoneAbbreviation
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The English three-letter weekday, "Mon" … "Sun".
    public var weekdayAbbreviation: String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][max(1, min(7, weekday)) - 1]
    }

    /// The time on a 24-hour clock, `HH:MM`.
    public var time: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }
}
