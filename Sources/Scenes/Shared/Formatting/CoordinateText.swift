import Domain

/// A coordinate written for the person: the places list's title and details, a favourite
/// place's row.
enum CoordinateText {
    /// A coordinate in decimal degrees, latitude first, in the form `--near` reads back:
    /// `41.0172,28.9699`, with a `.` decimal point whatever the locale (DecimalText).
    /// - Parameters:
    ///   - point: the coordinate.
    ///   - decimals: the digits after the point, for both numbers.
    ///   - separator: between latitude and longitude.
    static func decimal(_ point: Coordinate, decimals: Int, separator: String = ",") -> String {
        DecimalText.fixed(point.latitude, decimals: decimals) + separator + DecimalText.fixed(point.longitude, decimals: decimals)
    }
}
