/// One time zone's rules, as the system tz database holds them (a TZif file, RFC 8536): the
/// offsets from UTC in force between transitions, and a POSIX TZ rule (`EST5EDT,M3.2.0,M11.1.0`)
/// for instants after the last transition.
///
/// Pure arithmetic on Unix seconds: no clock, no files (the Workers layer reads the files).
/// Offsets are seconds east of UTC (India: +19 800), as TZif stores them.
public struct TimeZoneRules: Sendable, Hashable {
    /// An offset in force: seconds east of UTC, whether it is daylight saving time, and its
    /// abbreviation (`PST`, `CEST`, `IST`, or `+0530` where the database has no letters).
    public struct Offset: Sendable, Hashable {
        /// Seconds east of UTC, for example -28 800 for PST, 19 800 for IST.
        public let secondsEast: Int
        /// True during daylight saving (summer) time.
        public let isDaylightSaving: Bool
        /// The abbreviation the tz database gives, for example `PST`.
        public let abbreviation: String

        /// Makes an offset.
        /// - Parameters: one per property; see each property for its meaning and units.
        public init(secondsEast: Int, isDaylightSaving: Bool, abbreviation: String) {
            self.secondsEast = secondsEast
            self.isDaylightSaving = isDaylightSaving
            self.abbreviation = abbreviation
        }
    }

    /// The zone's name, for example `America/Los_Angeles` (or the TZ string it was made from).
    public let name: String
    /// The instants (Unix seconds) at which the offset changes, ascending.
    public let transitions: [Int]
    /// The offset that starts at each transition (same count as `transitions`).
    public let offsetsAfter: [Offset]
    /// The offset before the first transition (and the only one when there are none and no rule).
    public let initial: Offset
    /// The rule after the last transition, if the file has one.
    public let rule: PosixTimeZoneRule?

    /// Makes rules.
    /// - Parameters: one per property; `transitions` and `offsetsAfter` are paired by index
    ///   (extra elements of the longer one are ignored).
    public init(name: String, transitions: [Int], offsetsAfter: [Offset], initial: Offset, rule: PosixTimeZoneRule?) {
        let count = min(transitions.count, offsetsAfter.count)
        self.name = name
        self.transitions = Array(transitions.prefix(count))
        self.offsetsAfter = Array(offsetsAfter.prefix(count))
        self.initial = initial
        self.rule = rule
    }

    /// Coordinated Universal Time.
    public static let utc = TimeZoneRules(
        name: "UTC", transitions: [], offsetsAfter: [],
        initial: Offset(secondsEast: 0, isDaylightSaving: false, abbreviation: "UTC"), rule: nil)

    /// Rules from a POSIX TZ string alone (`CET-1CEST,M3.5.0,M10.5.0/3`), as the `TZ` variable
    /// may give them.
    /// - Parameter posix: the string.
    /// - Returns: the rules, or nil when the string cannot be read.
    public init?(posix: String) {
        guard let rule = PosixTimeZoneRule(posix) else { return nil }
        self.init(name: posix, transitions: [], offsetsAfter: [], initial: rule.standard, rule: rule)
    }

    /// The offset in force at an instant.
    /// - Parameter instant: Unix seconds.
    public func offset(at instant: Int) -> Offset {
        if let last = transitions.last, instant >= last, let rule {
            return rule.offset(at: instant)
        }
        if transitions.isEmpty { return rule?.offset(at: instant) ?? initial }
        // The last transition at or before the instant (binary search).
        var low = 0, high = transitions.count
        while low < high {
            let mid = (low + high) / 2
            if transitions[mid] <= instant { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? initial : offsetsAfter[low - 1]
    }

    /// The wall-clock time at an instant in this zone.
    /// - Parameter instant: Unix seconds.
    /// - Returns: the local day, weekday, time, abbreviation and offset.
    public func wallTime(at instant: Int) -> LocalWallTime {
        let offset = offset(at: instant)
        let wall = instant + offset.secondsEast
        let days = wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400
        let rest = wall - days * 86_400
        return LocalWallTime(
            date: CivilDays.date(days), weekday: CivilDays.isoWeekday(days), hour: rest / 3600, minute: rest / 60 % 60,
            zoneAbbreviation: offset.abbreviation, utcOffsetSeconds: offset.secondsEast)
    }

    /// The instant a wall-clock time names. In a spring-forward gap the time is read with the
    /// offset before the gap (02:30 on a night that skips 02:00–03:00 is 03:30); in an
    /// autumn overlap the earlier instant is taken.
    /// - Parameters:
    ///   - date: the local day.
    ///   - secondsOfDay: seconds after local midnight, 0–86 399.
    /// - Returns: Unix seconds.
    public func instant(of date: CalendarDate, secondsOfDay: Int) -> Int {
        let wall = CivilDays.days(date) * 86_400 + secondsOfDay
        let guess = wall - offset(at: wall).secondsEast
        let first = wall - offset(at: guess).secondsEast
        let earlier = wall - offset(at: first - 86_400 / 8).secondsEast
        if earlier < first, offset(at: earlier).secondsEast == wall - earlier { return earlier }
        return first
    }
}
