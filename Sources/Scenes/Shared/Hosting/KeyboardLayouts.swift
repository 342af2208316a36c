import Terminal

/// The Latin key in the same place as a letter of a Cyrillic (ЙЦУКЕН) or Greek keyboard
/// layout, so that a key map's letters work while another layout is on (`й` acts as `q`).
package enum KeyboardLayouts {
    /// The Latin key in the same place as `key`, or nil when `key` is not a Cyrillic or Greek
    /// letter (or a key of its own kind, such as an arrow).
    /// - Parameter key: a decoded key.
    /// - Returns: the same-place key of the US layout.
    package static func latinKey(for key: Key) -> Key? {
        guard case .character(let character) = key, let latin = latin[character] else { return nil }
        return .character(latin)
    }

    /// Each layout's row of letters beside the US layout's row in the same places.
    private static let rows: [(String, String)] = [
        // ЙЦУКЕН (Russian; Ukrainian і ї є and Belarusian ў in their places too).
        ("йцукенгшщзхъ", "qwertyuiop[]"), ("фывапролджэ", "asdfghjkl;'"), ("ячсмитьбю", "zxcvbnm,."),
        ("ЙЦУКЕНГШЩЗХЪ", "QWERTYUIOP{}"), ("ФЫВАПРОЛДЖЭ", "ASDFGHJKL:\""), ("ЯЧСМИТЬБЮ", "ZXCVBNM<>"),
        ("ёЁіІїЇєЄўЎ", "`~sS]}'\"oO"),
        // Greek.
        ("ςερτυθιοπ", "wertyuiop"), ("ασδφγηξκλ", "asdfghjkl"), ("ζχψωβνμ", "zxcvbnm"),
        ("ΕΡΤΥΘΙΟΠ", "ERTYUIOP"), ("ΑΣΔΦΓΗΞΚΛ", "ASDFGHJKL"), ("ΖΧΨΩΒΝΜ", "ZXCVBNM")
    ]

    /// Each layout letter's Latin key.
    private static let latin: [Character: Character] = {
        var table: [Character: Character] = [:]
        for (letters, places) in rows {
            for (letter, place) in zip(letters, places) { table[letter] = place }
        }
        return table
    }()
}
