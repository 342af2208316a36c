#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Great-circle geometry on a spherical Earth: distances and compass bearings between
/// coordinates, as the places list shows them ("350 m NE").
///
/// The sphere has the mean Earth radius R1 = 6,371,008.8 m (the IUGG mean radius of the
/// GRS 80 ellipsoid, R1 = (2a + b) / 3; H. Moritz, "Geodetic Reference System 1980",
/// Journal of Geodesy 74 (2000) 128–133). Treating the Earth as this sphere errs by at most
/// about 0.5 % against the ellipsoid, which is well below what a list of nearby places needs.
public enum Geo {
    /// The mean Earth radius R1 of GRS 80, in metres (Moritz 2000).
    public static let meanEarthRadiusMeters = 6_371_008.8

    /// The great-circle distance between two points, by the haversine formula
    /// (R. W. Sinnott, "Virtues of the Haversine", Sky and Telescope 68 (2), 1984, p. 159):
    /// `a = sin²(Δφ/2) + cos φ1 · cos φ2 · sin²(Δλ/2)`, `d = 2R · atan2(√a, √(1−a))`.
    /// - Parameters:
    ///   - from: the first point.
    ///   - to: the second point.
    /// - Returns: the distance in metres along the surface of the mean sphere, 0 or more.
    public static func distanceMeters(from: Coordinate, to: Coordinate) -> Double {
        let phi1 = radians(from.latitude), phi2 = radians(to.latitude)
        let deltaPhi = phi2 - phi1
        let deltaLambda = radians(to.longitude - from.longitude)
        let sinHalfPhi = sin(deltaPhi / 2), sinHalfLambda = sin(deltaLambda / 2)
        let a = min(1, max(0, sinHalfPhi * sinHalfPhi + cos(phi1) * cos(phi2) * sinHalfLambda * sinHalfLambda))
        return 2 * meanEarthRadiusMeters * atan2(a.squareRoot(), (1 - a).squareRoot())
    }

    /// The initial bearing (forward azimuth) of the great circle from one point to another:
    /// `θ = atan2(sin Δλ · cos φ2, cos φ1 · sin φ2 − sin φ1 · cos φ2 · cos Δλ)`, normalised to
    /// 0…360 (formula as in C. Veness, "Calculate distance, bearing and more between
    /// Latitude/Longitude points", https://www.movable-type.co.uk/scripts/latlong.html).
    /// - Parameters:
    ///   - from: the starting point.
    ///   - to: the destination.
    /// - Returns: degrees clockwise from true north, 0 ≤ θ < 360; 0 when the points coincide.
    public static func initialBearingDegrees(from: Coordinate, to: Coordinate) -> Double {
        let phi1 = radians(from.latitude), phi2 = radians(to.latitude)
        let deltaLambda = radians(to.longitude - from.longitude)
        let y = sin(deltaLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(deltaLambda)
        if x == 0 && y == 0 { return 0 }
        let degrees = atan2(y, x) * 180 / Double.pi
        let normalised = degrees.truncatingRemainder(dividingBy: 360)
        let positive = normalised < 0 ? normalised + 360 : normalised
        return positive >= 360 ? 0 : positive
    }

    /// The 8-way compass point of the initial bearing from one point to another.
    /// - Parameters:
    ///   - from: the starting point.
    ///   - to: the destination.
    /// - Returns: the compass point, for example `.northEast`.
    public static func compassPoint(from: Coordinate, to: Coordinate) -> CompassPoint {
        CompassPoint(bearingDegrees: initialBearingDegrees(from: from, to: to))
    }

    private static func radians(_ degrees: Double) -> Double { degrees * Double.pi / 180 }
}

extension Coordinate {
    /// The great-circle distance to another point (`Geo.distanceMeters(from:to:)`).
    /// - Parameter other: the other point.
    /// - Returns: metres, 0 or more.
    public func distanceMeters(to other: Coordinate) -> Double {
        Geo.distanceMeters(from: self, to: other)
    }

    /// The initial bearing to another point (`Geo.initialBearingDegrees(from:to:)`).
    /// - Parameter other: the destination.
    /// - Returns: degrees clockwise from true north, 0 ≤ θ < 360.
    public func bearingDegrees(to other: Coordinate) -> Double {
        Geo.initialBearingDegrees(from: self, to: other)
    }
}
