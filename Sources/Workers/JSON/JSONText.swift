import FoundationEssentials

/// JSON text as every decoder here reads it: a lone UTF-16 surrogate escape (`"\ud83c Show"`,
/// what an emoji cut in half leaves) is U+FFFD, the replacement character, and the rest of the
/// string is kept, as browsers' `JSON.parse` and WHATWG's "UTF-16 to scalar values" do.
///
/// RFC 8259 §8.2 allows such strings ("the behavior of software that receives JSON texts
/// containing such values is unpredictable"); Foundation's `JSONDecoder` rejects the whole
/// document, so a show whose name held one lost its name, or a whole page. Every JSON decode
/// goes through `decode(_:from:)`, and the snapshot scanner reads escapes with
/// `unicodeEscape(in:at:)`, so both say the same.
public enum JSONText {
    /// One `\uXXXX` escape, or a surrogate pair of two.
    struct UnicodeEscape: Equatable {
        /// The character it stands for; U+FFFD for a lone surrogate.
        let scalar: Unicode.Scalar
        /// The offset just past the escape (6 bytes, or 12 for a pair).
        let end: Int
        /// True when it was a high surrogate without its low one, or a low one alone.
        let isLoneSurrogate: Bool
    }

    /// Reads the `\uXXXX` escape whose backslash is at `index`, with the low surrogate escape
    /// right after it when it is a high one.
    /// - Parameters:
    ///   - bytes: the JSON text's bytes.
    ///   - index: the offset of the `\`; `bytes[index + 1]` must be `u`.
    /// - Returns: the escape; nil when it is not `\u` and four hexadecimal digits.
    static func unicodeEscape(in bytes: UnsafeRawBufferPointer, at index: Int) -> UnicodeEscape? {
        guard let unit = hex4(bytes, at: index) else { return nil }
        switch unit {
        case 0xD800...0xDBFF:
            if let low = hex4(bytes, at: index + 6), (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            {
                return UnicodeEscape(scalar: scalar, end: index + 12, isLoneSurrogate: false)
            }
            return UnicodeEscape(scalar: replacement, end: index + 6, isLoneSurrogate: true)
        case 0xDC00...0xDFFF:
            return UnicodeEscape(scalar: replacement, end: index + 6, isLoneSurrogate: true)
        default:
            return Unicode.Scalar(unit).map { UnicodeEscape(scalar: $0, end: index + 6, isLoneSurrogate: false) }
        }
    }

    /// U+FFFD REPLACEMENT CHARACTER.
    static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// The code unit of `\uXXXX` at `index`, or nil.
    private static func hex4(_ bytes: UnsafeRawBufferPointer, at index: Int) -> UInt32? {
        guard index >= 0, index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
        var value: UInt32 = 0
        for offset in 2..<6 {
            let c = bytes[index + offset]
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The JSON text with each lone surrogate escape written `\uFFFD`; the same bytes, not
    /// copied, when there is none (one pass over the bytes).
    /// - Parameter data: JSON text, UTF-8.
    /// - Returns: the text `JSONDecoder` reads whole.
    public static func replacingLoneSurrogates(_ data: Data) -> Data {
        data.withUnsafeBytes { bytes -> Data in
            var out: [UInt8]?
            var copied = 0 // bytes before this offset are in `out`
            var i = 0
            let backslash = UInt8(ascii: "\\")
            while i < bytes.count {
                guard bytes[i] == backslash, i + 1 < bytes.count else { i += 1; continue }
                guard bytes[i + 1] == UInt8(ascii: "u"), let escape = unicodeEscape(in: bytes, at: i) else {
                    i += 2 // `\"`, `\\` and the like: the escaped byte is not a backslash of its own
                    continue
                }
                if escape.isLoneSurrogate {
                    if out == nil { out = []; out?.reserveCapacity(bytes.count) }
                    out?.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[copied..<i]))
                    out?.append(contentsOf: Array(#"\uFFFD"#.utf8))
                    copied = escape.end
                }
                i = escape.end
            }
            guard var out else { return data }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[copied..<bytes.count]))
            return Data(out)
        }
    }

    /// Decodes JSON text with `JSONDecoder`, lone surrogate escapes read as U+FFFD.
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - data: the JSON text.
    /// - Returns: the value.
    /// - Throws: `JSONDecoder`'s `DecodingError`.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: replacingLoneSurrogates(data))
    }
}
