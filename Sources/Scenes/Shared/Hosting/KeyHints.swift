/// Status-bar hints put together: the parts present, two spaces apart.
package enum KeyHints {
    /// The hints with the absent parts (unbound actions) left out.
    /// - Parameter parts: hints such as `⏎ open`, nil for one left out.
    /// - Returns: the parts, two spaces apart.
    package static func join(_ parts: [String?]) -> String {
        parts.compactMap { $0 }.joined(separator: "  ")
    }
}
