import FoundationEssentials

/// The viewer's calendar day of instants, many at a time: the zone is asked its offset once
/// at each UTC midnight met (the offset at two midnights in a row holds for the whole UTC day
/// between, as it does on every day without a change of offset); an instant on a day whose
/// offset changes is converted on its own. 20,000 marks over a year cost a few hundred
/// conversions, not 20,000.
///
/// Not thread-safe: one counting pass owns one.
public final class ViewerDays {
    private let viewer: (Date) -> LocalWallTime?
    /// The offset at each UTC day's first second, by days since 1970-01-01; nil when the zone
    /// could not convert it.
    private var offsets: [Int: Int?] = [:]

    /// Makes one over a zone.
    /// - Parameter viewer: the wall time of an instant in the viewer's zone (`AirClock.viewer`).
    public init(viewer: @escaping (Date) -> LocalWallTime?) {
        self.viewer = viewer
    }

    /// The viewer's day of an instant; its UTC day when the zone cannot convert it.
    /// - Parameter seconds: seconds since 1970-01-01 UTC.
    public func day(of seconds: Int) -> CalendarDate {
        let utcDay = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        if let start = offset(atDay: utcDay), let end = offset(atDay: utcDay + 1), start == end {
            return CalendarDate.utcDay(ofUnixTime: seconds + start)
        }
        return viewer(Date(timeIntervalSince1970: TimeInterval(seconds)))?.date ?? CalendarDate.utcDay(ofUnixTime: seconds)
    }

    private func offset(atDay day: Int) -> Int? {
        if let known = offsets[day] { return known }
        let offset = viewer(Date(timeIntervalSince1970: TimeInterval(day * 86_400)))?.utcOffsetSeconds
        offsets[day] = offset
        return offset
    }
}
