/// One line (a road, a railway, a river) or outline (a lake, a park) of the street map.
///
/// Shape: at least two points in WGS 84 degrees, in the way's order; a closed outline repeats
/// its first point last.
public struct StreetWay: Sendable, Hashable {
    /// What it is.
    public let kind: StreetClass
    /// Its name (`name` tag), raw as the source wrote it (sanitise before showing), or nil.
    public let name: String?
    /// Its points, in order.
    public let points: [Coordinate]

    /// Makes a way.
    /// - Parameters:
    ///   - kind: what it is.
    ///   - name: its name, or nil.
    ///   - points: its points in order (fewer than two draw nothing).
    public init(kind: StreetClass, name: String?, points: [Coordinate]) {
        self.kind = kind
        self.name = name
        self.points = points
    }

    /// True when the way ends where it starts (an area's outline).
    public var isClosed: Bool {
        guard points.count > 3, let first = points.first, let last = points.last else { return false }
        return first == last
    }
}
