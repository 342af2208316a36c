/// Days counted from 1970-01-01 on the proleptic Gregorian calendar, both ways (Howard
/// Hinnant's `days_from_civil` and `civil_from_days`,
/// https://howardhinnant.github.io/date_algorithms.html).
public enum CivilDays {
    /// Days from 1970-01-01 to a date (negative before it).
    public static func days(_ date: CalendarDate) -> Int {
        let y = date.month <= 2 ? date.year - 1 : date.year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (date.month + (date.month > 2 ? -3 : 9)) + 2) / 5 + date.day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date a day count from 1970-01-01 names; 1970-01-01 outside years 1–9999.
    public static func date(_ days: Int) -> CalendarDate {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp + (mp < 10 ? 3 : -9)
        return CalendarDate(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d) ?? .unixEpoch
    }

    /// The ISO 8601 weekday of a day count: 1 Monday … 7 Sunday (1970-01-01 was a Thursday).
    public static func isoWeekday(_ days: Int) -> Int {
        ((days % 7) + 10) % 7 + 1
    }
}
