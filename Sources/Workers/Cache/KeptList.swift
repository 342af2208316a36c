import Domain
import FoundationEssentials

/// A list's last complete answer kept as one compact entry of the `ResponseCache`, so that a
/// warm start reads one small file and copies its fields instead of reading and decoding every
/// response the list was built from (a week of schedules is fourteen JSON bodies, about 4 MB).
///
/// The entry is kept under the URL of the list's first request with the query item
/// `discover-tui-list=1` added (no provider URL holds it). Its body, all integers little-endian:
///
///     "discover-list 1\n"
///     page (i64), hasMore (u8), basis (u8 tag: 0 none, 1 airing, 2 provider's popular, 3 all
///     shows; airing: country (str), first and last day (i64 day numbers), recorded and
///     streaming-only (u8 each)), count (u32), then each show's fields in `TVShow`'s order
///
/// where a string is its UTF-8 length (u32) and bytes, an optional a presence byte (0 or 1)
/// and the value, a list its count (u32) and items, a day an i64 day number (`CivilDays`), a
/// rating its IEEE 754 bits (u64). A body that does not read whole and exactly is no entry.
enum KeptList {
    /// The first bytes of every kept list (format version 1).
    static let magic = Array("discover-list 1\n".utf8)

    /// The URL a list is kept under, from the URL of its first request.
    /// - Parameter first: the first request's URL.
    /// - Returns: that URL with `discover-tui-list=1` added to its query, or nil when it cannot be made.
    static func url(forListAt first: URL) -> URL? {
        let text = first.absoluteString
        return URL(string: text + (text.contains("?") ? "&" : "?") + "discover-tui-list=1")
    }

    /// True when a URL is one a list is kept under.
    /// - Parameter url: a URL of the cache.
    static func isKeptList(_ url: URL) -> Bool {
        url.query?.split(separator: "&").contains("discover-tui-list=1") ?? false
    }

    /// The bytes of a list's answer.
    /// - Parameter result: the answer.
    /// - Returns: the entry's body.
    static func encode(_ result: PagedResult<TVShow>) -> Data {
        var out = Writer()
        out.bytes.append(contentsOf: magic)
        out.int(result.page)
        out.flag(result.hasMore)
        switch result.basis {
        case nil: out.byte(0)
        case .airing(let country, let from, let through, let recorded, let streamingOnly)?:
            out.byte(1)
            out.string(country)
            out.int(CivilDays.days(from))
            out.int(CivilDays.days(through))
            out.flag(recorded)
            out.flag(streamingOnly)
        case .providerPopular?: out.byte(2)
        case .allShows?: out.byte(3)
        }
        out.count(result.items.count)
        for show in result.items { out.show(show) }
        return Data(out.bytes)
    }

    /// The answer a kept list holds, labelled with its source.
    /// - Parameters:
    ///   - body: the entry's body.
    ///   - source: the answer's source (the cache and when the list was kept).
    /// - Returns: the answer, or nil when the body is not a whole kept list.
    static func decode(_ body: Data, source: DataSource) -> PagedResult<TVShow>? {
        body.withUnsafeBytes { raw -> PagedResult<TVShow>? in
            var reader = Reader(bytes: raw)
            do {
                guard try reader.take(magic.count).elementsEqual(magic) else { return nil }
                let page = try reader.int(), hasMore = try reader.flag()
                let basis: ListBasis?
                switch try reader.byte() {
                case 0: basis = nil
                case 1:
                    basis = .airing(
                        country: try reader.string(), from: try reader.day(), through: try reader.day(),
                        recorded: try reader.flag(), streamingOnly: try reader.flag())
                case 2: basis = .providerPopular
                case 3: basis = .allShows
                default: return nil
                }
                let count = try reader.count()
                var shows: [TVShow] = []
                shows.reserveCapacity(count)
                for _ in 0..<count { shows.append(try reader.show()) }
                guard reader.atEnd else { return nil }
                return PagedResult(items: shows, page: page, hasMore: hasMore, source: source, basis: basis)
            } catch {
                return nil
            }
        }
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func byte(_ value: UInt8) { bytes.append(value) }
        mutating func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }
        mutating func int(_ value: Int) { withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) } }
        mutating func count(_ value: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { bytes.append(contentsOf: $0) } }
        mutating func string(_ value: String) {
            var value = value
            value.withUTF8 { utf8 in
                count(utf8.count)
                bytes.append(contentsOf: utf8)
            }
        }
        mutating func strings(_ values: [String]) {
            count(values.count)
            for value in values { string(value) }
        }
        mutating func optional<T>(_ value: T?, _ write: (inout Writer, T) -> Void) {
            flag(value != nil)
            if let value { write(&self, value) }
        }

        mutating func show(_ show: TVShow) {
            int(show.id)
            string(show.name)
            optional(show.type) { $0.string($1) }
            optional(show.language) { $0.string($1) }
            strings(show.genres)
            optional(show.status) { $0.string($1) }
            optional(show.runtimeMinutes) { $0.int($1) }
            optional(show.premiered) { $0.int(CivilDays.days($1)) }
            optional(show.ended) { $0.int(CivilDays.days($1)) }
            optional(show.officialSite) { $0.string($1) }
            optional(show.schedule.time) { $0.string($1) }
            strings(show.schedule.days)
            optional(show.rating) { $0.int(Int(Int64(bitPattern: $1.bitPattern))) }
            optional(show.weight) { $0.int($1) }
            optional(show.popularityRank) { $0.int($1) }
            optional(show.broadcaster) { out, b in
                out.string(b.name)
                out.byte(b.kind == .network ? 0 : 1)
                out.optional(b.countryName) { $0.string($1) }
                out.optional(b.countryCode) { $0.string($1) }
                out.optional(b.timeZone) { $0.string($1) }
            }
            strings(show.summary)
            optional(show.updatedAt) { $0.int($1) }
        }
    }

    private struct Reader {
        struct Short: Error {}
        let bytes: UnsafeRawBufferPointer
        var position = 0

        var atEnd: Bool { position == bytes.count }

        mutating func take(_ n: Int) throws -> UnsafeRawBufferPointer {
            guard n >= 0, n <= bytes.count - position else { throw Short() }
            defer { position += n }
            return UnsafeRawBufferPointer(rebasing: bytes[position..<position + n])
        }
        mutating func byte() throws -> UInt8 { try take(1)[0] }
        mutating func flag() throws -> Bool {
            switch try byte() {
            case 0: return false
            case 1: return true
            default: throw Short()
            }
        }
        mutating func int() throws -> Int {
            let raw = try take(8)
            var value: UInt64 = 0
            for i in (0..<8).reversed() { value = value << 8 | UInt64(raw[i]) }
            return Int(Int64(bitPattern: value))
        }
        mutating func count() throws -> Int {
            let raw = try take(4)
            var value = 0
            for i in (0..<4).reversed() { value = value << 8 | Int(raw[i]) }
            // Every item takes a byte at least: a count beyond what is left is not a list.
            guard value <= bytes.count - position else { throw Short() }
            return value
        }
        mutating func string() throws -> String {
            String(decoding: try take(count()), as: UTF8.self)
        }
        mutating func strings() throws -> [String] {
            let n = try count()
            var values: [String] = []
            values.reserveCapacity(n)
            for _ in 0..<n { values.append(try string()) }
            return values
        }
        mutating func optional<T>(_ read: (inout Reader) throws -> T) throws -> T? {
            try flag() ? try read(&self) : nil
        }
        mutating func day() throws -> CalendarDate {
            let days = try int()
            // Day numbers of the years 1 to 9999 only (CalendarDate's range).
            guard days >= -719_162, days <= 2_932_896 else { throw Short() }
            return CivilDays.date(days)
        }

        mutating func show() throws -> TVShow {
            let id = try int(), name = try string()
            let type = try optional { try $0.string() }, language = try optional { try $0.string() }
            let genres = try strings(), status = try optional { try $0.string() }
            let runtime = try optional { try $0.int() }
            let premiered = try optional { try $0.day() }, ended = try optional { try $0.day() }
            let site = try optional { try $0.string() }
            let schedule = AirSchedule(time: try optional { try $0.string() }, days: try strings())
            let rating = try optional { Double(bitPattern: UInt64(bitPattern: Int64(try $0.int()))) }
            let weight = try optional { try $0.int() }, rank = try optional { try $0.int() }
            let broadcaster = try optional { r -> Broadcaster in
                let name = try r.string()
                let kind: Broadcaster.Kind
                switch try r.byte() {
                case 0: kind = .network
                case 1: kind = .webChannel
                default: throw Short()
                }
                return Broadcaster(
                    name: name, kind: kind, countryName: try r.optional { try $0.string() },
                    countryCode: try r.optional { try $0.string() }, timeZone: try r.optional { try $0.string() })
            }
            let summary = try strings(), updated = try optional { try $0.int() }
            return TVShow(
                id: id, name: name, type: type, language: language, genres: genres, status: status, runtimeMinutes: runtime,
                premiered: premiered, ended: ended, officialSite: site, schedule: schedule, rating: rating, weight: weight,
                broadcaster: broadcaster, summary: summary, updatedAt: updated, popularityRank: rank)
        }
    }
}
