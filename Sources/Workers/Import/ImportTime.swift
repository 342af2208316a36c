import Domain
import FoundationEssentials

/// Reads the times export files write, as seconds since 1970-01-01 00:00 UTC.
enum ImportTime {
    /// An ISO 8601 date-time with an offset (`2024-09-10T13:52:56.000Z`, Trakt), one without
    /// (`2024-09-10 13:52:56`, read as UTC: TV Time writes UTC), or a date alone
    /// (`2017-12-25`, IMDb: midnight UTC), or C's `ctime` form (`Mon Dec 25 00:00:00 2017`,
    /// older IMDb lists).
    /// - Parameter text: the text.
    /// - Returns: the seconds, or nil when it is none of these.
    static func seconds(_ text: String) -> Int? {
        if let date = Airstamp.date(from: text) { return Int(date.timeIntervalSince1970) }
        if text.utf8.count == 19, let date = Airstamp.date(from: text + "Z") { return Int(date.timeIntervalSince1970) }
        if text.utf8.count == 10, let day = CalendarDate(iso: text) { return midnight(day) }
        // `2017-05-02 21:24:51 +0000 UTC` (TV Time's older files, Go's default form).
        let words = text.split(separator: " ")
        if words.count == 4, words[3] == "UTC", words[2].utf8.count == 5, let sign = words[2].first, sign == "+" || sign == "-",
            let hhmm = Int(words[2].dropFirst()), let local = seconds("\(words[0]) \(words[1])")
        {
            let offset = (hhmm / 100 * 3600 + hhmm % 100 * 60) * (sign == "-" ? -1 : 1)
            return local - offset
        }
        return ctime(text)
    }

    /// The month abbreviations of C's `ctime` form.
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `Mon Dec 25 00:00:00 2017`, C's `ctime` form (older IMDb list exports' `Created`), read
    /// as UTC.
    private static func ctime(_ text: String) -> Int? {
        let words = text.split(separator: " ")
        guard words.count == 5, let month = months.firstIndex(of: words[1].lowercased()), let day = Int(words[2]),
            let year = Int(words[4]), let date = CalendarDate(year: year, month: month + 1, day: day)
        else { return nil }
        let clock = words[3].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (0..<24).contains(clock[0]), (0..<60).contains(clock[1]), (0..<61).contains(clock[2]) else { return nil }
        return midnight(date) + clock[0] * 3600 + clock[1] * 60 + clock[2]
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
