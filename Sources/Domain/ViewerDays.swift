import FoundationEssentials

/// The viewer's calendar day of instants, many at a time: the zone is asked its offset once
/// at each UTC midnight met (the offset at two midnights in a row holds for the whole UTC day
/// between, as it does on every day without a change of offset); an instant on a day whose
/// offset changes is converted on its own. 20,000 marks over a year cost a few hundred
/// conversions, not 20,000, and instants of the same UTC day in a row no lookup at all.
///
/// Not thread-safe: one counting pass owns one.
public final class ViewerDays {
    private let viewer: (Date) -> LocalWallTime?
    /// The offset at each UTC day's first second, by days since 1970-01-01; nil when the zone
    /// could not convert it.
    private var offsets: [Int: Int?] = [:]
    /// The last UTC day asked about and its offset when the whole day has one (else nil).
    private var recent: (day: Int, offset: Int?) = (.min, nil)

    /// Makes one over a zone.
    /// - Parameter viewer: the wall time of an instant in the viewer's zone (`AirClock.viewer`).
    public init(viewer: @escaping (Date) -> LocalWallTime?) {
        self.viewer = viewer
    }

    /// The viewer's day of an instant as days since 1970-01-01 (`CivilDays`); its UTC day when
    /// the zone cannot convert it.
    /// - Parameter seconds: seconds since 1970-01-01 UTC.
    public func dayNumber(of seconds: Int) -> Int {
        let utcDay = Self.days(seconds)
        if recent.day != utcDay {
            let start = offset(atDay: utcDay), end = offset(atDay: utcDay + 1)
            recent = (utcDay, start != nil && start == end ? start : nil)
        }
        if let offset = recent.offset { return Self.days(seconds + offset) }
        return viewer(Date(timeIntervalSince1970: TimeInterval(seconds))).map { CivilDays.days($0.date) } ?? utcDay
    }

    /// The viewer's day of an instant; its UTC day when the zone cannot convert it.
    /// - Parameter seconds: seconds since 1970-01-01 UTC.
    public func day(of seconds: Int) -> CalendarDate {
        CivilDays.date(dayNumber(of: seconds))
    }

    /// Whole days since 1970-01-01 of a UTC instant, rounded down.
    private static func days(_ seconds: Int) -> Int {
        seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    }

    private func offset(atDay day: Int) -> Int? {
        if let known = offsets[day] { return known }
        let offset = viewer(Date(timeIntervalSince1970: TimeInterval(day * 86_400)))?.utcOffsetSeconds
        offsets[day] = offset
        return offset
    }
}
