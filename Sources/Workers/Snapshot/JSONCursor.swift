import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A reader of JSON values (RFC 8259) from bytes, as `JSONDecoder` reads them: objects, keys,
/// strings with their escapes, numbers read leniently (as the lenient DTO decoding reads them),
/// and values skipped whole, each checked for its syntax. `ShowArrayScanner` and
/// `ShowRowScanner` read a snapshot's shows with it.
///
/// Anything it is not sure to read as `JSONDecoder` does (an escaped key, a string that is not
/// UTF-8, a number beyond a `Double`) throws `Failure.unsure`; bytes that end inside a value
/// throw `Failure.needMore`.
struct JSONCursor {
    /// Why a read stopped.
    enum Failure: Error {
        /// The bytes end inside a value: read more and scan again from the last element.
        case needMore
        /// The document is not one this reader reads exactly like `JSONDecoder`.
        case unsure
    }

    /// The bytes read (a whole document or a piece of one).
    let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    var position: Int
    /// Objects and arrays open around the current value.
    var depth = 0
    /// Deeper nesting is left to `JSONDecoder` (which refuses it), so that a hostile file
    /// cannot exhaust the stack.
    static let maximumDepth = 256

    /// Makes a cursor over bytes, at an offset.
    init(bytes: UnsafeRawBufferPointer, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// True when the key's bytes spell `name`.
    @inline(__always)
    func key(_ key: Range<Int>, is name: StaticString) -> Bool {
        guard key.count == name.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        // Keys are a few bytes: compared here, not by a call to `memcmp`.
        let p = base + key.lowerBound, n = name.utf8Start
        for i in 0..<key.count where p.load(fromByteOffset: i, as: UInt8.self) != n[i] { return false }
        return true
    }

    // MARK: Bytes

    @inline(__always)
    func peek() throws -> UInt8 {
        guard position < bytes.count else { throw Failure.needMore }
        return bytes[position]
    }

    @inline(__always)
    mutating func expect(_ byte: UInt8) throws {
        guard try peek() == byte else { throw Failure.unsure }
        position += 1
    }

    @inline(__always)
    mutating func skipSpace() {
        while position < bytes.count {
            let c = bytes[position]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            position += 1
        }
    }

    /// Where the plain bytes of a string end, from `position`: the offset of the first quote,
    /// backslash or control byte (`bytes.count` when there is none), and whether every byte
    /// before it is ASCII. Sixteen bytes at a time, compared side by side (`SIMD16`: one
    /// vector compare each for the quote, the backslash and the bytes whose top three bits are
    /// clear); in the block that holds one, the first is the lowest lane set, found from the
    /// mask's two words by their trailing zero bits. The last bytes, fewer than sixteen, are
    /// read one by one.
    @inline(__always)
    func plainRun() -> (end: Int, ascii: Bool) {
        let quotes = SIMD16<UInt8>(repeating: 0x22), backslashes = SIMD16<UInt8>(repeating: 0x5C), controls = SIMD16<UInt8>(repeating: 0xE0)
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let count = bytes.count
        var i = position
        var seen: UInt64 = 0 // the high bits of the bytes passed
        if let base = bytes.baseAddress {
            while i + 16 <= count {
                let v = base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                let stops = unsafeBitCast((v .== quotes) .| (v .== backslashes) .| ((v & controls) .== SIMD16<UInt8>()), to: SIMD2<UInt64>.self)
                let words = unsafeBitCast(v, to: SIMD2<UInt64>.self)
                if stops[0] | stops[1] == 0 {
                    seen |= (words[0] | words[1]) & highBits
                    i += 16
                    continue
                }
                // The bytes below the first lane set (lanes are little-endian bytes of the words).
                if stops[0] != 0 {
                    let lane = stops[0].trailingZeroBitCount / 8
                    seen |= words[0] & highBits & ((UInt64(1) << UInt64(8 * lane)) &- 1)
                    return (i + lane, seen == 0)
                }
                let lane = stops[1].trailingZeroBitCount / 8
                seen |= (words[0] | (words[1] & ((UInt64(1) << UInt64(8 * lane)) &- 1))) & highBits
                return (i + 8 + lane, seen == 0)
            }
        }
        var ascii = seen == 0
        while i < count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
            if c >= 0x80 { ascii = false }
            i += 1
        }
        return (i, ascii)
    }

    // MARK: Values

    /// Reads an object, calling `member` with each key's bytes; `member` reads the value.
    mutating func readObject(_ member: (inout JSONCursor, Range<Int>) throws -> Void) throws {
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
    @inline(__always)
    mutating func readKey() throws -> Range<Int> {
        let start = position + 1
        position = start
        let end = plainRun().end
        guard end < bytes.count else { throw Failure.needMore }
        guard bytes[end] == UInt8(ascii: "\"") else { throw Failure.unsure }
        position = end + 1
        return start..<end
    }

    /// A string value, or nil for any other value (which is skipped).
    mutating func readString() throws -> String? {
        guard try peek() == UInt8(ascii: "\"") else { try skipValue(); return nil }
        position += 1
        let start = position
        let (end, ascii) = plainRun()
        position = end
        let c = try peek()
        if c == UInt8(ascii: "\\") { return try readEscapedString(from: start) }
        guard c == UInt8(ascii: "\"") else { throw Failure.unsure }
        let run = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
        position += 1
        // ASCII (most names and keys) is valid UTF-8 as it stands; only other bytes are checked.
        if ascii { return String(decoding: run, as: UTF8.self) }
        guard let text = String(validating: run, as: UTF8.self) else { throw Failure.unsure }
        return text
    }

    /// The rest of a string with escapes (RFC 8259 §7), from its first byte at `start`.
    mutating func readEscapedString(from start: Int) throws -> String {
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
                    // A pair is one character, a lone surrogate U+FFFD (as `JSONText` reads it).
                    guard let escape = JSONText.unicodeEscape(in: bytes, at: position - 2) else { throw Failure.unsure }
                    position = escape.end
                    out.append(contentsOf: Array(String(Character(escape.scalar)).utf8))
                default:
                    throw Failure.unsure
                }
            default:
                if c < 0x20 { throw Failure.unsure }
                out.append(c)
            }
        }
    }

    mutating func readHex4() throws -> UInt32 {
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
    mutating func readText() throws -> String? {
        guard let s = try readString() else { return nil }
        // A first and last byte that are visible ASCII cannot be trimmed away.
        if let f = s.utf8.first, let l = s.utf8.last, (0x21...0x7E).contains(f), (0x21...0x7E).contains(l) { return s }
        return s.trimming(.whitespacesAndNewlines).isEmpty ? nil : s
    }

    /// An array's string elements (as `lenientStrings`); empty for any other value.
    mutating func readStrings() throws -> [String] {
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
    mutating func readLenientInt() throws -> Int? {
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
    mutating func readLenientDouble() throws -> Double? {
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
    mutating func readNumber() throws -> (String, Bool) {
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
    mutating func skipDigits() throws -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        if position == bytes.count { throw Failure.needMore }
        return position - start
    }

    /// Steps over any value, checking its syntax.
    mutating func skipValue() throws {
        let c = try peek()
        switch c {
        case UInt8(ascii: "\""):
            position += 1
            while true {
                position = plainRun().end
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

    mutating func expectWord(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw Failure.needMore }
        for i in 0..<count where bytes[position + i] != word.utf8Start[i] { throw Failure.unsure }
        position += count
    }
}
