import FoundationEssentials

/// How one lenient field of a DTO is read from its keyed container, absent or present (`KeyedDecodingContainer.lenient…`: a value of another type
/// reads as absent; a list skips its bad elements).
protocol LenientField {
    /// The field's type.
    associatedtype Value
    /// Reads the field.
    /// - Throws: only for a required field (`JSONField.ID`, `JSONField.RequiredList`) that is
    ///   missing or unreadable.
    static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws -> Value
}
