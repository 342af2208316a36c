import Domain
import FoundationEssentials

/// Reads a TVmaze show object of a snapshot straight into the columns of a
/// `ShowTable.Builder`: the bytes of its name and web site are copied into the table's text,
/// and its kind, language, status, genres, schedule and broadcaster are found by their bytes
/// among the values already seen (`ShowTable.Builder.wordID(key:kind:make:)` and the like), so
/// that no `String` is made for a field but the first time a value is seen.
///
/// It reads the fields as `ShowArrayScanner.readShow()` and `TVmazeMapper.show(_:)` do (a
/// field of the wrong type reads as missing, a blank text as none, HTML entities decoded in a
/// name, kind, genre and broadcaster). A show with a field in a form it leaves to them — an
/// escape in a string it reads, a number written with a fraction, an exponent or as a string,
/// a blank text of other than spaces — reads as `.slow`, with the table as it was.
struct ShowRowScanner {
    /// What `scan` did.
    enum Outcome {
        /// The show is the table's new last row; `updated` is its stamp (Unix seconds).
        case appended(updated: Int?)
        /// The object has no `id` (the lenient decoding skips it).
        case noID
        /// The object is to be read again by `ShowArrayScanner.readShow()`.
        case slow
    }

    /// Thrown inside a read to leave the show to `ShowArrayScanner.readShow()`.
    struct Slow: Error {}

    /// A string value's bytes, between its quotes, with no escape in them.
    struct Text {
        let range: Range<Int>
        let ascii: Bool
    }

    /// A `network` or `webChannel` object's fields.
    struct Channel {
        var name: Text?
        var hasCountry = false
        var countryName: Text?, countryCode: Text?, timeZone: Text?
    }

    /// One show's fields as read, before they are written to the table.
    struct Fields {
        var id: Int?
        var name: Text?
        var type: Text?, language: Text?, status: Text?, premiered: Text?, ended: Text?, officialSite: Text?
        var runtime: Int?, averageRuntime: Int?, weight: Int?, updated: Int?
        var rating: Double?
        var hasSchedule = false
        var time: Text?
        var network: Channel?, webChannel: Channel?
    }

    /// The genres' and schedule days' strings of the show being read (kept between shows for
    /// their room).
    var genres: [Text] = []
    var days: [Text] = []
    /// The bytes of a composite value's key (a genre list, a schedule, a broadcaster).
    var key: [UInt8] = []

    /// Reads the show object at the cursor and writes it as the table's next row.
    /// - Parameters:
    ///   - cursor: at the object's `{`; after it when the show is appended or has no id.
    ///   - table: the columns.
    /// - Returns: what was done; with `.slow` and `.noID` the table is as it was.
    /// - Throws: `JSONCursor.Failure` as `ShowArrayScanner.readShow()` throws it.
    mutating func scan(_ cursor: inout JSONCursor, into table: inout ShowTable.Builder) throws -> Outcome {
        do {
            let fields = try read(&cursor)
            guard fields.id != nil else { return .noID }
            return write(fields, from: cursor.bytes, into: &table)
        } catch is Slow {
            return .slow
        }
    }

    private mutating func read(_ cursor: inout JSONCursor) throws -> Fields {
        var f = Fields()
        var seen: UInt32 = 0
        genres.removeAll(keepingCapacity: true)
        days.removeAll(keepingCapacity: true)
        try cursor.readObject { c, keyBytes in
            guard let key = ShowKey.of(keyBytes, in: c.bytes) else {
                try c.skipValue()
                return
            }
            guard seen & key.bit == 0 else { throw JSONCursor.Failure.unsure }
            seen |= key.bit
            switch key {
            case .id: f.id = try Self.int(&c)
            case .name: f.name = try Self.string(&c)
            case .type: f.type = try Self.text(&c)
            case .language: f.language = try Self.text(&c)
            case .genres: try Self.strings(&c, into: &genres)
            case .status: f.status = try Self.text(&c)
            case .runtime: f.runtime = try Self.int(&c)
            case .averageRuntime: f.averageRuntime = try Self.int(&c)
            case .premiered: f.premiered = try Self.text(&c)
            case .ended: f.ended = try Self.text(&c)
            case .officialSite: f.officialSite = try Self.text(&c)
            case .schedule: try readSchedule(&c, into: &f)
            case .rating: f.rating = try Self.rating(&c)
            case .weight: f.weight = try Self.int(&c)
            case .network: f.network = try Self.channel(&c)
            case .webChannel: f.webChannel = try Self.channel(&c)
            case .summary: try c.skipValue()
            case .updated: f.updated = try Self.int(&c)
            }
        }
        return f
    }

    private mutating func readSchedule(_ c: inout JSONCursor, into f: inout Fields) throws {
        guard try c.peek() == UInt8(ascii: "{") else { try c.skipValue(); return }
        f.hasSchedule = true
        var seen = (time: false, days: false)
        var time: Text?
        try c.readObject { c, key in
            if c.key(key, is: "time") {
                guard !seen.time else { throw JSONCursor.Failure.unsure }
                seen.time = true
                time = try Self.text(&c)
            } else if c.key(key, is: "days") {
                guard !seen.days else { throw JSONCursor.Failure.unsure }
                seen.days = true
                try Self.strings(&c, into: &days)
            } else {
                try c.skipValue()
            }
        }
        f.time = time
    }

    private static func channel(_ c: inout JSONCursor) throws -> Channel? {
        guard try c.peek() == UInt8(ascii: "{") else { try c.skipValue(); return nil }
        var channel = Channel()
        var seen = (name: false, country: false)
        try c.readObject { c, key in
            if c.key(key, is: "name") {
                guard !seen.name else { throw JSONCursor.Failure.unsure }
                seen.name = true
                channel.name = try text(&c)
            } else if c.key(key, is: "country") {
                guard !seen.country else { throw JSONCursor.Failure.unsure }
                seen.country = true
                try country(&c, into: &channel)
            } else {
                try c.skipValue()
            }
        }
        return channel
    }

    private static func country(_ c: inout JSONCursor, into channel: inout Channel) throws {
        guard try c.peek() == UInt8(ascii: "{") else { try c.skipValue(); return }
        channel.hasCountry = true
        var seen = (name: false, code: false, timezone: false)
        try c.readObject { c, key in
            if c.key(key, is: "name") {
                guard !seen.name else { throw JSONCursor.Failure.unsure }
                seen.name = true
                channel.countryName = try text(&c)
            } else if c.key(key, is: "code") {
                guard !seen.code else { throw JSONCursor.Failure.unsure }
                seen.code = true
                channel.countryCode = try text(&c)
            } else if c.key(key, is: "timezone") {
                guard !seen.timezone else { throw JSONCursor.Failure.unsure }
                seen.timezone = true
                channel.timeZone = try text(&c)
            } else {
                try c.skipValue()
            }
        }
    }

    private static func rating(_ c: inout JSONCursor) throws -> Double? {
        guard try c.peek() == UInt8(ascii: "{") else { try c.skipValue(); return nil }
        var average: Double?, seen = false
        try c.readObject { c, key in
            if c.key(key, is: "average") {
                guard !seen else { throw JSONCursor.Failure.unsure }
                seen = true
                average = try RawJSONValues.double(&c)
            } else {
                try c.skipValue()
            }
        }
        return average
    }

    private static func int(_ c: inout JSONCursor) throws -> Int? { try RawJSONValues.int(&c) }
    private static func string(_ c: inout JSONCursor) throws -> Text? { try RawJSONValues.string(&c) }
    private static func text(_ c: inout JSONCursor) throws -> Text? { try RawJSONValues.text(&c) }
    private static func strings(_ c: inout JSONCursor, into list: inout [Text]) throws { try RawJSONValues.strings(&c, into: &list) }
}
