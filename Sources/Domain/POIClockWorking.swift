import FoundationEssentials

/// Wall times for opening hours: in a place's own zone, named as in the IANA tz database
/// (`Europe/Paris`), and in the viewer's zone, for places whose zone is not known.
///
/// The Workers layer reads the system's tz database; tests may give fixed clocks.
public protocol POIClockWorking: Sendable {
    /// The viewer's zone as it is shown: its IANA name (`Europe/Paris`) when the system says
    /// it, else its abbreviation now (`CET`), else `UTC`.
    var viewerZoneName: String { get }

    /// The wall time of an instant in the viewer's zone.
    /// - Parameter instant: the moment.
    /// - Returns: the wall time; nil when the moment cannot be converted.
    func viewerWallTime(at instant: Date) -> LocalWallTime?

    /// The wall time of an instant in a named zone.
    /// - Parameters:
    ///   - instant: the moment.
    ///   - zone: an IANA zone name, for example `Europe/Istanbul`.
    /// - Returns: the wall time; nil when the system does not know the zone.
    func wallTime(at instant: Date, inZone zone: String) -> LocalWallTime?
}
