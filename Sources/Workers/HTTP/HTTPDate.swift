import FoundationEssentials

/// HTTP dates (RFC 9110 §5.6.7), read without a locale or a date formatter.
///
/// The preferred form is IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`; as the RFC asks of
/// recipients, the two obsolete forms are read too: RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`,
/// a two-digit year taken as the nearest one not more than 50 years ahead, here 19xx or 20xx
/// by the 1970–2069 window) and C's asctime (`Sun Nov  6 08:49:37 1994`). Times are UTC. Day
/// names are checked for form only, not against the date, as RFC 9110 allows.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The instant an HTTP date names.
    /// - Parameter text: the header value, for example `"Wed, 21 Oct 2015 07:28:00 GMT"`.
    /// - Returns: the instant, or nil when the text is in none of the three forms or names no
    ///   real date (`31 Feb`, hour 25).
    static func parse(_ text: String) -> Date? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
        if words.count == 6, words[0].hasSuffix(","), days.contains(String(words[0].dropLast())), words[5] == "GMT",
            let day = number(words[1], digits: 2...2), let year = number(words[3], digits: 4...4),
            let month = month(words[2])
        {
            return instant(year: year, month: month, day: day, time: words[4])
        }
        // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
        if words.count == 4, words[0].hasSuffix(","), longDays.contains(String(words[0].dropLast())), words[3] == "GMT" {
            let parts = words[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, let day = number(parts[0], digits: 2...2),
                let short = number(parts[2], digits: 2...2), let month = month(parts[1])
            else { return nil }
            return instant(year: short < 70 ? 2000 + short : 1900 + short, month: month, day: day, time: words[2])
        }
        // asctime: Sun Nov  6 08:49:37 1994
        if words.count == 5, days.contains(words[0]), let month = month(words[1]),
            let day = number(words[2], digits: 1...2), let year = number(words[4], digits: 4...4)
        {
            return instant(year: year, month: month, day: day, time: words[3])
        }
        return nil
    }

    /// A number written with ASCII digits only (no sign, no space), of the given length.
    private static func number<Text: StringProtocol>(_ text: Text, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }

    private static func month(_ name: String) -> Int? {
        months.firstIndex(of: name).map { $0 + 1 }
    }

    /// The instant of a UTC date and an `HH:MM:SS` time, or nil when either is not a real one
    /// (a leap second, 60, is allowed and counts as the next second's start).
    private static func instant(year: Int, month: Int, day: Int, time: String) -> Date? {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hour = number(parts[0], digits: 2...2),
            let minute = number(parts[1], digits: 2...2), let second = number(parts[2], digits: 2...2),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            (1...9999).contains(year), (1...12).contains(month), (1...daysIn(month, year)).contains(day)
        else { return nil }
        let seconds = daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date, by Howard Hinnant's
    /// `days_from_civil` (https://howardhinnant.github.io/date_algorithms.html#days_from_civil).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
