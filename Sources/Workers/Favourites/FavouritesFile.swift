import Domain
import Foundation

/// The favourites file's format, version 1: a UTF-8 JSON object.
///
/// ```json
/// {
///   "version": 1,
///   "favourites": [
///     { "kind": "show", "provider": "TVmaze", "id": "82", "name": "Game of Thrones",
///       "subtitle": "2011–2019 · HBO", "added": "2026-11-29T14:30:00Z" },
///     { "kind": "place", "provider": "OpenStreetMap", "id": "osm:node/262402714",
///       "name": "Mandabatmaz", "subtitle": "Café · İstiklal Caddesi",
///       "latitude": 41.0334, "longitude": 28.9772, "added": "2026-11-29T14:31:05Z" }
///   ]
/// }
/// ```
///
/// `kind` is `show` or `place`; `provider` and `id` (text) identify the item within its kind;
/// `latitude`/`longitude` (WGS 84 decimal degrees) are given for places only; `added` is an
/// RFC 3339 UTC time with whole seconds. Keys are written sorted and entries in the order they
/// were added. A file that is not this shape (empty, cut short, not JSON, another shape, an
/// entry without a field, a repeated key) is corrupt; a `version` other than 1 is from another
/// release and is left untouched.
public enum FavouritesFile {
    /// The version this release reads and writes.
    public static let version = 1

    /// Why a file's content cannot be used.
    public enum Failure: Error, Sendable, Equatable {
        /// Not favourites of any version: the reason in a few words (`empty`, `not JSON`…).
        case corrupt(String)
        /// A well-formed file of a version this release does not know.
        case unsupportedVersion(Int)
    }

    private struct Document: Codable {
        var version: Int
        var favourites: [Entry]
    }

    private struct VersionOnly: Decodable {
        var version: Int
    }

    private struct Entry: Codable {
        var kind: String
        var provider: String
        var id: String
        var name: String
        var subtitle: String
        var latitude: Double?
        var longitude: Double?
        var added: String
    }

    /// Reads a file's bytes.
    /// - Parameter data: the file's content.
    /// - Returns: the favourites, in the file's order.
    /// - Throws: `Failure.corrupt` with the reason, or `Failure.unsupportedVersion`.
    public static func decode(_ data: Data) throws(Failure) -> [Favourite] {
        if data.isEmpty { throw .corrupt("empty file") }
        guard (try? JSONSerialization.jsonObject(with: data)) != nil else { throw .corrupt("not JSON (cut short or garbled)") }
        guard let version = try? JSONDecoder().decode(VersionOnly.self, from: data).version else {
            throw .corrupt("not a favourites file (no version)")
        }
        guard version == Self.version else { throw .unsupportedVersion(version) }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw .corrupt("not a favourites file (wrong shape)")
        }
        var favourites: [Favourite] = []
        var keys = Set<FavouriteKey>()
        for (index, entry) in document.favourites.enumerated() {
            guard let kind = FavouriteKind(rawValue: entry.kind) else { throw .corrupt("entry \(index + 1): unknown kind") }
            guard !entry.provider.isEmpty, !entry.id.isEmpty else { throw .corrupt("entry \(index + 1): empty provider or id") }
            guard let added = parseTime(entry.added) else { throw .corrupt("entry \(index + 1): bad time") }
            var coordinate: Coordinate?
            if let latitude = entry.latitude, let longitude = entry.longitude {
                guard let valid = Coordinate(validLatitude: latitude, longitude: longitude) else {
                    throw .corrupt("entry \(index + 1): coordinates out of range")
                }
                coordinate = valid
            }
            let key = FavouriteKey(kind: kind, provider: entry.provider, id: entry.id)
            guard keys.insert(key).inserted else { throw .corrupt("entry \(index + 1): repeated") }
            favourites.append(Favourite(key: key, name: entry.name, subtitle: entry.subtitle, coordinate: coordinate, addedAt: added))
        }
        return favourites
    }

    /// Writes favourites in the format.
    /// - Parameter favourites: favourites with distinct keys, in the order they were added.
    /// - Returns: the file's bytes (pretty-printed, keys sorted, ending with a newline).
    public static func encode(_ favourites: [Favourite]) -> Data {
        let document = Document(version: version, favourites: favourites.map { favourite in
            Entry(
                kind: favourite.key.kind.rawValue, provider: favourite.key.provider, id: favourite.key.id,
                name: favourite.name, subtitle: favourite.subtitle,
                latitude: favourite.coordinate?.latitude, longitude: favourite.coordinate?.longitude,
                added: formatTime(favourite.addedAt)
            )
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, integers and finite doubles cannot fail.
        let data = (try? encoder.encode(document)) ?? Data("{\"favourites\":[],\"version\":1}".utf8)
        return data + Data("\n".utf8)
    }

    /// `2026-11-29T14:30:00Z` for a time in seconds since 1970-01-01 UTC (RFC 3339).
    /// - Parameter seconds: seconds since 1970-01-01 UTC.
    /// - Returns: the time in UTC with whole seconds.
    public static func formatTime(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    /// Reads `YYYY-MM-DDTHH:MM:SSZ` (RFC 3339 in UTC, whole seconds).
    /// - Parameter text: the time.
    /// - Returns: seconds since 1970-01-01 UTC, or nil when not that form.
    public static func parseTime(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              bytes[19] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for b in bytes[range] {
                guard b >= 0x30, b <= 0x39 else { return nil }
                value = value * 10 + Int(b - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Int(timegm(&parts))
    }
}
