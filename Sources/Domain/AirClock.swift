import FoundationEssentials

/// What turns air times into the viewer's wall-clock times: the present, the viewer's zone and
/// the tz database's zones by name. Presenters get one injected, so tests fix all three.
public struct AirClock: Sendable {
    /// The present instant.
    public let now: @Sendable () -> Date
    /// An instant on the viewer's wall (their `TZ`, else `/etc/localtime`); nil when it cannot
    /// be converted.
    public let viewer: @Sendable (Date) -> LocalWallTime?
    /// A zone's rules by IANA name (`America/New_York`); nil for an unknown zone.
    public let zoneNamed: @Sendable (String) -> TimeZoneRules?

    /// Makes a clock.
    /// - Parameters: one per property.
    public init(
        now: @escaping @Sendable () -> Date, viewer: @escaping @Sendable (Date) -> LocalWallTime?,
        zoneNamed: @escaping @Sendable (String) -> TimeZoneRules?
    ) {
        self.now = now
        self.viewer = viewer
        self.zoneNamed = zoneNamed
    }

    /// A fixed clock in one zone for everything, for tests: the viewer is in `viewer`, and
    /// `zones` are known by name.
    public static func fixed(at now: Date, viewer: TimeZoneRules, zones: [String: TimeZoneRules]) -> AirClock {
        AirClock(now: { now }, viewer: { viewer.wallTime(at: Int($0.timeIntervalSince1970.rounded(.down))) }, zoneNamed: { zones[$0] })
    }
}
