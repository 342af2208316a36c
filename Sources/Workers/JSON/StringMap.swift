/// A JSON object of string values (OSM tags, Geoapify's `datasource.raw`), decoded leniently:
/// numbers and booleans become their text, other values (objects, arrays, null) are skipped.
struct StringMap: Decodable {
    /// The values by key.
    let values: [String: String]

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    init(values: [String: String] = [:]) {
        self.values = values
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        var values: [String: String] = [:]
        for key in c.allKeys {
            if let s = try? c.decode(String.self, forKey: key) {
                values[key.stringValue] = s
            } else if let i = try? c.decode(Int.self, forKey: key) {
                values[key.stringValue] = String(i)
            } else if let d = try? c.decode(Double.self, forKey: key), d.isFinite {
                values[key.stringValue] = String(d)
            } else if let b = try? c.decode(Bool.self, forKey: key) {
                values[key.stringValue] = b ? "yes" : "no"
            }
        }
        self.values = values
    }

    /// The trimmed value of the first key present with non-blank text.
    func text(_ keys: String...) -> String? {
        for key in keys {
            if let value = values[key].flatMap(POIText.trimmed) { return value }
        }
        return nil
    }
}
