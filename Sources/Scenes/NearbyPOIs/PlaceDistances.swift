import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Distances, walks and bearings as the places scene writes them (`95 m`, `1.2 km`, `0.7 mi`,
/// `~12 min`, `↗` / `NE`), and the mini-map's projection: offsets from the centre in metres.
enum PlaceDistances {
    /// A distance as the list shows it.
    ///
    /// Metric: whole metres under 1 km (`95 m`), kilometres with one decimal under 10 km
    /// (`1.2 km`), whole kilometres beyond (`12 km`). Imperial: feet to the nearest 10 under
    /// 0.1 mi (`330 ft`), miles with one decimal under 10 mi (`0.7 mi`), whole miles beyond.
    /// One international mile is 1,609.344 m and one foot 0.3048 m (the 1959 international
    /// yard and pound agreement).
    /// - Parameters:
    ///   - meters: the distance in metres (negative or non-finite values read as 0).
    ///   - units: metric or imperial.
    /// - Returns: for example `1.2 km`.
    static func distance(_ meters: Double, units: NearbyPOIs.Units) -> String {
        let m = meters.isFinite ? max(0, meters) : 0
        switch units {
        case .metric:
            if m.rounded() < 1_000 { return "\(Int(m.rounded())) m" }
            return decimal(m / 1_000, unit: "km")
        case .imperial:
            let miles = m / 1_609.344
            if miles < 0.095 {
                let feet = m / 0.3048
                return "\(Int((feet / 10).rounded()) * 10) ft"
            }
            return decimal(miles, unit: "mi")
        }
    }

    /// A search radius: as `distance`, without a trailing `.0` (`2 km`, `250 m`, `1.2 mi`).
    static func radiusLabel(_ meters: Double, units: NearbyPOIs.Units) -> String {
        distance(meters, units: units).replacing(".0 ", with: " ")
    }

    /// One decimal under 10, whole numbers from 10: `1.2 km`, `12 km`.
    private static func decimal(_ value: Double, unit: String) -> String {
        DecimalText.fixed(value, decimals: (value * 10).rounded() >= 100 ? 0 : 1) + " " + unit
    }

    /// The eight compass points as arrows, from north clockwise.
    static let arrows: [CompassPoint: String] = [
        .north: "↑", .northEast: "↗", .east: "→", .southEast: "↘",
        .south: "↓", .southWest: "↙", .west: "←", .northWest: "↖"
    ]

    /// The direction from the centre: an arrow and compass letters; `·` for a place at the
    /// centre (under a metre away), where no direction means anything.
    static func bearing(_ place: NearbyPOIs.LoadPOIs.Response.NearbyPOI) -> (arrow: String, compass: String) {
        guard place.distanceMeters >= 1 else { return ("·", "·") }
        let point = CompassPoint(bearingDegrees: place.bearingDegrees)
        return (arrows[point] ?? "·", point.abbreviation)
    }

    /// The compass point's name in words, for the details.
    static func compassWords(_ point: CompassPoint) -> String {
        switch point {
        case .north: return "North"
        case .northEast: return "North-east"
        case .east: return "East"
        case .southEast: return "South-east"
        case .south: return "South"
        case .southWest: return "South-west"
        case .west: return "West"
        case .northWest: return "North-west"
        }
    }

    /// A walk's minutes as the list writes them, marked as an estimate: `~1 min` at the least,
    /// `~12 min` under an hour, then hours to a tenth: `~1.5 h`.
    /// A walk by the streets (`byTheStreets`) is written without the `~`: `7 min`.
    static func walk(minutes: Double, byTheStreets: Bool = false) -> String {
        guard minutes.isFinite else { return ShowFormatting.missing }
        let mark = byTheStreets ? "" : "~"
        let whole = max(1, Int(minutes.rounded()))
        if whole < 60 { return "\(mark)\(whole) min" }
        let tenths = Int((minutes / 6).rounded())
        return "\(mark)\(tenths / 10).\(tenths % 10) h"
    }

    /// A walk's length: metric to the nearest 10 m (`RouteWords.distance`: `540 m`, `1.2 km`),
    /// imperial as `distance` writes it (`0.3 mi`).
    static func walkDistance(_ meters: Double, units: NearbyPOIs.Units) -> String {
        units == .metric ? RouteWords.distance(meters) : distance(meters, units: units)
    }

    // MARK: The mini-map's projection

    /// A point's offset from the centre in metres on the ground, by the equirectangular
    /// projection around the centre: `x = Δλ · cos φ0 · R`, `y = Δφ · R` (Δλ, Δφ in radians,
    /// φ0 the centre's latitude, R the mean Earth radius). Within a few tens of kilometres of
    /// the centre it errs by well under 1 % against the great-circle distance, far below one
    /// cell of the map. Δλ is wrapped to −180…180°, so a place across the antimeridian lands
    /// on the correct side.
    /// - Parameters:
    ///   - point: the place.
    ///   - center: the centre of the map.
    /// - Returns: metres east (negative: west) and north (negative: south) of the centre.
    static func mapOffset(of point: Coordinate, from center: Coordinate) -> (eastMeters: Double, northMeters: Double) {
        var deltaLongitude = point.longitude - center.longitude
        if deltaLongitude > 180 { deltaLongitude -= 360 }
        if deltaLongitude < -180 { deltaLongitude += 360 }
        let radians = Double.pi / 180
        let east = deltaLongitude * radians * cos(center.latitude * radians) * Geo.meanEarthRadiusMeters
        let north = (point.latitude - center.latitude) * radians * Geo.meanEarthRadiusMeters
        return (east, north)
    }
}

extension NearbyPOIs.Units {
    /// A walk's length in these units, as `PlaceDistances.walkDistance` writes it (`540 m`,
    /// `1.2 km`, `0.3 mi`).
    /// - Parameter meters: the length in metres.
    package func walkDistance(_ meters: Double) -> String {
        PlaceDistances.walkDistance(meters, units: self)
    }
}
