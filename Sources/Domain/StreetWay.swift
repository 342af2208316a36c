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
    /// The OpenStreetMap node id of each point, in the same order (ways that share a node id
    /// meet there: a junction of the walking graph); empty when the source did not say.
    public let nodeIDs: [Int]
    /// The tags walking needs (`highway`, `foot`, `access`), raw as the source wrote them;
    /// empty when the source did not keep them.
    public let tags: [String: String]

    /// Makes a way.
    /// - Parameters:
    ///   - kind: what it is.
    ///   - name: its name, or nil.
    ///   - points: its points in order (fewer than two draw nothing).
    ///   - nodeIDs: the points' node ids, one a point, or empty (ids of another count are
    ///     dropped).
    ///   - tags: the tags walking reads (`highway`, `foot`, `access`), or empty.
    public init(kind: StreetClass, name: String?, points: [Coordinate], nodeIDs: [Int] = [], tags: [String: String] = [:]) {
        self.kind = kind
        self.name = name
        self.points = points
        self.nodeIDs = nodeIDs.count == points.count ? nodeIDs : []
        self.tags = tags
    }

    /// True when the way ends where it starts (an area's outline).
    public var isClosed: Bool {
        guard points.count > 3, let first = points.first, let last = points.last else { return false }
        return first == last
    }
}
