/// A source of street geometry around a point.
public protocol StreetsWorking: Sendable {
    /// The streets, water, parks and railways within a radius of a point.
    /// - Parameters:
    ///   - center: the point.
    ///   - radiusMeters: the radius, in metres.
    /// - Returns: the street map (possibly with no ways: an area with none recorded).
    /// - Throws: `SourceError` when the source cannot answer.
    func streets(near center: Coordinate, radiusMeters: Double) async throws -> StreetMap
}
