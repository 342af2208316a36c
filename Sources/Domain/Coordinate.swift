/// A point on the Earth: latitude and longitude in decimal degrees on the WGS 84 datum, as GPS
/// receivers, OpenStreetMap, Geoapify and GeoNames write them.
///
/// Shape: latitude −90…90 (north positive), longitude −180…180 (east positive); both finite.
/// A value of this type is always valid: the initialisers check the ranges.
public struct Coordinate: Sendable, Hashable, CustomStringConvertible {
    /// The latitude in decimal degrees, −90 (south pole) to 90 (north pole).
    public let latitude: Double
    /// The longitude in decimal degrees, −180 to 180, east of Greenwich positive.
    public let longitude: Double

    /// Makes a coordinate, checking the ranges.
    /// - Parameters:
    ///   - latitude: decimal degrees, −90…90.
    ///   - longitude: decimal degrees, −180…180.
    /// - Throws: `CoordinateError.notFinite` for NaN or infinity,
    ///   `.latitudeOutOfRange` or `.longitudeOutOfRange` outside the ranges.
    public init(latitude: Double, longitude: Double) throws(CoordinateError) {
        guard latitude.isFinite, longitude.isFinite else { throw CoordinateError.notFinite }
        guard (-90.0...90.0).contains(latitude) else { throw CoordinateError.latitudeOutOfRange(latitude) }
        guard (-180.0...180.0).contains(longitude) else { throw CoordinateError.longitudeOutOfRange(longitude) }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Makes a coordinate when the values are valid, else nil (for data from an API, where a
    /// bad position means "position unknown").
    /// - Parameters:
    ///   - latitude: decimal degrees, −90…90.
    ///   - longitude: decimal degrees, −180…180.
    public init?(validLatitude latitude: Double, longitude: Double) {
        guard let made = try? Coordinate(latitude: latitude, longitude: longitude) else { return nil }
        self = made
    }

    /// Parses `"LAT,LON"` in decimal degrees, for example `"48.8566,2.3522"` or
    /// `" -33.87 , 151.21 "` (spaces around either number are allowed).
    /// - Parameter text: the text, as typed after `--near` or in the location prompt.
    /// - Throws: `CoordinateError.unreadable` when the text is not two decimal numbers separated
    ///   by one comma; `.notFinite`, `.latitudeOutOfRange` or `.longitudeOutOfRange` when the
    ///   numbers are out of range.
    public init(parsing text: String) throws(CoordinateError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let latitude = Self.decimal(parts[0]),
            let longitude = Self.decimal(parts[1])
        else {
            throw CoordinateError.unreadable(text)
        }
        try self.init(latitude: latitude, longitude: longitude)
    }

    /// `"LAT,LON"` with the numbers as Swift prints them, for example `"48.8566,2.3522"`;
    /// `Coordinate(parsing:)` reads it back.
    public var description: String { "\(latitude),\(longitude)" }

    /// A plain decimal number (digits, one optional sign, one optional point, an optional
    /// exponent); nil for anything else, including `"nan"`, `"inf"` and hexadecimal floats.
    private static func decimal(_ part: Substring) -> Double? {
        let trimmed = part.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed()
        let text = String(trimmed)
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
            text.contains(where: { $0.isNumber })
        else { return nil }
        return Double(text)
    }
}
