/// Numbers as text with a `.` decimal point and no grouping, whatever the C locale says.
///
/// `String(format: "%.4f", …)` goes through the C library's `printf`, which takes its decimal
/// separator from `LC_NUMERIC`: under `LC_ALL=de_DE.UTF-8` it writes `41,0172`, which breaks
/// request URLs and cannot be read back by `--near`. These functions use integer arithmetic
/// and Swift's own (locale-free) number printing instead, so they are right by construction.
public enum DecimalText {
    /// `value` rounded to `decimals` places (half away from zero), for example
    /// `fixed(41.01724, decimals: 4)` → `"41.0172"`, `fixed(-0.00001, decimals: 4)` → `"0.0000"`
    /// (no negative zero). A value too large to scale exactly (|value| × 10^decimals ≥ 2^53)
    /// and a non-finite one are written as Swift prints them (`1e+300`, `inf`, `nan`).
    /// - Parameters:
    ///   - value: the number.
    ///   - decimals: places after the point, 0…15; 0 gives no point.
    /// - Returns: the text.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        let places = min(max(decimals, 0), 15)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard value.isFinite, scaled < 9_007_199_254_740_992 else { return "\(value)" }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        let whole = units / divisor
        let sign = value < 0 && units != 0 ? "-" : ""
        guard places > 0 else { return sign + String(whole) }
        let fraction = String(units % divisor)
        return sign + String(whole) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// `value` with at most `maximumDecimals` places and no trailing zeros, for example
    /// `trimmed(2.35220000, maximumDecimals: 7)` → `"2.3522"`, `trimmed(3.0, …)` → `"3"`.
    /// - Parameters:
    ///   - value: the number.
    ///   - maximumDecimals: the most places after the point, 0…15.
    /// - Returns: the text.
    public static func trimmed(_ value: Double, maximumDecimals: Int) -> String {
        var text = fixed(value, decimals: maximumDecimals)
        guard text.contains("."), !text.contains("e"), !text.contains("n") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A whole number padded with leading zeros to `width` digits, for example
    /// `padded(7, width: 2)` → `"07"`; a negative number keeps its sign before the zeros.
    /// - Parameters:
    ///   - value: the number.
    ///   - width: the least number of digits.
    /// - Returns: the text.
    public static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + zeros + digits
    }
}
