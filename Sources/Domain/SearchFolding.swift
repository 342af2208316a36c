@_spi(_Unicode) import Swift

/// Text folded for matching what a person types against names: case, diacritics and width
/// ignored, and then the letters that folding leaves as they are, because Unicode gives them no
/// decomposition, written with the Latin letters people type for them: Turkish dotless ı → i,
/// ø → o, æ → ae, œ → oe, ß → ss, đ and ð → d, ł → l, ħ → h, þ → th. So `kiz` finds
/// "Kız Kulesi", `pokemon` finds "Pokémon" and `odegaard` finds "Ødegaard".
///
/// The folding is done with the standard library's Unicode tables, not ICU: the text is put in
/// Normalization Form D (canonical decomposition, Unicode Standard Annex #15), combining marks
/// that follow a base character are dropped (canonical combining class not 0, or General
/// Category Mn or Me), fullwidth ASCII (U+FF01…U+FF5E) becomes ASCII, and each scalar that
/// changes under case folding or lowercasing is lower-cased after upper-casing, so that `ß`
/// and `ẞ` meet as `ss`, `ſ` as `s` and `µ` as `μ` (Unicode Standard, 3.13 "Default Case
/// Algorithms"). This matches Foundation's `folding(options: [.caseInsensitive,
/// .diacriticInsensitive, .widthInsensitive])` on Latin, Greek and Cyrillic text; DECISIONS.md
/// lists where the two differ.
public enum SearchFolding {
    /// The folded text.
    /// - Parameter text: a name or a query.
    /// - Returns: the text folded; ASCII text comes back lower-cased.
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return foldLetters(foldCaseDiacriticsAndWidth(text))
    }

    /// Case, diacritics and width folded, as described above, without the extra letters.
    /// - Parameter text: any text.
    /// - Returns: the folded text; a mark with no base before it is kept.
    public static func foldCaseDiacriticsAndWidth(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for decomposed in text._nfd {
            var scalar = decomposed
            if (0xFF01...0xFF5E).contains(scalar.value), let narrow = Unicode.Scalar(scalar.value - 0xFEE0) {
                scalar = narrow
            }
            let properties = scalar.properties
            if !out.isEmpty,
                properties.canonicalCombiningClass != .notReordered
                    || properties.generalCategory == .nonspacingMark || properties.generalCategory == .enclosingMark
            {
                continue
            }
            if properties.changesWhenCaseFolded || properties.changesWhenLowercased {
                for upper in properties.uppercaseMapping.unicodeScalars {
                    out.append(contentsOf: upper.properties.lowercaseMapping.unicodeScalars)
                }
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The letters of `extraLetters` replaced in text already folded by
    /// `foldCaseDiacriticsAndWidth`. Text
    /// without any byte that can start one (UTF-8 lead bytes 0xC3–0xC5: U+00C0–U+017F) is
    /// returned as it is, without a copy.
    /// - Parameter folded: text folded by `foldCaseDiacriticsAndWidth`.
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
        "\u{131}": "i", // ı dotless i (Turkish, Azerbaijani)
        "\u{F8}": "o", // ø
        "\u{E6}": "ae", // æ
        "\u{153}": "oe", // œ
        "\u{DF}": "ss", // ß
        "\u{111}": "d", // đ
        "\u{F0}": "d", // ð
        "\u{142}": "l", // ł
        "\u{127}": "h", // ħ
        "\u{FE}": "th" // þ
    ]
}
