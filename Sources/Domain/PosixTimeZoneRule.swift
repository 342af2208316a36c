/// A POSIX TZ rule (IEEE Std 1003.1, 8.3 `TZ`; RFC 8536 §3.3 footer), for example
/// `PST8PDT,M3.2.0,M11.1.0` or `<+0530>-5:30`: a standard offset, and optionally a daylight
/// saving offset with the yearly rules for its start and end.
///
/// POSIX writes offsets west of UTC (`PST8` is UTC−8); this type holds them east, as TZif does.
public struct PosixTimeZoneRule: Sendable, Hashable {
    /// A yearly rule for a change: a day of the year and a local time.
    public enum Day: Sendable, Hashable {
        /// `Mm.w.d`: day `d` (0 Sunday) of week `w` (1–5, 5 the last) of month `m`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
        /// `Jn`: day 1–365, February 29 never counted.
        case julian(Int)
        /// `n`: day 0–365, February 29 counted in leap years.
        case zeroBased(Int)
    }

    /// The standard offset.
    public let standard: TimeZoneRules.Offset
    /// The daylight saving offset, if the zone has one.
    public let daylight: TimeZoneRules.Offset?
    /// When daylight saving starts (in local standard time) and ends (in local daylight time):
    /// the day and seconds after local midnight (may be negative or past 24 h).
    public let start: (Day, Int)?
    /// See `start`.
    public let end: (Day, Int)?

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.standard == rhs.standard && lhs.daylight == rhs.daylight && lhs.start?.0 == rhs.start?.0 && lhs.start?.1 == rhs.start?.1
            && lhs.end?.0 == rhs.end?.0 && lhs.end?.1 == rhs.end?.1
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(standard)
        hasher.combine(daylight)
    }

    /// Reads a rule; nil when the text is not one.
    /// - Parameter text: for example `CET-1CEST,M3.5.0,M10.5.0/3`.
    public init?(_ text: String) {
        var rest = Substring(text)
        guard let stdName = Self.name(&rest), let stdWest = Self.time(&rest) else { return nil }
        standard = .init(secondsEast: -stdWest, isDaylightSaving: false, abbreviation: stdName)
        guard !rest.isEmpty else {
            daylight = nil
            start = nil
            end = nil
            return
        }
        guard let dstName = Self.name(&rest) else { return nil }
        var dstWest = stdWest - 3600
        if let first = rest.first, first != "," { guard let given = Self.time(&rest) else { return nil }; dstWest = given }
        daylight = .init(secondsEast: -dstWest, isDaylightSaving: true, abbreviation: dstName)
        // Without rules POSIX leaves the dates to the implementation; the US rules are the usual default.
        guard rest.first == "," else {
            guard rest.isEmpty else { return nil }
            start = (.monthWeekDay(month: 3, week: 2, weekday: 0), 7200)
            end = (.monthWeekDay(month: 11, week: 1, weekday: 0), 7200)
            return
        }
        rest = rest.dropFirst()
        guard let s = Self.change(&rest), rest.first == "," else { return nil }
        rest = rest.dropFirst()
        guard let e = Self.change(&rest), rest.isEmpty else { return nil }
        start = s
        end = e
    }

    /// The offset in force at an instant.
    /// - Parameter instant: Unix seconds.
    public func offset(at instant: Int) -> TimeZoneRules.Offset {
        guard let daylight, let start, let end else { return standard }
        let wall = instant + standard.secondsEast
        let year = CivilDays.date(wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400).year
        let begins = Self.dayStart(start.0, year: year) + start.1 - standard.secondsEast
        let ends = Self.dayStart(end.0, year: year) + end.1 - daylight.secondsEast
        let inDaylight = begins < ends ? (instant >= begins && instant < ends) : !(instant >= ends && instant < begins)
        return inDaylight ? daylight : standard
    }

    /// Unix seconds of local midnight (as if UTC) of a rule's day in a year.
    static func dayStart(_ day: Day, year: Int) -> Int {
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let january1 = CivilDays.days(CalendarDate(year: year, month: 1, day: 1) ?? .unixEpoch)
        switch day {
        case .julian(let n):
            return (january1 + n - 1 + (isLeap && n >= 60 ? 1 : 0)) * 86_400
        case .zeroBased(let n):
            return (january1 + n) * 86_400
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilDays.days(CalendarDate(year: year, month: month, day: 1) ?? .unixEpoch)
            let firstWeekday = CivilDays.isoWeekday(first) % 7
            var day = (weekday - firstWeekday + 7) % 7 + 7 * (week - 1)
            let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            while day >= lengths[max(0, min(11, month - 1))] { day -= 7 }
            return (first + day) * 86_400
        }
    }

    /// `std` letters (3 or more) or `<…>` quoted (`<+0530>`).
    private static func name(_ rest: inout Substring) -> String? {
        if rest.first == "<" {
            guard let close = rest.firstIndex(of: ">") else { return nil }
            let name = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
            return name.isEmpty ? nil : name
        }
        let letters = rest.prefix { $0.isASCII && $0.isLetter }
        guard letters.count >= 3 else { return nil }
        rest = rest.dropFirst(letters.count)
        return String(letters)
    }

    /// `[+-]hh[:mm[:ss]]` in seconds.
    private static func time(_ rest: inout Substring) -> Int? {
        var sign = 1
        if rest.first == "+" || rest.first == "-" {
            sign = rest.first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        var parts: [Int] = []
        while parts.count < 3 {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 3, let value = Int(digits) else { break }
            parts.append(value)
            rest = rest.dropFirst(digits.count)
            guard parts.count < 3, rest.first == ":" else { break }
            rest = rest.dropFirst()
        }
        guard let hours = parts.first, hours <= 167 else { return nil }
        let minutes = parts.count > 1 ? parts[1] : 0, seconds = parts.count > 2 ? parts[2] : 0
        guard minutes < 60, seconds < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60 + seconds)
    }

    /// `Mm.w.d[/time]`, `Jn[/time]` or `n[/time]`; the time defaults to 02:00.
    private static func change(_ rest: inout Substring) -> (Day, Int)? {
        func number() -> Int? {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 3 else { return nil }
            rest = rest.dropFirst(digits.count)
            return Int(digits)
        }
        let day: Day
        if rest.first == "M" {
            rest = rest.dropFirst()
            guard let m = number(), (1...12).contains(m), rest.first == "." else { return nil }
            rest = rest.dropFirst()
            guard let w = number(), (1...5).contains(w), rest.first == "." else { return nil }
            rest = rest.dropFirst()
            guard let d = number(), (0...6).contains(d) else { return nil }
            day = .monthWeekDay(month: m, week: w, weekday: d)
        } else if rest.first == "J" {
            rest = rest.dropFirst()
            guard let n = number(), (1...365).contains(n) else { return nil }
            day = .julian(n)
        } else {
            guard let n = number(), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        var seconds = 7200
        if rest.first == "/" {
            rest = rest.dropFirst()
            guard let given = time(&rest) else { return nil }
            seconds = given
        }
        return (day, seconds)
    }
}
