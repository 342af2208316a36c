import Domain
import FoundationEssentials
import Synchronization

extension AirClock {
    /// The system's clock, the viewer's zone (`ViewerTimeZone`: `TZ`, else `/etc/localtime`)
    /// and the system's tz database for networks' zones, each zone's file read once.
    /// - Parameter environment: the process's environment (`TZDIR`).
    public static func system(environment: [String: String]) -> AirClock {
        let database = ZoneInfoDatabase(environment: environment)
        let cache = Mutex<[String: TimeZoneRules?]>([:])
        return AirClock(
            now: { Date() }, viewer: { ViewerTimeZone().wallTime(at: $0) },
            zoneNamed: { name in
                if let known = cache.withLock({ $0[name] }) { return known }
                let rules = database.rules(named: name)
                cache.withLock { $0[name] = rules }
                return rules
            })
    }

    /// The system clock and the viewer's zone (`ViewerTimeZone`), with no zones by name (a
    /// network's local time is then said as it is, unconverted).
    public static let viewerOnly = AirClock(now: { Date() }, viewer: { ViewerTimeZone().wallTime(at: $0) }, zoneNamed: { _ in nil })
}
