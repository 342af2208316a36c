import Domain
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Wall times from the system's tz database: the viewer's zone through the C library
/// (`ViewerTimeZone`: `TZ`, else `/etc/localtime`), a named zone from its TZif file under
/// `TZDIR` or `/usr/share/zoneinfo`, read once and kept.
public final class SystemPlaceClock: PlaceClockWorking {
    private let directory: String
    private let viewer = ViewerTimeZone()
    private let zones = Mutex<[String: ZoneInfoFile?]>([:])

    /// A clock on the system's tz database.
    /// - Parameter environment: the process's environment (`TZDIR` names another database folder).
    public init(environment: [String: String]) {
        directory = environment["TZDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/usr/share/zoneinfo"
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
    /// database (or not a plain relative name: no `..`, no leading `/`).
    public func wallTime(at instant: Date, inZone zone: String) -> LocalWallTime? {
        file(named: zone)?.wallTime(at: instant)
    }

    private func file(named name: String) -> ZoneInfoFile? {
        if let known = zones.withLock({ $0[name] }) { return known }
        let valid = !name.isEmpty && !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
            && name.utf8.count < 256
        let file = valid ? FileManager.default.contents(atPath: FilePaths.join(directory, name)).flatMap { ZoneInfoFile(bytes: Array($0)) } : nil
        zones.withLock { $0[name] = file }
        return file
    }
}
