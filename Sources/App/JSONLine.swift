import FoundationEssentials
import Scenes

/// One line of `--json` output: a value encoded by `JSONEncoder` (keys sorted, slashes not
/// escaped) with its strings carrying the values as the source sent them, and nothing in it
/// that a terminal would act on.
///
/// JSON (RFC 8259 §7) lets any character be written `\uXXXX`. Every control character, C0
/// (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F, where U+009B is a CSI), and every
/// bidirectional formatting character (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069)
/// is written so, including the short forms `\n`, `\t`, `\r`, `\b`, `\f` that `JSONEncoder`
/// uses; a reader gets the exact value back, a terminal shows only ASCII letters for them.
/// With `asciiOnly` every character beyond ASCII is escaped too (as a UTF-16 surrogate pair
/// above U+FFFF).
enum JSONLine {
    /// The value as one JSON line, without a line feed; nil when it cannot be encoded.
    /// - Parameters:
    ///   - value: the value.
    ///   - asciiOnly: true to escape every character beyond ASCII (`--ascii`).
    static func encode<Value: Encodable>(_ value: Value, asciiOnly: Bool) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return nil }
        return escapingControls(String(decoding: data, as: UTF8.self), asciiOnly: asciiOnly)
    }

    /// JSON text with every control and bidirectional formatting character (and, with
    /// `asciiOnly`, every character beyond ASCII) written as `\uXXXX`. Outside strings JSON
    /// text is ASCII without a backslash, so this changes only the strings, never their values.
    /// - Parameters:
    ///   - json: valid JSON text.
    ///   - asciiOnly: true to escape every character beyond ASCII.
    /// - Returns: the same JSON value, as text.
    static func escapingControls(_ json: String, asciiOnly: Bool) -> String {
        var out = String.UnicodeScalarView()
        var afterBackslash = false
        for scalar in json.unicodeScalars {
            if afterBackslash {
                afterBackslash = false
                let shortForms: [Unicode.Scalar: UInt32] = ["b": 0x08, "f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09]
                if let code = shortForms[scalar] {
                    appendEscape(code, to: &out)
                } else {
                    out.append("\\")
                    out.append(scalar)
                }
                continue
            }
            if scalar == "\\" {
                afterBackslash = true
            } else if needsEscape(scalar, asciiOnly: asciiOnly) {
                if scalar.value > 0xFFFF {
                    let offset = scalar.value - 0x10000
                    appendEscape(0xD800 + (offset >> 10), to: &out)
                    appendEscape(0xDC00 + (offset & 0x3FF), to: &out)
                } else {
                    appendEscape(scalar.value, to: &out)
                }
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, asciiOnly: Bool) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return asciiOnly && scalar.value > 0x7E
        }
    }

    /// Appends `\u` and four lower-case hexadecimal digits.
    private static func appendEscape(_ code: UInt32, to out: inout String.UnicodeScalarView) {
        let hex = String(code, radix: 16)
        out.append(contentsOf: "\\u".unicodeScalars)
        out.append(contentsOf: String(repeating: "0", count: max(0, 4 - hex.count)).unicodeScalars)
        out.append(contentsOf: hex.unicodeScalars)
    }
}
