/// The streets, water, parks and railways loaded around a centre.
public struct StreetMap: Sendable, Hashable {
    /// The widest radius streets are loaded within, in metres: a wider search gets the streets
    /// of its middle 3 km (more would be a heavy query and too dense to draw).
    public static let maximumRadiusMeters = 3_000.0

    /// The point they were loaded around.
    public let center: Coordinate
    /// The radius they were loaded within, in metres: the view may pan anywhere inside it
    /// without a new request.
    public let radiusMeters: Double
    /// The ways, in drawing order (`StreetClass` order, then as the source sent them).
    public let ways: [StreetWay]
    /// Where they came from.
    public let source: DataSource

    /// Makes a street map; the ways are put in drawing order.
    /// - Parameters:
    ///   - center: the point loaded around.
    ///   - radiusMeters: the radius loaded, in metres.
    ///   - ways: the ways, in any order.
    ///   - source: where they came from.
    public init(center: Coordinate, radiusMeters: Double, ways: [StreetWay], source: DataSource) {
        self.center = center
        self.radiusMeters = radiusMeters
        // A stable sort: ways of one class keep the source's order.
        self.ways = ways.enumerated().sorted { ($0.element.kind, $0.offset) < ($1.element.kind, $1.offset) }.map(\.element)
        self.source = source
    }

    /// True when the circle of `radiusMeters` around `point` lies inside what is loaded (with
    /// a 1 m allowance), so a view there needs no new request.
    /// - Parameters:
    ///   - point: the view's centre.
    ///   - radiusMeters: the view's half-width, in metres.
    public func covers(_ point: Coordinate, radiusMeters: Double) -> Bool {
        Geo.distanceMeters(from: center, to: point) + radiusMeters <= self.radiusMeters + 1
    }
}
