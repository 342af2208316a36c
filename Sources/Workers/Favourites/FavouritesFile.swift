import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

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
/// were added.
///
/// A file whose top level is not this shape (empty, cut short, not JSON, not an object, no
/// integer `version`, no `favourites` array) is corrupt; a `version` other than 1 is from
/// another release and is left untouched. One entry that cannot be read (a field missing or
/// of the wrong type, an unknown kind, a bad time, coordinates out of range) is skipped, as a
/// page of an API skips a bad element, and written back as it was, in its place, so nothing of
/// the file is lost; a second entry with a key already read is dropped (it is the same
/// favourite). Fields this release does not know, of the top level and of readable entries,
/// are written back too. Numbers in them are kept as 64-bit integers or doubles.
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

    /// A file's content: the favourites it holds and what it holds besides, to be written back.
    public struct Contents: Sendable, Equatable {
        /// One entry of the `favourites` array, in the file's order.
        public enum Entry: Sendable, Equatable {
            /// A readable favourite's key and the entry's fields this release does not know.
            case readable(FavouriteKey, unknownFields: [String: JSONValue])
            /// An entry that cannot be read, as it was.
            case unreadable(JSONValue)
        }

        /// The readable favourites, in the file's order.
        public var favourites: [Favourite]
        /// Every entry, readable or not, in the file's order.
        public var entries: [Entry]
        /// The top level's fields other than `version` and `favourites`.
        public var unknownFields: [String: JSONValue]

        /// Makes contents.
        /// - Parameters:
        ///   - favourites: the readable favourites, in order.
        ///   - entries: every entry in order; by default one readable entry per favourite.
        ///   - unknownFields: other top-level fields.
        public init(favourites: [Favourite], entries: [Entry]? = nil, unknownFields: [String: JSONValue] = [:]) {
            self.favourites = favourites
            self.entries = entries ?? favourites.map { .readable($0.key, unknownFields: [:]) }
            self.unknownFields = unknownFields
        }

        /// How many entries could not be read.
        public var unreadableCount: Int {
            entries.reduce(0) { count, entry in
                if case .unreadable = entry { return count + 1 }
                return count
            }
        }
    }

    /// The fields of an entry this release reads and writes.
    private static let entryFields: Set<String> = ["kind", "provider", "id", "name", "subtitle", "latitude", "longitude", "added"]

    /// Reads a file's bytes.
    /// - Parameter data: the file's content.
    /// - Returns: the readable favourites, in the file's order.
    /// - Throws: `Failure.corrupt` with the reason, or `Failure.unsupportedVersion`.
    public static func decode(_ data: Data) throws(Failure) -> [Favourite] {
        try decodeContents(data).favourites
    }

    /// Reads a file's bytes, keeping what cannot be read and what this release does not know.
    /// - Parameter data: the file's content.
    /// - Returns: the favourites, every entry, and the unknown top-level fields.
    /// - Throws: `Failure.corrupt` with the reason when the top level is not a favourites file,
    ///   or `Failure.unsupportedVersion`.
    public static func decodeContents(_ data: Data) throws(Failure) -> Contents {
        if data.isEmpty { throw .corrupt("empty file") }
        let value: JSONValue
        do {
            value = try JSONText.decode(JSONValue.self, from: data)
        } catch {
            throw .corrupt("not JSON (cut short or garbled)")
        }
        guard case .object(var top) = value, case .integer(let version)? = top["version"] else {
            throw .corrupt("not a favourites file (no version)")
        }
        guard version == Int64(Self.version) else { throw .unsupportedVersion(Int(clamping: version)) }
        guard case .array(let list)? = top["favourites"] else { throw .corrupt("not a favourites file (wrong shape)") }
        top["version"] = nil
        top["favourites"] = nil
        var contents = Contents(favourites: [], entries: [], unknownFields: top)
        var keys = Set<FavouriteKey>()
        for element in list {
            guard let (favourite, unknown) = entry(element) else {
                contents.entries.append(.unreadable(element))
                continue
            }
            // A repeated key is the same favourite: the first is kept.
            guard keys.insert(favourite.key).inserted else { continue }
            contents.favourites.append(favourite)
            contents.entries.append(.readable(favourite.key, unknownFields: unknown))
        }
        return contents
    }

    /// One entry as a favourite and its unknown fields, or nil when it cannot be read.
    private static func entry(_ value: JSONValue) -> (Favourite, [String: JSONValue])? {
        guard case .object(let fields) = value,
            case .string(let kindName)? = fields["kind"], let kind = FavouriteKind(rawValue: kindName),
            case .string(let provider)? = fields["provider"], !provider.isEmpty,
            case .string(let id)? = fields["id"], !id.isEmpty,
            case .string(let name)? = fields["name"],
            case .string(let subtitle)? = fields["subtitle"],
            case .string(let addedText)? = fields["added"], let added = parseTime(addedText)
        else { return nil }
        var coordinate: Coordinate?
        switch (fields["latitude"], fields["longitude"]) {
        case (nil, nil), (.null?, .null?):
            break
        case (let latitude?, let longitude?):
            guard let latitude = latitude.number, let longitude = longitude.number,
                let valid = Coordinate(validLatitude: latitude, longitude: longitude)
            else { return nil }
            coordinate = valid
        default:
            return nil
        }
        let unknown = fields.filter { !entryFields.contains($0.key) }
        let key = FavouriteKey(kind: kind, provider: provider, id: id)
        return (Favourite(key: key, name: name, subtitle: subtitle, coordinate: coordinate, addedAt: added), unknown)
    }

    /// Writes favourites in the format.
    /// - Parameter favourites: favourites with distinct keys, in the order they were added.
    /// - Returns: the file's bytes (pretty-printed, keys sorted, ending with a newline).
    public static func encode(_ favourites: [Favourite]) -> Data {
        encode(favourites, keeping: Contents(favourites: []))
    }

    /// Writes favourites in the format, keeping what a file held besides its readable
    /// favourites: its unreadable entries in their places, and unknown fields.
    /// - Parameters:
    ///   - favourites: favourites with distinct keys, in the order they were added.
    ///   - kept: the contents read before; its readable entries not in `favourites` were removed.
    /// - Returns: the file's bytes (pretty-printed, keys sorted, ending with a newline).
    public static func encode(_ favourites: [Favourite], keeping kept: Contents) -> Data {
        let byKey = Dictionary(favourites.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var written = Set<FavouriteKey>()
        var list: [JSONValue] = []
        for entry in kept.entries {
            switch entry {
            case .unreadable(let value):
                list.append(value)
            case .readable(let key, let unknown):
                guard let favourite = byKey[key], written.insert(key).inserted else { continue }
                list.append(value(of: favourite, unknownFields: unknown))
            }
        }
        for favourite in favourites where written.insert(favourite.key).inserted {
            list.append(value(of: favourite, unknownFields: [:]))
        }
        var top = kept.unknownFields
        top["version"] = .integer(Int64(version))
        top["favourites"] = .array(list)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, integers, booleans and finite doubles cannot fail.
        let data = (try? encoder.encode(JSONValue.object(top))) ?? Data("{\"favourites\":[],\"version\":1}".utf8)
        return data + Data("\n".utf8)
    }

    private static func value(of favourite: Favourite, unknownFields: [String: JSONValue]) -> JSONValue {
        var fields = unknownFields
        fields["kind"] = .string(favourite.key.kind.rawValue)
        fields["provider"] = .string(favourite.key.provider)
        fields["id"] = .string(favourite.key.id)
        fields["name"] = .string(favourite.name)
        fields["subtitle"] = .string(favourite.subtitle)
        if let coordinate = favourite.coordinate {
            fields["latitude"] = .double(coordinate.latitude)
            fields["longitude"] = .double(coordinate.longitude)
        }
        fields["added"] = .string(formatTime(favourite.addedAt))
        return .object(fields)
    }

    /// `2026-11-29T14:30:00Z` for a time in seconds since 1970-01-01 UTC (RFC 3339).
    /// - Parameter seconds: seconds since 1970-01-01 UTC.
    /// - Returns: the time in UTC with whole seconds.
    public static func formatTime(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        let two = { (n: Int32) in DecimalText.padded(Int(n), width: 2) }
        return DecimalText.padded(Int(parts.tm_year) + 1900, width: 4) + "-" + two(parts.tm_mon + 1) + "-" + two(parts.tm_mday)
            + "T" + two(parts.tm_hour) + ":" + two(parts.tm_min) + ":" + two(parts.tm_sec) + "Z"
    }

    /// Reads `YYYY-MM-DDTHH:MM:SSZ` (RFC 3339 in UTC, whole seconds).
    /// - Parameter text: the time.
    /// - Returns: seconds since 1970-01-01 UTC, or nil when not that form.
    public static func parseTime(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z")
        else { return nil }
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
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
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
