import Domain
import Foundation

/// Wall times from Foundation's `TimeZone` (ICU's copy of the tz database, linked into the
/// tests only), with the viewer in a zone the test chooses whatever the machine's `TZ`.
public struct FoundationPOIClock: POIClockWorking {
    /// The viewer's zone, for example `America/New_York`.
    public let viewerZoneName: String

    /// A clock whose viewer is in `viewer`.
    /// - Parameter viewer: an IANA zone name.
    public init(viewer: String) {
        viewerZoneName = viewer
    }

    public func viewerWallTime(at instant: Date) -> LocalWallTime? {
        wallTime(at: instant, inZone: viewerZoneName)
    }

    public func wallTime(at instant: Date, inZone zone: String) -> LocalWallTime? {
        guard let timeZone = TimeZone(identifier: zone) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute], from: instant)
        guard let year = parts.year, let month = parts.month, let day = parts.day, let weekday = parts.weekday,
            let date = CalendarDate(year: year, month: month, day: day)
        else { return nil }
        return LocalWallTime(
            date: date, weekday: weekday == 1 ? 7 : weekday - 1, hour: parts.hour ?? 0, minute: parts.minute ?? 0,
            zoneAbbreviation: timeZone.abbreviation(for: instant) ?? "",
            utcOffsetSeconds: timeZone.secondsFromGMT(for: instant))
    }
}
