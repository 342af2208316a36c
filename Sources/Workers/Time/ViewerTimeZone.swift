import Domain
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The viewer's time zone, read from the system's tz database the way the C library reads it:
/// the `TZ` environment variable (an IANA name such as `Europe/Paris`, `:Europe/Paris`, or a
/// POSIX rule such as `CET-1CEST,M3.5.0,M10.5.0/3`), else `/etc/localtime`, else UTC.
///
/// Conversions go through `tzset(3)` and `localtime_r(3)` (POSIX.1-2017), so daylight saving
/// time, half-hour and quarter-hour offsets and historical changes are those of the installed
/// tz database (IANA tzdata), not worked out by hand. `TZ` is read again on every conversion,
/// so a changed environment takes effect at once (its zone file is checked again only when
/// `TZ` or `TZDIR` changed); calls are serialised, since `tzset` updates
/// the C library's process-wide state.
public struct ViewerTimeZone: Sendable {
    private static let lock = Mutex(())

    /// The viewer's zone (stateless: the environment is read at each conversion).
    public init() {}

    /// The wall time of an instant in the viewer's zone.
    ///
    /// When `TZ` is set to something that is neither a zone of the tz database nor a POSIX
    /// rule (see `problem`), the C library would quietly use UTC under the name given; the
    /// time is then in UTC and labelled "UTC".
    /// - Parameter instant: the moment (for example an episode's `airstamp`).
    /// - Returns: the local day, weekday, time and zone abbreviation; nil only when the C
    ///   library cannot convert the moment (a year beyond its range).
    public func wallTime(at instant: Date) -> LocalWallTime? {
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        var clock = time_t(seconds)
        var parts = tm()
        let understood = Self.understood(problem: { problem })
        let converted: Bool = Self.lock.withLock { _ in
            if !understood { return gmtime_r(&clock, &parts) != nil }
            tzset()
            return localtime_r(&clock, &parts) != nil
        }
        guard converted,
            let date = CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return nil }
        let abbreviation = understood ? (parts.tm_zone.map { String(cString: $0) } ?? "") : "UTC"
        return LocalWallTime(
            date: date,
            weekday: parts.tm_wday == 0 ? 7 : Int(parts.tm_wday),
            hour: Int(parts.tm_hour),
            minute: Int(parts.tm_min),
            zoneAbbreviation: abbreviation.isEmpty ? "UTC" : abbreviation,
            utcOffsetSeconds: understood ? Int(parts.tm_gmtoff) : 0
        )
    }

    /// The last verdict on `TZ` (whether it can be used, `problem` == nil) with the `TZ` and
    /// `TZDIR` values it was reached for.
    private static let verdict = Mutex<(setting: [String?], understood: Bool)?>(nil)

    /// Whether `TZ` can be used: `problem` is worked out again (a zone file opened and checked)
    /// only when `TZ` or `TZDIR` changed since the last conversion, as the C library itself
    /// reads the zone file again only for a changed `TZ`.
    /// - Parameter problem: why `TZ` cannot be used (`problem`).
    private static func understood(problem: () -> String?) -> Bool {
        let setting: [String?] = [getenv("TZ").map { String(cString: $0) }, getenv("TZDIR").map { String(cString: $0) }]
        if let known = verdict.withLock({ $0 }), known.setting == setting { return known.understood }
        let understood = problem() == nil
        verdict.withLock { $0 = (setting, understood) }
        return understood
    }

    /// Why `TZ` cannot be used, in words to show (the value is quoted as set: sanitise it
    /// before it reaches a terminal); nil when it is unset or empty, names a zone file of the
    /// tz database (under `TZDIR`, else `/usr/share/zoneinfo`, or an absolute path; the file
    /// must start with the `TZif` magic of RFC 8536), or is a POSIX rule. The rules are
    /// `TimeZoneSetting`'s; this reads `TZ` and the zone files.
    public var problem: String? {
        TimeZoneSetting(getenv("TZ").map { String(cString: $0) }).problem(isZoneFile: Self.isZoneFile)
    }

    /// True when the name is a readable TZif file, absolute or under the tz database's folder.
    static func isZoneFile(_ name: String) -> Bool {
        guard TimeZoneSetting.isSafeZoneName(name) else { return false }
        let folder = getenv("TZDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        let path = name.hasPrefix("/") ? name : folder + "/" + name
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var magic = [UInt8](repeating: 0, count: 4)
        let count = magic.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4) }
        return count == 4 && magic == Array("TZif".utf8)
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
