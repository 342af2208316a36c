import Foundation

/// Text folded for matching what a person types against names: case, diacritics and width
/// ignored (`String.folding(options:locale:)` with `.caseInsensitive`, `.diacriticInsensitive`
/// and `.widthInsensitive`), and then the letters that folding leaves as they are, because
/// Unicode gives them no decomposition, written with the Latin letters people type for them:
/// Turkish dotless ı → i, ø → o, æ → ae, œ → oe, ß → ss, đ and ð → d, ł → l, ħ → h, þ → th
/// (their capitals are lower-cased by the case folding first). So `kiz` finds "Kız Kulesi"
/// and `odegaard` finds "Ødegaard".
public enum SearchFolding {
    /// The folded text.
    /// - Parameter text: a name or a query.
    /// - Returns: the text folded; ASCII text comes back lower-cased.
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return foldLetters(text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil))
    }

    /// The letters of `extraLetters` replaced in text already folded by Foundation. Text
    /// without any byte that can start one (UTF-8 lead bytes 0xC3–0xC5: U+00C0–U+017F) is
    /// returned as it is, without a copy.
    /// - Parameter folded: text folded by `String.folding(options:locale:)`.
    /// - Returns: the text with those letters replaced.
    public static func foldLetters(_ folded: String) -> String {
        guard folded.utf8.contains(where: { $0 >= 0xC3 && $0 <= 0xC5 }) else { return folded }
        var out = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            if let replacement = extraLetters[scalar] {
                out.append(contentsOf: replacement.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The letters diacritic folding keeps, lower case, with what they fold to.
    static let extraLetters: [Unicode.Scalar: String] = [
        "\u{131}": "i",  // ı dotless i (Turkish, Azerbaijani)
        "\u{F8}": "o",  // ø
        "\u{E6}": "ae",  // æ
        "\u{153}": "oe",  // œ
        "\u{DF}": "ss",  // ß
        "\u{111}": "d",  // đ
        "\u{F0}": "d",  // ð
        "\u{142}": "l",  // ł
        "\u{127}": "h",  // ħ
        "\u{FE}": "th",  // þ
    ]
}
