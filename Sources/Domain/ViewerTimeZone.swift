#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Synchronization

/// The viewer's time zone, read from the system's tz database the way the C library reads it:
/// the `TZ` environment variable (an IANA name such as `Europe/Paris`, `:Europe/Paris`, or a
/// POSIX rule such as `CET-1CEST,M3.5.0,M10.5.0/3`), else `/etc/localtime`, else UTC.
///
/// Conversions go through `tzset(3)` and `localtime_r(3)` (POSIX.1-2017), so daylight saving
/// time, half-hour and quarter-hour offsets and historical changes are those of the installed
/// tz database (IANA tzdata), not worked out by hand. `TZ` is read again on every conversion,
/// so a changed environment takes effect at once; calls are serialised, since `tzset` updates
/// the C library's process-wide state.
public struct ViewerTimeZone: Sendable {
    private static let lock = Mutex(())

    /// The viewer's zone (stateless: the environment is read at each conversion).
    public init() {}

    /// The wall time of an instant in the viewer's zone.
    /// - Parameter instant: the moment (for example an episode's `airstamp`).
    /// - Returns: the local day, weekday, time and zone abbreviation; nil only when the C
    ///   library cannot convert the moment (a year beyond its range).
    public func wallTime(at instant: Date) -> LocalWallTime? {
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        var clock = time_t(seconds)
        var parts = tm()
        let converted: Bool = Self.lock.withLock { _ in
            tzset()
            return localtime_r(&clock, &parts) != nil
        }
        guard converted,
              let date = CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return nil }
        let abbreviation = parts.tm_zone.map { String(cString: $0) } ?? ""
        return LocalWallTime(
            date: date,
            weekday: parts.tm_wday == 0 ? 7 : Int(parts.tm_wday),
            hour: Int(parts.tm_hour),
            minute: Int(parts.tm_min),
            zoneAbbreviation: abbreviation,
            utcOffsetSeconds: Int(parts.tm_gmtoff)
        )
    }

    /// What the viewer's zone is set from: the `TZ` value when set and not empty, else
    /// `/etc/localtime`'s target (for example `/usr/share/zoneinfo/Europe/Paris`) when it is a
    /// link, else nil.
    public var setting: String? {
        if let tz = getenv("TZ"), tz.pointee != 0 { return String(cString: tz) }
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/etc/localtime", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
