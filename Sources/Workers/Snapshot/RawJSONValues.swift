import FoundationEssentials

/// JSON values (RFC 8259) read where they lie, without a `String` or a number's text: a
/// string as the range of its bytes, an integer and a short decimal number computed from
/// their digits. Each reads a value as `JSONCursor`'s lenient readers do, or throws
/// `ShowRowScanner.Slow` for a form it leaves to them (an escape, a fraction or an exponent
/// where an integer is read, a number given as a string, more digits than a `Double` holds
/// exactly).
enum RawJSONValues {
    typealias Text = ShowRowScanner.Text

    /// A string's bytes; nil for any other value (which is skipped).
    /// - Throws: `Slow` for a string with an escape; `JSONCursor.Failure.unsure` for one
    ///   that is not UTF-8 or holds a control byte.
    static func string(_ c: inout JSONCursor) throws -> Text? {
        guard try c.peek() == UInt8(ascii: "\"") else { try c.skipValue(); return nil }
        c.position += 1
        let start = c.position
        let (end, ascii) = c.plainRun()
        c.position = end
        let q = try c.peek()
        if q == UInt8(ascii: "\\") { throw ShowRowScanner.Slow() }
        guard q == UInt8(ascii: "\"") else { throw JSONCursor.Failure.unsure }
        c.position += 1
        if !ascii, !isUTF8(UnsafeRawBufferPointer(rebasing: c.bytes[start..<end])) { throw JSONCursor.Failure.unsure }
        return Text(range: start..<end, ascii: ascii)
    }

    /// A string that is not blank (as `JSONCursor.readText()`); nil otherwise.
    /// - Throws: as `string`, and `Slow` for a string of no visible ASCII character that is
    ///   not all spaces (blank or not as Unicode's white space says).
    static func text(_ c: inout JSONCursor) throws -> Text? {
        guard let s = try string(&c) else { return nil }
        var spaces = true
        for i in s.range {
            let b = c.bytes[i]
            // A visible ASCII character is never trimmed away.
            if b &- 0x21 < 0x5E { return s }
            if b != 0x20 { spaces = false }
        }
        if spaces { return nil }
        throw ShowRowScanner.Slow()
    }

    /// An array's string elements (as `JSONCursor.readStrings()`), added to `list`; nothing
    /// for any other value.
    static func strings(_ c: inout JSONCursor, into list: inout [Text]) throws {
        guard try c.peek() == UInt8(ascii: "[") else { try c.skipValue(); return }
        c.position += 1
        c.skipSpace()
        if try c.peek() == UInt8(ascii: "]") {
            c.position += 1
            return
        }
        while true {
            c.skipSpace()
            if let s = try string(&c) { list.append(s) }
            c.skipSpace()
            let b = try c.peek()
            c.position += 1
            if b == UInt8(ascii: "]") { return }
            guard b == UInt8(ascii: ",") else { throw JSONCursor.Failure.unsure }
        }
    }

    /// An integer written with at most 18 digits and no fraction or exponent (as
    /// `JSONCursor.readLenientInt()` reads it); nil for a value that is not a number.
    static func int(_ c: inout JSONCursor) throws -> Int? {
        let first = try c.peek()
        if first == UInt8(ascii: "\"") { throw ShowRowScanner.Slow() }
        guard first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10 else {
            try c.skipValue()
            return nil
        }
        let (magnitude, digits) = try digitsOfInteger(&c)
        if c.position < c.bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(c.bytes[c.position]) {
            throw ShowRowScanner.Slow()
        }
        if digits > 18 { throw ShowRowScanner.Slow() }
        return first == UInt8(ascii: "-") ? -magnitude : magnitude
    }

    /// A number with at most 15 significant digits and no exponent, as the `Double` nearest
    /// to it (as `JSONCursor.readLenientDouble()` reads it); nil for a value that is not a
    /// number. The digits as an integer and a power of ten up to 10^22 are both exact in a
    /// `Double`, so their quotient is rounded once, to the nearest (Clinger's fast path).
    static func double(_ c: inout JSONCursor) throws -> Double? {
        let first = try c.peek()
        if first == UInt8(ascii: "\"") { throw ShowRowScanner.Slow() }
        guard first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10 else {
            try c.skipValue()
            return nil
        }
        var (mantissa, digits) = try digitsOfInteger(&c)
        var fraction = 0
        if c.position < c.bytes.count, c.bytes[c.position] == UInt8(ascii: ".") {
            c.position += 1
            while c.position < c.bytes.count, c.bytes[c.position] &- UInt8(ascii: "0") < 10 {
                if digits < 18 { mantissa = mantissa * 10 + Int(c.bytes[c.position] &- UInt8(ascii: "0")) }
                digits += 1
                fraction += 1
                c.position += 1
            }
            guard c.position < c.bytes.count else { throw JSONCursor.Failure.needMore }
            guard fraction > 0 else { throw JSONCursor.Failure.unsure }
        }
        if [UInt8(ascii: "e"), UInt8(ascii: "E")].contains(c.bytes[c.position]) || digits > 15 { throw ShowRowScanner.Slow() }
        let value = Double(mantissa) / powersOfTen[fraction]
        return first == UInt8(ascii: "-") ? -value : value
    }

    private static let powersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    /// Reads `-`? and the integer part's digits (RFC 8259: no leading zero), as a number
    /// (exact up to 18 digits) and how many digits there are.
    private static func digitsOfInteger(_ c: inout JSONCursor) throws -> (Int, Int) {
        if try c.peek() == UInt8(ascii: "-") { c.position += 1 }
        let lead = try c.peek()
        guard lead &- UInt8(ascii: "0") < 10 else { throw JSONCursor.Failure.unsure }
        c.position += 1
        var value = Int(lead &- UInt8(ascii: "0")), digits = 1
        if lead != UInt8(ascii: "0") {
            while c.position < c.bytes.count, c.bytes[c.position] &- UInt8(ascii: "0") < 10 {
                if digits < 18 { value = value * 10 + Int(c.bytes[c.position] &- UInt8(ascii: "0")) }
                digits += 1
                c.position += 1
            }
        }
        // A number may end the bytes read so far: more digits could follow.
        guard c.position < c.bytes.count else { throw JSONCursor.Failure.needMore }
        return (value, digits)
    }

    /// True when the bytes are well-formed UTF-8 (Unicode 15, table 3-7: no overlong form,
    /// no surrogate, nothing above U+10FFFF).
    static func isUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int, low: UInt8, high: UInt8
            switch b {
            case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
            case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
            case 0xED: (length, low, high) = (3, 0x80, 0x9F)
            case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
            case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
            case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
            default: return false
            }
            guard i + length <= n, (low...high).contains(bytes[i + 1]) else { return false }
            for k in 2..<max(2, length) where bytes[i + k] & 0xC0 != 0x80 { return false }
            i += length
        }
        return true
    }
}
