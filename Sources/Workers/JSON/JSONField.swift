import FoundationEssentials

/// The rules of lenient DTO fields (`LenientField`) and the wrappers that read by them, named
/// for use as attributes: `@JSONField.Text var name: String?`, `@JSONField.List var genres:
/// [String]`, `@JSONField.ID var id: Int`.
enum JSONField {
    /// Any `Decodable` value; nil when absent, null or of another shape (`lenient(_:_:)`).
    enum ValueField<T: Decodable>: LenientField {
        static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) -> T? { container.lenient(T.self, key) }
    }

    /// Text; nil when absent, not a string, or empty after trimming (`lenientText`).
    enum TextField: LenientField {
        static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) -> String? { container.lenientText(key) }
    }

    /// An integer, also written as a string or a whole float (`lenientInt`).
    enum IntField: LenientField {
        static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) -> Int? { container.lenientInt(key) }
    }

    /// A finite number, also written as a string (`lenientDouble`).
    enum DoubleField: LenientField {
        static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) -> Double? { container.lenientDouble(key) }
    }

    /// A flag; false when absent or not a boolean.
    enum FlagField: LenientField {
        static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) -> Bool { container.lenient(Bool.self, key) ?? false }
    }

    /// A list whose bad elements are skipped; empty when absent or not a list.
    enum LossyListField<T: Decodable>: LenientField {
        static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) -> [T] {
            container.lenient(LossyArray<T>.self, key)?.elements ?? []
        }
    }

    /// A list whose bad elements are skipped; nil when absent or not a list (so that "none
    /// listed" and "not said" stay apart).
    enum OptionalLossyListField<T: Decodable>: LenientField {
        static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) -> [T]? {
            container.lenient(LossyArray<T>.self, key)?.elements
        }
    }

    /// A list that must be there (the document is refused without it), whose bad elements are skipped.
    enum RequiredLossyListField<T: Decodable>: LenientField {
        static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws -> [T] {
            try container.decode(LossyArray<T>.self, forKey: key).elements
        }
    }

    /// An id that must be there: an integer, also written as a string or a whole float.
    enum RequiredIDField: LenientField {
        static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws -> Int {
            guard let id = container.lenientInt(key) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: container.codingPath, debugDescription: "element without \(key.stringValue)"))
            }
            return id
        }
    }

    /// Text that must be there (the element is refused without it), not empty after trimming.
    enum RequiredTextField: LenientField {
        static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws -> String {
            guard let text = container.lenientText(key) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: container.codingPath, debugDescription: "element without \(key.stringValue)"))
            }
            return text
        }
    }

    /// An identifier that may come as text or as a number (`"123"` or `123`), as text.
    enum TextOrNumberField: LenientField {
        static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) -> String? {
            container.lenientText(key) ?? container.lenientInt(key).map(String.init)
        }
    }

    /// An object of strings (`StringMap`); empty when absent or not an object.
    enum StringMapField: LenientField {
        static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) -> StringMap {
            container.lenient(StringMap.self, key) ?? StringMap()
        }
    }

    /// A value that must be there and be of its type (plain `decode`; the element is refused
    /// otherwise): a record's own key, such as a snapshot line's id, read strictly.
    enum RequiredValueField<T: Decodable>: LenientField {
        static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws -> T {
            try container.decode(T.self, forKey: key)
        }
    }

    /// An object of `T` by key (`{"GB": {…}, "US": {…}}`); empty when absent, not an object,
    /// or when any of its values is not a `T` (the object is read whole or not at all).
    enum ValueMapField<T: Decodable>: LenientField {
        static func read<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) -> [String: T] {
            container.lenient([String: T].self, key) ?? [:]
        }
    }

    /// A lenient `Decodable` value (`ValueField`).
    typealias Value<T: Decodable> = Lenient<ValueField<T>>
    /// Lenient text (`TextField`).
    typealias Text = Lenient<TextField>
    /// A lenient integer (`IntField`).
    typealias Integer = Lenient<IntField>
    /// A lenient number (`DoubleField`).
    typealias Number = Lenient<DoubleField>
    /// A lenient flag (`FlagField`).
    typealias Flag = Lenient<FlagField>
    /// A lossy list, empty when absent (`LossyListField`).
    typealias List<T: Decodable> = Lenient<LossyListField<T>>
    /// A lossy list, nil when absent (`OptionalLossyListField`).
    typealias OptionalList<T: Decodable> = Lenient<OptionalLossyListField<T>>
    /// A required lossy list (`RequiredLossyListField`).
    typealias RequiredList<T: Decodable> = Lenient<RequiredLossyListField<T>>
    /// A required id (`RequiredIDField`).
    typealias ID = Lenient<RequiredIDField>
    /// Required text (`RequiredTextField`).
    typealias RequiredText = Lenient<RequiredTextField>
    /// Text or a number, as text (`TextOrNumberField`).
    typealias TextOrNumber = Lenient<TextOrNumberField>
    /// A required value of its exact type (`RequiredValueField`).
    typealias Required<T: Decodable> = Lenient<RequiredValueField<T>>
    /// An object of values by key, empty when absent or unreadable (`ValueMapField`).
    typealias ValueMap<T: Decodable> = Lenient<ValueMapField<T>>
    /// An object of strings (`StringMapField`).
    typealias Map = Lenient<StringMapField>
}
