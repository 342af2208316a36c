/// A day on the calendar, as the APIs write it (`"2013-06-24"`), with no time zone.
///
/// Shape: year (for example 2013), month (1–12), day (1–31).
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, for example 2013.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int

    /// Makes a date from its parts; returns nil when month or day is out of range, or the day
    /// does not exist in that month (30 February, 29 February of a common year).
    /// - Parameters:
    ///   - year: the year, 1–9999.
    ///   - month: the month, 1–12.
    ///   - day: the day of the month, 1 to the month's length in the Gregorian calendar.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.daysInMonth(year: year, month: month)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The number of days of a month in the proleptic Gregorian calendar (ISO 8601): 28–31,
    /// February having 29 in years divisible by 4, except centuries not divisible by 400.
    /// - Parameters:
    ///   - year: the year.
    ///   - month: the month, 1–12 (any other gives 31).
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 4, 6, 9, 11: return 30
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        default: return 31
        }
    }

    private init(checkedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// 1970-01-01, the day Unix time counts from.
    public static let unixEpoch = CalendarDate(checkedYear: 1970, month: 1, day: 1)

    /// Parses ISO 8601 calendar dates (`YYYY-MM-DD`); returns nil for anything else,
    /// including the empty string.
    /// - Parameter iso: the text, for example `"2013-06-24"`.
    public init?(iso: String) {
        // Read as ten ASCII bytes, `DDDD-DD-DD`, with no copy (a catalogue holds one per show).
        var fields = (0, 0, 0)
        var count = 0
        for byte in iso.utf8 {
            switch count {
            case 4, 7: guard byte == UInt8(ascii: "-") else { return nil }
            case 0..<10:
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let digit = Int(byte - UInt8(ascii: "0"))
                if count < 4 { fields.0 = fields.0 * 10 + digit } else if count < 7 { fields.1 = fields.1 * 10 + digit } else { fields.2 = fields.2 * 10 + digit }
            default: return nil
            }
            count += 1
        }
        guard count == 10 else { return nil }
        self.init(year: fields.0, month: fields.1, day: fields.2)
    }

    /// The ISO 8601 form, `YYYY-MM-DD`.
    public var description: String {
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Orders dates by year, then month, then day.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
