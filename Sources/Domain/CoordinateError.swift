/// Why a coordinate was rejected, in words a person can act on (`description`).
public enum CoordinateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not `LAT,LON` in decimal degrees; carries the text as given.
    case unreadable(String)
    /// The latitude, in degrees, is outside −90…90.
    case latitudeOutOfRange(Double)
    /// The longitude, in degrees, is outside −180…180.
    case longitudeOutOfRange(Double)
    /// A value is NaN or infinite.
    case notFinite

    /// One line for the status bar, for example
    /// `latitude 91.0 is outside -90...90 degrees`.
    public var description: String {
        switch self {
        case .unreadable(let text):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "cannot read \"\(shown)\" as a location: expected LAT,LON in decimal degrees, for example 48.8566,2.3522"
        case .latitudeOutOfRange(let value):
            return "latitude \(value) is outside -90...90 degrees"
        case .longitudeOutOfRange(let value):
            return "longitude \(value) is outside -180...180 degrees"
        case .notFinite:
            return "a location needs finite numbers for latitude and longitude"
        }
    }
}
