/// A walk along the streets from one point to another.
///
/// Shape: `points` run from the start's nearest point on the streets to the destination's;
/// `meters` is their length along the streets (without the stretches from the points asked to
/// the streets, which `startSnapMeters` and `endSnapMeters` give); `seconds` is the walking time
/// at the pace asked, steps slower.
public struct WalkingRoute: Sendable, Hashable {
    /// The length along the streets, in metres.
    public let meters: Double
    /// The walking time, in seconds.
    public let seconds: Double
    /// The line walked, in order, at least two points.
    public let points: [Coordinate]
    /// The turn-by-turn steps, in order.
    public let steps: [RouteStep]
    /// From the start asked to the streets, in metres.
    public let startSnapMeters: Double
    /// From the streets to the destination asked, in metres.
    public let endSnapMeters: Double

    /// Makes a route.
    /// - Parameters:
    ///   - meters: the length along the streets.
    ///   - seconds: the walking time.
    ///   - points: the line walked.
    ///   - steps: the steps.
    ///   - startSnapMeters: metres from the start to the streets.
    ///   - endSnapMeters: metres from the streets to the destination.
    public init(meters: Double, seconds: Double, points: [Coordinate], steps: [RouteStep], startSnapMeters: Double, endSnapMeters: Double) {
        self.meters = meters
        self.seconds = seconds
        self.points = points
        self.steps = steps
        self.startSnapMeters = startSnapMeters
        self.endSnapMeters = endSnapMeters
    }
}
