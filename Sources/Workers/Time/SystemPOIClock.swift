import Domain
import FoundationEssentials
import Synchronization

/// Wall times from the system's tz database: the viewer's zone through the C library
/// (`ViewerTimeZone`: `TZ`, else `/etc/localtime`), a named zone from its TZif file under
/// `TZDIR` or `/usr/share/zoneinfo` (`ZoneInfoDatabase`), read once and kept.
public final class SystemPOIClock: POIClockWorking {
    private let database: ZoneInfoDatabase
    private let viewer = ViewerTimeZone()
    private let zones = Mutex<[String: TimeZoneRules?]>([:])

    /// A clock on the system's tz database.
    /// - Parameter environment: the process's environment (`TZDIR` names another database folder).
    public init(environment: [String: String]) {
        database = ZoneInfoDatabase(environment: environment)
    }

    /// The viewer's zone: `TZ` (without a leading `:`) when set, else the zone `/etc/localtime`
    /// links to, else its abbreviation now, else `UTC`.
    public var viewerZoneName: String {
        if let setting = viewer.setting {
            if let range = setting.firstRange(of: "zoneinfo/") { return String(setting[range.upperBound...]) }
            if !setting.hasPrefix("/") { return setting.hasPrefix(":") ? String(setting.dropFirst()) : setting }
        }
        let abbreviation = viewer.wallTime(at: Date())?.zoneAbbreviation ?? ""
        return abbreviation.isEmpty ? "UTC" : abbreviation
    }

    /// The wall time of an instant in the viewer's zone.
    public func viewerWallTime(at instant: Date) -> LocalWallTime? {
        viewer.wallTime(at: instant)
    }

    /// The wall time of an instant in a named zone; nil when the name is not a zone of the
    /// database (or not a plain relative name: no `..`, no leading `/`), or the instant is
    /// beyond any calendar.
    public func wallTime(at instant: Date, inZone zone: String) -> LocalWallTime? {
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        return rules(named: zone)?.wallTime(at: Int(seconds))
    }

    private func rules(named name: String) -> TimeZoneRules? {
        if let known = zones.withLock({ $0[name] }) { return known }
        let rules = database.rules(named: name)
        zones.withLock { $0[name] = rules }
        return rules
    }
}
