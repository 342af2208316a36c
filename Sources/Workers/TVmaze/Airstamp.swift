import Domain
import FoundationEssentials

/// Reads the instants TVmaze writes in `airstamp`: ISO 8601 / RFC 3339 date-times with a UTC
/// offset, `2011-04-18T01:00:00+00:00` (also `Z`, `+0530`, and fractions of a second, which are
/// dropped). Days are counted with the proleptic Gregorian calendar (H. Hinnant,
/// "chrono-Compatible Low-Level Date Algorithms", days_from_civil).
enum Airstamp {
    /// The instant, or nil for anything that is not such a date-time.
    static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for b in bytes[range] {
                guard (48...57).contains(b) else { return nil }
                value = value * 10 + Int(b - 48)
            }
            return value
        }
        guard bytes.count >= 19, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 32,
            bytes[13] == 58, bytes[16] == 58,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            CalendarDate(year: year, month: month, day: day) != nil, hour < 24, minute < 60, second < 61
        else { return nil }
        var i = 19
        if i < bytes.count, bytes[i] == 46 {
            i += 1
            while i < bytes.count, (48...57).contains(bytes[i]) { i += 1 }
        }
        var offset = 0
        if i < bytes.count, bytes[i] == 90 || bytes[i] == 122 {
            i += 1
        } else if i < bytes.count, bytes[i] == 43 || bytes[i] == 45 {
            let sign = bytes[i] == 43 ? 1 : -1
            guard let h = number(i + 1..<i + 3) else { return nil }
            var j = i + 3
            if j < bytes.count, bytes[j] == 58 { j += 1 }
            guard let m = number(j..<j + 2), h < 24, m < 60 else { return nil }
            offset = sign * (h * 3600 + m * 60)
            i = j + 2
        } else {
            return nil
        }
        guard i == bytes.count else { return nil }
        let seconds = daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's days_from_civil).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
