/// The IANA time zone of a place from its coordinates, for the countries whose places the
/// embedded snapshot holds (France, the United Kingdom, Turkey): a rough bounding box per
/// country, tried in order. Elsewhere it answers nil and the screen uses the viewer's zone and
/// says so. Near a border a box can take in a neighbour (Geneva falls in France's box); the
/// three zones' neighbours inside the boxes keep the same clock, so the times stay right
/// though the zone's name may not be the country's.
///
/// Boxes in degrees (south, north, west, east), from the countries' extents on OpenStreetMap;
/// zones from the IANA tz database's `zone1970.tab`.
public enum POITimeZone {
    /// A country's box and its zone.
    public struct Region: Sendable, Equatable {
        /// The ISO 3166-1 alpha-2 code, for example `FR`.
        public let countryCode: String
        /// The IANA zone, for example `Europe/Paris`.
        public let zone: String
        /// The southern and northern edges, degrees north.
        public let south: Double, north: Double
        /// The western and eastern edges, degrees east.
        public let west: Double, east: Double

        /// True when the point lies in the box, edges included.
        public func contains(_ point: Coordinate) -> Bool {
            (south...north).contains(point.latitude) && (west...east).contains(point.longitude)
        }
    }

    /// The boxes, in the order they are tried: France's north-east corner (Paris, Lille,
    /// Calais) before Britain's box, which it overlaps across the Channel; then the rest of
    /// mainland France south of 49.9° N; then Great Britain and Northern Ireland; then Turkey.
    public static let regions: [Region] = [
        Region(countryCode: "FR", zone: "Europe/Paris", south: 48.0, north: 51.1, west: 1.5, east: 8.3),
        Region(countryCode: "FR", zone: "Europe/Paris", south: 42.3, north: 49.9, west: -5.2, east: 7.7),
        Region(countryCode: "GB", zone: "Europe/London", south: 49.8, north: 60.9, west: -8.7, east: 1.8),
        Region(countryCode: "TR", zone: "Europe/Istanbul", south: 35.8, north: 42.2, west: 25.6, east: 44.9)
    ]

    /// The zone of a point.
    /// - Parameter point: the place's coordinate.
    /// - Returns: the first matching region, or nil when no box holds the point.
    public static func region(for point: Coordinate) -> Region? {
        regions.first { $0.contains(point) }
    }
}
