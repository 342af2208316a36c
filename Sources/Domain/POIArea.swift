/// A part of the world the embedded places snapshot covers, so that the places screen can open
/// somewhere with data even offline.
public struct POIArea: Sendable, Hashable, Identifiable {
    /// A stable identifier, for example `"istanbul"`.
    public let id: String
    /// The area's name as shown on screen, for example `"Lake District"`.
    public let name: String
    /// The mean position of the area's places (arithmetic mean of latitudes and of longitudes,
    /// which is close enough for an area a few tens of kilometres across).
    public let center: Coordinate
    /// The distance from `center` to the farthest place of the area, in metres, rounded up to
    /// the next 100 m: a radius that shows all of it.
    public let radiusMeters: Double
    /// The kinds of place recorded there, in `POICategory.allCases` order.
    public let categories: [POICategory]
    /// How many places the area has.
    public let placeCount: Int
    /// Where its data came from.
    public let source: DataSource

    /// Makes an area.
    /// - Parameters:
    ///   - id: a stable identifier.
    ///   - name: the name as shown on screen.
    ///   - center: the mean position of its places.
    ///   - radiusMeters: a radius from `center` that covers it, in metres.
    ///   - categories: the kinds of place recorded there.
    ///   - placeCount: how many places it has.
    ///   - source: where its data came from.
    public init(id: String, name: String, center: Coordinate, radiusMeters: Double, categories: [POICategory], placeCount: Int, source: DataSource) {
        self.id = id
        self.name = name
        self.center = center
        self.radiusMeters = radiusMeters
        self.categories = categories
        self.placeCount = placeCount
        self.source = source
    }
}
