import Domain
import FoundationEssentials

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
            if let value = values[key].flatMap(PlaceText.trimmed) { return value }
        }
        return nil
    }
}

/// Small text helpers shared by the places mappers.
enum PlaceText {
    /// The text without surrounding white space; nil when nothing is left.
    static func trimmed(_ text: String?) -> String? {
        guard let text else { return nil }
        let t = text.trimming(.whitespacesAndNewlines)
        return t.isEmpty ? nil : t
    }

    /// The non-blank parts joined by `separator`; nil when every part is blank.
    static func joined(_ parts: [String?], separator: String) -> String? {
        let kept = parts.compactMap(trimmed)
        return kept.isEmpty ? nil : kept.joined(separator: separator)
    }

    /// The lines without blanks, repeats, or a line equal to the name.
    static func addressLines(_ lines: [String?], name: String?) -> [String] {
        var out: [String] = []
        for line in lines.compactMap(trimmed) where line != name && !out.contains(line) {
            out.append(line)
        }
        return out
    }
}

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

/// Builds percent-encoded query strings (RFC 3986 §3.4). Values keep only the unreserved
/// characters and those listed in `keep`; everything else (including `&`, `=`, `+`, space and
/// any non-ASCII) is percent-encoded as UTF-8.
enum QueryString {
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    private static let hexDigits = Array("0123456789ABCDEF")

    /// One encoded value.
    static func encode(_ value: String, keep: String = "") -> String {
        let extra = Set(keep.utf8)
        var out = ""
        for byte in value.utf8 {
            if unreserved.contains(byte) || extra.contains(byte) {
                out.append(Character(Unicode.Scalar(byte)))
            } else {
                out.append("%")
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return out
    }

    /// `name=value&…` with each value encoded, keeping `keep` as is.
    static func make(_ pairs: [(String, String)], keep: String = "") -> String {
        pairs.map { "\($0.0)=\(encode($0.1, keep: keep))" }.joined(separator: "&")
    }

    /// A URL made of a base URL, a path appended to the base's own, and a query.
    /// - Throws: `SourceError.unreachable` when the parts do not make a URL.
    static func url(base: URL, path: String, query: String, provider: String) throws -> URL {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        let prefix = components?.path ?? ""
        if !path.isEmpty {
            components?.path = (prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix) + "/" + path
        }
        components?.percentEncodedQuery = query
        guard let url = components?.url else {
            throw SourceError.unreachable(provider: provider, reason: "bad base URL")
        }
        return url
    }
}

extension CalendarDate {
    /// The day of an ISO 8601 timestamp such as `"2025-12-04T11:12:14Z"` (its first 10
    /// characters); nil when they are not a date.
    static func dayOf(timestamp: String?) -> CalendarDate? {
        guard let timestamp, timestamp.count >= 10 else { return nil }
        return CalendarDate(iso: String(timestamp.prefix(10)))
    }
}
