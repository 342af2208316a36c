import Domain
import FoundationEssentials

/// Number formats for request URLs.
enum GeoFormat {
    /// Decimal degrees with at most 7 decimals (about 1 cm), without trailing zeros and never
    /// in exponent form: `2.3522`, `-0.1278`, `0.00001`.
    static func degrees(_ value: Double) -> String {
        let text = DecimalText.trimmed(value, maximumDecimals: 7)
        return text == "-0" ? "0" : text
    }

    /// Whole metres, for example `500`.
    static func meters(_ value: Double) -> String {
        String(Int(value.rounded()))
    }
}
