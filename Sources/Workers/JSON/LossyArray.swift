import Domain
import FoundationEssentials

/// An array that skips the elements it cannot decode instead of failing as a whole, so one
/// bad element never costs the whole page.
public struct LossyArray<Element: Decodable>: Decodable {
    /// The elements that decoded.
    public let elements: [Element]
    /// How many elements were skipped.
    public let skipped: Int

    /// Decodes an array, skipping bad elements.
    /// - Throws: `DecodingError` only when the value is not an array at all.
    public init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        var skipped = 0
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd {
            if let element = try? container.decode(Element.self) {
                elements.append(element)
            } else {
                skipped += 1
                // Step over the bad element.
                _ = try? container.decode(AnyDecodable.self)
            }
        }
        self.elements = elements
        self.skipped = skipped
    }
}

/// Decodes and discards any JSON value.
private struct AnyDecodable: Decodable {
    init(from decoder: Decoder) throws {}
}

extension KeyedDecodingContainer {
    /// The value for `key`, or nil when it is absent, null or of another type.
    func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        (try? decodeIfPresent(T.self, forKey: key)) ?? nil
    }

    /// A number for `key` that may also be written as a string (`"8.1"`); nil when absent,
    /// null, not finite or not a number.
    func lenientDouble(_ key: Key) -> Double? {
        if let d = lenient(Double.self, key) { return d.isFinite ? d : nil }
        if let s = lenient(String.self, key), let d = Double(s.trimming(.whitespaces)), d.isFinite { return d }
        return nil
    }

    /// An integer for `key` that may also be written as a string or a whole float; nil otherwise.
    func lenientInt(_ key: Key) -> Int? {
        if let i = lenient(Int.self, key) { return i }
        if let d = lenientDouble(key), d.rounded() == d, abs(d) < 1e15 { return Int(d) }
        return nil
    }

    /// A string for `key`; nil when absent, null, not a string, or empty after trimming.
    func lenientText(_ key: Key) -> String? {
        guard let s = lenient(String.self, key) else { return nil }
        return s.trimming(.whitespacesAndNewlines).isEmpty ? nil : s
    }

    /// An array of strings for `key`, skipping non-strings; empty when absent or not an array.
    func lenientStrings(_ key: Key) -> [String] {
        lenient(LossyArray<String>.self, key)?.elements ?? []
    }
}
