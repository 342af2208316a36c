#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One of the eight principal compass points, each covering 45° of bearing centred on it
/// (north is 337.5° up to, not including, 22.5°).
public enum CompassPoint: String, Sendable, Hashable, CaseIterable {
    /// North, bearing 0°.
    case north = "N"
    /// North-east, 45°.
    case northEast = "NE"
    /// East, 90°.
    case east = "E"
    /// South-east, 135°.
    case southEast = "SE"
    /// South, 180°.
    case south = "S"
    /// South-west, 225°.
    case southWest = "SW"
    /// West, 270°.
    case west = "W"
    /// North-west, 315°.
    case northWest = "NW"

    /// The nearest compass point to a bearing.
    /// - Parameter bearingDegrees: degrees clockwise from north; any finite value (wrapped to
    ///   0…360); NaN or infinity give north.
    public init(bearingDegrees: Double) {
        guard bearingDegrees.isFinite else {
            self = .north
            return
        }
        var wrapped = bearingDegrees.truncatingRemainder(dividingBy: 360)
        if wrapped < 0 { wrapped += 360 }
        let sector = Int(((wrapped + 22.5) / 45).rounded(.down)) % 8
        self = Self.allCases[sector]
    }

    /// The abbreviation, for example `"NE"`.
    public var abbreviation: String { rawValue }

    /// The bearing at the centre of the point, in degrees (0, 45, …, 315).
    public var bearingDegrees: Double {
        Double(Self.allCases.firstIndex(of: self) ?? 0) * 45
    }
}
