/// Where a point meets the walking graph: the nearest point of its nearest segment.
public struct WalkingSnap: Sendable, Hashable {
    /// The segment's index in the graph.
    public let segment: Int
    /// How far along the segment, from its first end (0) to its second (1).
    public let fraction: Double
    /// The point on the segment.
    public let point: Coordinate
    /// The distance from the point asked to `point`, in metres.
    public let distanceMeters: Double
}
