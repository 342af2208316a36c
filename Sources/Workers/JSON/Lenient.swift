import FoundationEssentials

/// A DTO field decoded by its `LenientField` rule, so that a DTO's `Decodable` conformance can
/// be synthesised instead of written out: `@JSONField.Text var name: String?` (`JSONField`
/// names the rules).
///
/// The synthesised `init(from:)` asks its container for `Lenient<Field>` with
/// `decode(_:forKey:)`; the overload below answers with the rule's reading, so an absent key
/// is read by the rule too (nil, empty or false) and is never a `keyNotFound`. Strings still
/// pass through `JSONText` (a lone surrogate is U+FFFD), as every decode here does.
@propertyWrapper
struct Lenient<Field: LenientField>: Decodable {
    /// The field's value.
    var wrappedValue: Field.Value

    /// Wraps a value (the memberwise initialisers of DTOs built from fields already read).
    /// - Parameter wrappedValue: the value.
    init(wrappedValue: Field.Value) {
        self.wrappedValue = wrappedValue
    }

    /// Decoded as a value of its own rather than as a DTO's field (no DTO does so): read by
    /// the rule as a field `value` of the object.
    /// - Throws: as the rule's `read` does.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: LenientSelfKey.self)
        wrappedValue = try Field.read(container, .value)
    }
}

/// The key `Lenient.init(from:)` reads through: a value decoded alone has none, so the rule
/// sees its field absent.
private enum LenientSelfKey: String, CodingKey { case value }

extension Lenient: Sendable where Field.Value: Sendable {}

extension KeyedDecodingContainer {
    /// A lenient field, read by its rule: what lets a DTO's synthesised `init(from:)` be lenient.
    /// - Throws: only when a required field's rule throws.
    func decode<Field>(_ type: Lenient<Field>.Type, forKey key: Key) throws -> Lenient<Field> {
        Lenient(wrappedValue: try Field.read(self, key))
    }
}
