import Domain
import FoundationEssentials

/// Reads the times export files write, as seconds since 1970-01-01 00:00 UTC.
enum ImportTime {
    /// An ISO 8601 date-time with an offset (`2024-09-10T13:52:56.000Z`, Trakt), one without
    /// (`2024-09-10 13:52:56`, read as UTC: TV Time writes UTC), or a date alone
    /// (`2017-12-25`, IMDb: midnight UTC).
    /// - Parameter text: the text.
    /// - Returns: the seconds, or nil when it is none of these.
    static func seconds(_ text: String) -> Int? {
        if let date = Airstamp.date(from: text) { return Int(date.timeIntervalSince1970) }
        if text.utf8.count == 19, let date = Airstamp.date(from: text + "Z") { return Int(date.timeIntervalSince1970) }
        if text.utf8.count == 10, let day = CalendarDate(iso: text) { return midnight(day) }
        return nil
    }

    /// Midnight UTC of a day, in seconds since 1970-01-01.
    static func midnight(_ day: CalendarDate) -> Int {
        Airstamp.daysFromCivil(year: day.year, month: day.month, day: day.day) * 86_400
    }

    /// `2024-09-10T13:52:56Z`: a time as the discover-tui CSV export writes it.
    static func iso(_ seconds: Int) -> String {
        let day = CalendarDate.utcDay(ofUnixTime: seconds)
        let rest = seconds - midnight(day)
        func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(day.description)T\(pad(rest / 3600)):\(pad(rest / 60 % 60)):\(pad(rest % 60))Z"
    }
}
