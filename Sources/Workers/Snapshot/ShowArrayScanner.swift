import Domain
import FoundationEssentials

/// A fast reader of a JSON array of TVmaze shows (RFC 8259 syntax), for snapshots of up to
/// hundreds of thousands of shows: it reads only the fields a list needs, straight from the
/// bytes, and notes where each show's object lies so that its synopsis, cast and seasons can be
/// decoded later, when its details are asked for.
///
/// A show is first read by `ShowRowScanner`, which writes its fields' bytes straight into the
/// columns of a `ShowTable.Builder`; a show it leaves (an escape in a string, a number written
/// with a fraction or as a string) is read again here, field by field into `String`s, as a
/// `TVmazeDTO.Show`. Both read each field as `TVmazeDTO.Show`'s lenient decoding does (a field
/// of the wrong type reads as missing; an element without an integer `id` is skipped).
/// Anything they are not sure to read the same way — malformed or truncated JSON, a known key
/// given twice, an escaped key, a string that is not UTF-8 — makes the scan give up with
/// `Failure.unsure`, and the caller decodes the document with `JSONDecoder` instead, which
/// gives the same result or the error to report.
struct ShowArrayScanner {
    /// Why a scan stopped (`.needMore`: the bytes end inside an element; `.unsure`: the
    /// document is not one the scanner reads exactly like `JSONDecoder`).
    typealias Failure = JSONCursor.Failure

    /// One element of the array that is a show, read into a `TVmazeDTO.Show`.
    struct Element {
        /// The show's fields as the lenient DTO decoding reads them (synopsis and `_embedded` left out).
        let show: TVmazeDTO.Show
        /// Offset of the element's first byte (`{`), from the start of the scanned bytes.
        let start: Int
        /// Offset just past the element's last byte (`}`).
        let end: Int
    }

    /// The bytes and the place read.
    var cursor: JSONCursor
    /// Reads shows straight into a table's columns.
    var rows = ShowRowScanner()

    /// The offset of the next byte to read.
    var position: Int { cursor.position }

    /// Makes a scanner over bytes, starting at an offset.
    init(bytes: UnsafeRawBufferPointer, position: Int = 0) {
        cursor = JSONCursor(bytes: bytes, position: position)
    }

    // MARK: The array

    /// Skips white space and a UTF-8 byte-order mark, then the array's `[`.
    /// - Throws: `.unsure` when the document does not start with an array.
    mutating func openArray() throws {
        let bytes = cursor.bytes
        while cursor.position < bytes.count, [0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains(bytes[cursor.position]) { cursor.position += 1 }
        guard cursor.position < bytes.count else { throw Failure.needMore }
        guard bytes[cursor.position] == UInt8(ascii: "[") else { throw Failure.unsure }
        cursor.position += 1
    }

    /// Reads the next element of the array and the `,` or `]` after it. A show is written as
    /// the next row of `table` when its fields are in plain forms, else read as an `Element`
    /// (which the caller adds to the table).
    /// - Parameters:
    ///   - first: true for the array's first element (no `,` before it).
    ///   - table: the columns plain shows are written to.
    /// - Returns: `.row` for a show written to `table`, `.show` for a show read whole,
    ///   `.skipped` for an element that is not one, `.end` after `]`.
    /// - Throws: `.needMore` when the bytes end inside the element (`table` is then as it
    ///   was), `.unsure` as above.
    mutating func nextElement(first: Bool, into table: inout ShowTable.Builder) throws -> Next {
        cursor.skipSpace()
        let c = try cursor.peek()
        if c == UInt8(ascii: "]") {
            cursor.position += 1
            return .end
        }
        if !first {
            guard c == UInt8(ascii: ",") else { throw Failure.unsure }
            cursor.position += 1
            cursor.skipSpace()
        }
        let start = cursor.position
        guard try cursor.peek() == UInt8(ascii: "{") else {
            try cursor.skipValue()
            return .skipped
        }
        switch try rows.scan(&cursor, into: &table) {
        case .appended(let updated): return .row(start: start, end: cursor.position, updated: updated)
        case .noID: return .skipped
        case .slow:
            cursor.position = start
            guard let show = try readShow() else { return .skipped }
            return .show(Element(show: show, start: start, end: cursor.position))
        }
    }

    /// What `nextElement` found.
    enum Next {
        /// A show written as the table's next row, its object at `start..<end`, with its
        /// `updated` stamp (Unix seconds).
        case row(start: Int, end: Int, updated: Int?)
        case show(Element)
        case skipped
        case end
    }

    /// Checks that only white space follows the array.
    /// - Throws: `.unsure` when anything else does.
    mutating func finish() throws {
        cursor.skipSpace()
        guard cursor.position == cursor.bytes.count else { throw Failure.unsure }
    }

    // MARK: A show read whole

    /// Reads a show object; nil when it has no usable `id` (the lenient decoding skips it).
    mutating func readShow() throws -> TVmazeDTO.Show? {
        var id: Int?
        var name: String?, type: String?, language: String?, status: String?
        var premiered: String?, ended: String?, officialSite: String?
        var genres: [String] = []
        var runtime: Int?, averageRuntime: Int?, weight: Int?, updated: Int?
        var schedule: TVmazeDTO.Schedule?
        var rating: Double?
        var network: TVmazeDTO.Channel?, webChannel: TVmazeDTO.Channel?
        var seen: UInt32 = 0
        try cursor.readObject { scanner, keyBytes in
            guard let key = ShowKey.of(keyBytes, in: scanner.bytes) else {
                try scanner.skipValue()
                return
            }
            let bit = key.bit
            guard seen & bit == 0 else { throw JSONCursor.Failure.unsure }
            seen |= bit
            switch key {
            case .id: id = try scanner.readLenientInt()
            case .name: name = try scanner.readString()
            case .type: type = try scanner.readText()
            case .language: language = try scanner.readText()
            case .genres: genres = try scanner.readStrings()
            case .status: status = try scanner.readText()
            case .runtime: runtime = try scanner.readLenientInt()
            case .averageRuntime: averageRuntime = try scanner.readLenientInt()
            case .premiered: premiered = try scanner.readText()
            case .ended: ended = try scanner.readText()
            case .officialSite: officialSite = try scanner.readText()
            case .schedule: schedule = try ShowArrayScanner.readSchedule(&scanner)
            case .rating: rating = try ShowArrayScanner.readRating(&scanner)
            case .weight: weight = try scanner.readLenientInt()
            case .network: network = try ShowArrayScanner.readChannel(&scanner)
            case .webChannel: webChannel = try ShowArrayScanner.readChannel(&scanner)
            case .summary: try scanner.skipValue()
            case .updated: updated = try scanner.readLenientInt()
            }
        }
        guard let id else { return nil }
        return TVmazeDTO.Show(
            id: id, name: name, type: type, language: language, genres: genres, status: status, runtime: runtime,
            averageRuntime: averageRuntime, premiered: premiered, ended: ended, officialSite: officialSite, schedule: schedule,
            rating: rating, weight: weight, network: network, webChannel: webChannel, summary: nil, updated: updated, embedded: nil
        )
    }

    /// `schedule`: `time` and `days`; nil when not an object.
    static func readSchedule(_ cursor: inout JSONCursor) throws -> TVmazeDTO.Schedule? {
        guard try cursor.peek() == UInt8(ascii: "{") else { try cursor.skipValue(); return nil }
        var time: String?, days: [String] = []
        var seen = (time: false, days: false)
        try cursor.readObject { scanner, key in
            if scanner.key(key, is: "time") {
                guard !seen.time else { throw JSONCursor.Failure.unsure }
                seen.time = true
                time = try scanner.readText()
            } else if scanner.key(key, is: "days") {
                guard !seen.days else { throw JSONCursor.Failure.unsure }
                seen.days = true
                days = try scanner.readStrings()
            } else {
                try scanner.skipValue()
            }
        }
        return TVmazeDTO.Schedule(time: time, days: days)
    }

    /// `rating.average`; nil when `rating` is not an object or `average` not a number.
    static func readRating(_ cursor: inout JSONCursor) throws -> Double? {
        guard try cursor.peek() == UInt8(ascii: "{") else { try cursor.skipValue(); return nil }
        var average: Double?, seen = false
        try cursor.readObject { scanner, key in
            if scanner.key(key, is: "average") {
                guard !seen else { throw JSONCursor.Failure.unsure }
                seen = true
                average = try scanner.readLenientDouble()
            } else {
                try scanner.skipValue()
            }
        }
        return average
    }

    /// `network` or `webChannel`: its name and country; nil when not an object.
    static func readChannel(_ cursor: inout JSONCursor) throws -> TVmazeDTO.Channel? {
        guard try cursor.peek() == UInt8(ascii: "{") else { try cursor.skipValue(); return nil }
        var name: String?, country: TVmazeDTO.Country?
        var seen = (name: false, country: false)
        try cursor.readObject { scanner, key in
            if scanner.key(key, is: "name") {
                guard !seen.name else { throw JSONCursor.Failure.unsure }
                seen.name = true
                name = try scanner.readText()
            } else if scanner.key(key, is: "country") {
                guard !seen.country else { throw JSONCursor.Failure.unsure }
                seen.country = true
                country = try ShowArrayScanner.readCountry(&scanner)
            } else {
                try scanner.skipValue()
            }
        }
        return TVmazeDTO.Channel(name: name, country: country)
    }

    static func readCountry(_ cursor: inout JSONCursor) throws -> TVmazeDTO.Country? {
        guard try cursor.peek() == UInt8(ascii: "{") else { try cursor.skipValue(); return nil }
        var name: String?, code: String?, timezone: String?
        var seen = (name: false, code: false, timezone: false)
        try cursor.readObject { scanner, key in
            if scanner.key(key, is: "name") {
                guard !seen.name else { throw JSONCursor.Failure.unsure }
                seen.name = true
                name = try scanner.readText()
            } else if scanner.key(key, is: "code") {
                guard !seen.code else { throw JSONCursor.Failure.unsure }
                seen.code = true
                code = try scanner.readText()
            } else if scanner.key(key, is: "timezone") {
                guard !seen.timezone else { throw JSONCursor.Failure.unsure }
                seen.timezone = true
                timezone = try scanner.readText()
            } else {
                try scanner.skipValue()
            }
        }
        return TVmazeDTO.Country(name: name, code: code, timezone: timezone)
    }
}
