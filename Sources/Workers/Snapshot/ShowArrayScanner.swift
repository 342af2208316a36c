import Domain
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A fast reader of a JSON array of TVmaze shows (RFC 8259 syntax), for snapshots of up to
/// hundreds of thousands of shows: it reads only the fields a list needs, straight from the
/// bytes, and notes where each show's object lies so that its synopsis, cast and seasons can be
/// decoded later, when its details are asked for.
///
/// It reads each field as `TVmazeDTO.Show`'s lenient decoding does (a field of the wrong type
/// reads as missing; an element without an integer `id` is skipped). Anything it is not sure to
/// read the same way — malformed or truncated JSON, a known key given twice, an escaped key, a
/// string that is not UTF-8 — makes it give up with `Failure.unsure`, and the caller decodes the
/// document with `JSONDecoder` instead, which gives the same result or the error to report.
struct ShowArrayScanner {
    /// Why a scan stopped.
    enum Failure: Error {
        /// The bytes end inside a value: read more and scan again from the last element.
        case needMore
        /// The document is not one this scanner reads exactly like `JSONDecoder`.
        case unsure
    }

    /// One element of the array that is a show.
    struct Element {
        /// The show's fields as the lenient DTO decoding reads them (synopsis and `_embedded` left out).
        let show: TVmazeDTO.Show
        /// Offset of the element's first byte (`{`), from the start of the scanned bytes.
        let start: Int
        /// Offset just past the element's last byte (`}`).
        let end: Int
    }

    private let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    private(set) var position: Int
    /// Objects and arrays open around the current value.
    private var depth = 0
    /// Deeper nesting is left to `JSONDecoder` (which refuses it), so that a hostile file
    /// cannot exhaust the stack.
    private static let maximumDepth = 256

    /// Makes a scanner over bytes, starting at an offset.
    init(bytes: UnsafeRawBufferPointer, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    // MARK: The array

    /// Skips white space and a UTF-8 byte-order mark, then the array's `[`.
    /// - Throws: `.unsure` when the document does not start with an array.
    mutating func openArray() throws {
        while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains(bytes[position]) { position += 1 }
        guard position < bytes.count else { throw Failure.needMore }
        guard bytes[position] == UInt8(ascii: "[") else { throw Failure.unsure }
        position += 1
    }

    /// Reads the next element of the array and the `,` or `]` after it.
    /// - Parameter first: true for the array's first element (no `,` before it).
    /// - Returns: `.show` for a show, `.skipped` for an element that is not one, `.end` after `]`.
    /// - Throws: `.needMore` when the bytes end inside the element, `.unsure` as above.
    mutating func nextElement(first: Bool) throws -> Next {
        skipSpace()
        let c = try peek()
        if c == UInt8(ascii: "]") {
            position += 1
            return .end
        }
        if !first {
            guard c == UInt8(ascii: ",") else { throw Failure.unsure }
            position += 1
            skipSpace()
        }
        let start = position
        guard try peek() == UInt8(ascii: "{") else {
            try skipValue()
            return .skipped
        }
        guard let show = try readShow() else { return .skipped }
        return .show(Element(show: show, start: start, end: position))
    }

    /// What `nextElement` found.
    enum Next {
        case show(Element)
        case skipped
        case end
    }

    /// Checks that only white space follows the array.
    /// - Throws: `.unsure` when anything else does.
    mutating func finish() throws {
        skipSpace()
        guard position == bytes.count else { throw Failure.unsure }
    }

    // MARK: A show

    private enum Key: Int {
        case id, name, type, language, genres, status, runtime, averageRuntime, premiered, ended
        case officialSite, schedule, rating, weight, network, webChannel, summary, updated
    }

    private static let keyNames: [StaticString] = [
        "id", "name", "type", "language", "genres", "status", "runtime", "averageRuntime", "premiered", "ended",
        "officialSite", "schedule", "rating", "weight", "network", "webChannel", "summary", "updated",
    ]

    /// The show key a key's bytes spell, if any.
    private func showKey(_ key: Range<Int>) -> Key? {
        for (i, name) in Self.keyNames.enumerated() where self.key(key, is: name) { return Key(rawValue: i) }
        return nil
    }

    /// True when the key's bytes spell `name`.
    @inline(__always)
    private func key(_ key: Range<Int>, is name: StaticString) -> Bool {
        key.count == name.utf8CodeUnitCount && memcmp(bytes.baseAddress! + key.lowerBound, name.utf8Start, key.count) == 0
    }

    /// Reads a show object; nil when it has no usable `id` (the lenient decoding skips it).
    private mutating func readShow() throws -> TVmazeDTO.Show? {
        var id: Int?
        var name: String?, type: String?, language: String?, status: String?
        var premiered: String?, ended: String?, officialSite: String?
        var genres: [String] = []
        var runtime: Int?, averageRuntime: Int?, weight: Int?, updated: Int?
        var schedule: TVmazeDTO.Schedule?
        var rating: Double?
        var network: TVmazeDTO.Channel?, webChannel: TVmazeDTO.Channel?
        var seen: UInt32 = 0
        try readObject { scanner, keyBytes in
            guard let key = scanner.showKey(keyBytes) else {
                try scanner.skipValue()
                return
            }
            let bit = UInt32(1) << UInt32(key.rawValue)
            guard seen & bit == 0 else { throw Failure.unsure }
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
            case .schedule: schedule = try scanner.readSchedule()
            case .rating: rating = try scanner.readRating()
            case .weight: weight = try scanner.readLenientInt()
            case .network: network = try scanner.readChannel()
            case .webChannel: webChannel = try scanner.readChannel()
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
    private mutating func readSchedule() throws -> TVmazeDTO.Schedule? {
        guard try peek() == UInt8(ascii: "{") else { try skipValue(); return nil }
        var time: String?, days: [String] = []
        var seen = (time: false, days: false)
        try readObject { scanner, key in
            if scanner.key(key, is: "time") {
                guard !seen.time else { throw Failure.unsure }
                seen.time = true
                time = try scanner.readText()
            } else if scanner.key(key, is: "days") {
                guard !seen.days else { throw Failure.unsure }
                seen.days = true
                days = try scanner.readStrings()
            } else {
                try scanner.skipValue()
            }
        }
        return TVmazeDTO.Schedule(time: time, days: days)
    }

    /// `rating.average`; nil when `rating` is not an object or `average` not a number.
    private mutating func readRating() throws -> Double? {
        guard try peek() == UInt8(ascii: "{") else { try skipValue(); return nil }
        var average: Double?, seen = false
        try readObject { scanner, key in
            if scanner.key(key, is: "average") {
                guard !seen else { throw Failure.unsure }
                seen = true
                average = try scanner.readLenientDouble()
            } else {
                try scanner.skipValue()
            }
        }
        return average
    }

    /// `network` or `webChannel`: its name and country; nil when not an object.
    private mutating func readChannel() throws -> TVmazeDTO.Channel? {
        guard try peek() == UInt8(ascii: "{") else { try skipValue(); return nil }
        var name: String?, country: TVmazeDTO.Country?
        var seen = (name: false, country: false)
        try readObject { scanner, key in
            if scanner.key(key, is: "name") {
                guard !seen.name else { throw Failure.unsure }
                seen.name = true
                name = try scanner.readText()
            } else if scanner.key(key, is: "country") {
                guard !seen.country else { throw Failure.unsure }
                seen.country = true
                country = try scanner.readCountry()
            } else {
                try scanner.skipValue()
            }
        }
        return TVmazeDTO.Channel(name: name, country: country)
    }

    private mutating func readCountry() throws -> TVmazeDTO.Country? {
        guard try peek() == UInt8(ascii: "{") else { try skipValue(); return nil }
        var name: String?, code: String?
        var seen = (name: false, code: false)
        try readObject { scanner, key in
            if scanner.key(key, is: "name") {
                guard !seen.name else { throw Failure.unsure }
                seen.name = true
                name = try scanner.readText()
            } else if scanner.key(key, is: "code") {
                guard !seen.code else { throw Failure.unsure }
                seen.code = true
                code = try scanner.readText()
            } else {
                try scanner.skipValue()
            }
        }
        return TVmazeDTO.Country(name: name, code: code)
    }

    // MARK: Values

    /// Reads an object, calling `member` with each key's bytes; `member` reads the value.
    private mutating func readObject(_ member: (inout ShowArrayScanner, Range<Int>) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw Failure.unsure }
        skipSpace()
        if try peek() == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            skipSpace()
            guard try peek() == UInt8(ascii: "\"") else { throw Failure.unsure }
            let key = try readKey()
            skipSpace()
            try expect(UInt8(ascii: ":"))
            skipSpace()
            try member(&self, key)
            skipSpace()
            let c = try peek()
            position += 1
            if c == UInt8(ascii: "}") { return }
            guard c == UInt8(ascii: ",") else { throw Failure.unsure }
        }
    }

    /// Where a key's bytes lie; an escaped key is left to `JSONDecoder`.
    private mutating func readKey() throws -> Range<Int> {
        position += 1
        let start = position
        while true {
            let c = try peek()
            if c == UInt8(ascii: "\"") { break }
            if c == UInt8(ascii: "\\") || c < 0x20 { throw Failure.unsure }
            position += 1
        }
        defer { position += 1 }
        return start..<position
    }

    /// A string value, or nil for any other value (which is skipped).
    private mutating func readString() throws -> String? {
        guard try peek() == UInt8(ascii: "\"") else { try skipValue(); return nil }
        position += 1
        let start = position
        while true {
            let c = try peek()
            if c == UInt8(ascii: "\"") { break }
            if c == UInt8(ascii: "\\") { return try readEscapedString(from: start) }
            if c < 0x20 { throw Failure.unsure }
            position += 1
        }
        let run = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
        position += 1
        guard let text = String(validating: run, as: UTF8.self) else { throw Failure.unsure }
        return text
    }

    /// The rest of a string with escapes (RFC 8259 §7), from its first byte at `start`.
    private mutating func readEscapedString(from start: Int) throws -> String {
        var out = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        while true {
            let c = try peek()
            position += 1
            switch c {
            case UInt8(ascii: "\""):
                guard let text = String(validating: out, as: UTF8.self) else { throw Failure.unsure }
                return text
            case UInt8(ascii: "\\"):
                let e = try peek()
                position += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard try peek() == UInt8(ascii: "\\") else { throw Failure.unsure }
                        position += 1
                        guard try peek() == UInt8(ascii: "u") else { throw Failure.unsure }
                        position += 1
                        let low = try readHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw Failure.unsure }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw Failure.unsure
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw Failure.unsure }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default:
                    throw Failure.unsure
                }
            default:
                if c < 0x20 { throw Failure.unsure }
                out.append(c)
            }
        }
    }

    private mutating func readHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = try peek()
            position += 1
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw Failure.unsure
            }
            value = value << 4 | digit
        }
        return value
    }

    /// A string that is not blank (as `lenientText`); nil otherwise.
    private mutating func readText() throws -> String? {
        guard let s = try readString() else { return nil }
        // A first and last byte that are visible ASCII cannot be trimmed away.
        if let f = s.utf8.first, let l = s.utf8.last, (0x21...0x7E).contains(f), (0x21...0x7E).contains(l) { return s }
        return s.trimming(.whitespacesAndNewlines).isEmpty ? nil : s
    }

    /// An array's string elements (as `lenientStrings`); empty for any other value.
    private mutating func readStrings() throws -> [String] {
        guard try peek() == UInt8(ascii: "[") else { try skipValue(); return [] }
        position += 1
        var out: [String] = []
        skipSpace()
        if try peek() == UInt8(ascii: "]") {
            position += 1
            return out
        }
        while true {
            skipSpace()
            if let s = try readString() { out.append(s) }
            skipSpace()
            let c = try peek()
            position += 1
            if c == UInt8(ascii: "]") { return out }
            guard c == UInt8(ascii: ",") else { throw Failure.unsure }
        }
    }

    /// A number, or a string holding one, as `lenientInt` reads it; nil for other values.
    private mutating func readLenientInt() throws -> Int? {
        let c = try peek()
        if c == UInt8(ascii: "\"") {
            guard let s = try readString(), let d = Double(s.trimming(.whitespaces)), d.isFinite else { return nil }
            return d.rounded() == d && abs(d) < 1e15 ? Int(d) : nil
        }
        guard c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) else {
            try skipValue()
            return nil
        }
        let (text, isInteger) = try readNumber()
        if isInteger, let i = Int(text) { return i }
        guard let d = Double(text), d.isFinite else { throw Failure.unsure }
        // A whole number beyond Int's range, or written with a fraction, is left to JSONDecoder.
        guard d.rounded() == d else { return nil }
        guard abs(d) < 1e15 else { throw Failure.unsure }
        return Int(d)
    }

    /// A number, or a string holding one, as `lenientDouble` reads it; nil for other values.
    private mutating func readLenientDouble() throws -> Double? {
        let c = try peek()
        if c == UInt8(ascii: "\"") {
            guard let s = try readString(), let d = Double(s.trimming(.whitespaces)), d.isFinite else { return nil }
            return d
        }
        guard c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) else {
            try skipValue()
            return nil
        }
        let (text, _) = try readNumber()
        guard let d = Double(text), d.isFinite else { throw Failure.unsure }
        return d
    }

    /// A number's text, checked against RFC 8259's grammar, and whether it is an integer.
    private mutating func readNumber() throws -> (String, Bool) {
        let start = position
        var isInteger = true
        if try peek() == UInt8(ascii: "-") { position += 1 }
        let firstDigit = try peek()
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(firstDigit) else { throw Failure.unsure }
        position += 1
        if firstDigit != UInt8(ascii: "0") { try skipDigits() }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard try skipDigits() > 0 else { throw Failure.unsure }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            let sign = try peek()
            if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            guard try skipDigits() > 0 else { throw Failure.unsure }
        }
        // A number may end the bytes read so far: more digits could follow.
        guard position < bytes.count else { throw Failure.needMore }
        return (String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self), isInteger)
    }

    @discardableResult
    private mutating func skipDigits() throws -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        if position == bytes.count { throw Failure.needMore }
        return position - start
    }

    /// Steps over any value, checking its syntax.
    private mutating func skipValue() throws {
        let c = try peek()
        switch c {
        case UInt8(ascii: "\""):
            position += 1
            while true {
                let b = try peek()
                position += 1
                if b == UInt8(ascii: "\"") { return }
                if b == UInt8(ascii: "\\") {
                    let e = try peek()
                    position += 1
                    if e == UInt8(ascii: "u") { _ = try readHex4() }
                } else if b < 0x20 {
                    throw Failure.unsure
                }
            }
        case UInt8(ascii: "{"):
            try readObject { scanner, _ in try scanner.skipValue() }
        case UInt8(ascii: "["):
            position += 1
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth else { throw Failure.unsure }
            skipSpace()
            if try peek() == UInt8(ascii: "]") {
                position += 1
                return
            }
            while true {
                skipSpace()
                try skipValue()
                skipSpace()
                let b = try peek()
                position += 1
                if b == UInt8(ascii: "]") { return }
                guard b == UInt8(ascii: ",") else { throw Failure.unsure }
            }
        case UInt8(ascii: "t"): try expectWord("true")
        case UInt8(ascii: "f"): try expectWord("false")
        case UInt8(ascii: "n"): try expectWord("null")
        default:
            _ = try readNumber()
        }
    }

    private mutating func expectWord(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw Failure.needMore }
        for i in 0..<count where bytes[position + i] != word.utf8Start[i] { throw Failure.unsure }
        position += count
    }

    // MARK: Bytes

    @inline(__always)
    private func peek() throws -> UInt8 {
        guard position < bytes.count else { throw Failure.needMore }
        return bytes[position]
    }

    @inline(__always)
    private mutating func expect(_ byte: UInt8) throws {
        guard try peek() == byte else { throw Failure.unsure }
        position += 1
    }

    @inline(__always)
    private mutating func skipSpace() {
        while position < bytes.count {
            let c = bytes[position]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            position += 1
        }
    }
}

extension TVmazeDTO.Show {
    /// A show from fields already read (by `ShowArrayScanner`).
    init(id: Int, name: String?, type: String?, language: String?, genres: [String], status: String?, runtime: Int?,
         averageRuntime: Int?, premiered: String?, ended: String?, officialSite: String?, schedule: TVmazeDTO.Schedule?,
         rating: Double?, weight: Int?, network: TVmazeDTO.Channel?, webChannel: TVmazeDTO.Channel?, summary: String?,
         updated: Int?, embedded: TVmazeDTO.Embedded?) {
        self.id = id
        self.name = name
        self.type = type
        self.language = language
        self.genres = genres
        self.status = status
        self.runtime = runtime
        self.averageRuntime = averageRuntime
        self.premiered = premiered
        self.ended = ended
        self.officialSite = officialSite
        self.schedule = schedule
        self.rating = rating
        self.weight = weight
        self.network = network
        self.webChannel = webChannel
        self.summary = summary
        self.updated = updated
        self.embedded = embedded
    }
}

extension TVmazeDTO.Schedule {
    init(time: String?, days: [String]) {
        self.time = time
        self.days = days
    }
}

extension TVmazeDTO.Channel {
    init(name: String?, country: TVmazeDTO.Country?) {
        self.name = name
        self.country = country
    }
}

extension TVmazeDTO.Country {
    init(name: String?, code: String?) {
        self.name = name
        self.code = code
    }
}
