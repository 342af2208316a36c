import Terminal

/// Keys by name, as the config file writes them (`x`, `C-s`, `F5`, `Space`, `Enter`, `S-Tab`,
/// `M-x`) and as the help overlay and the status bar show them (`⏎`, `↑`, `Ctrl-S`).
package enum KeyName {
    /// The named keys in their config spelling, with the other spellings accepted.
    private static let named: [(Key, [String])] = [
        (.enter, ["Enter", "Return", "CR"]), (.escape, ["Esc", "Escape"]), (.tab, ["Tab"]), (.backTab, ["S-Tab", "BackTab"]),
        (.up, ["Up"]), (.down, ["Down"]), (.left, ["Left"]), (.right, ["Right"]),
        (.pageUp, ["PgUp", "PageUp"]), (.pageDown, ["PgDn", "PageDown"]), (.home, ["Home"]), (.end, ["End"]),
        (.backspace, ["Backspace", "BS"]), (.delete, ["Del", "Delete"]), (.character(" "), ["Space"])
    ]

    /// The key a name stands for.
    /// - Parameter text: a key's name: one character (`x`, `?`, `й`), a named key (`Enter`,
    ///   `Space`, `S-Tab`; any case), `F1`–`F12`, `C-x` (Control with a letter) or `M-KEY` (Alt).
    /// - Returns: the key, or nil when the name is none of these.
    package static func key(named text: String) -> Key? {
        if text.count == 1, let character = text.first, !character.isWhitespace, !isControl(character) { return .character(character) }
        let lower = text.lowercased()
        if let (key, _) = named.first(where: { $0.1.contains { $0.lowercased() == lower } }) { return key }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number), lower.count <= 3 { return .function(number) }
        for prefix in ["c-", "ctrl-"] where lower.hasPrefix(prefix) {
            let letter = lower.dropFirst(prefix.count)
            guard letter.count == 1, let character = letter.first, character.isASCII, character.isLetter else { return nil }
            return .control(character)
        }
        if lower.hasPrefix("m-") || lower.hasPrefix("alt-"), let dash = text.firstIndex(of: "-"),
            let inner = key(named: String(text[text.index(after: dash)...])), !isAlt(inner)
        {
            return .alt(inner)
        }
        return nil
    }

    /// A key's name in the config file's spelling (`Enter`, `C-s`, `F5`, `x`), which
    /// `key(named:)` reads back.
    /// - Parameter key: the key.
    /// - Returns: its name.
    package static func name(of key: Key) -> String {
        if let (_, names) = named.first(where: { $0.0 == key }), let first = names.first { return first }
        switch key {
        case .character(let character): return String(character)
        case .control(let letter): return "C-\(letter)"
        case .function(let number): return "F\(number)"
        case .alt(let inner): return "M-" + name(of: inner)
        case .unknown(let value): return "code \(value)"
        default: return "?"
        }
    }

    /// A key as the help overlay and the status bar show it: `⏎`, `↑`, `⌫`, `Ctrl-S`, else its
    /// config name.
    /// - Parameter key: the key.
    /// - Returns: its symbol.
    package static func symbol(of key: Key) -> String {
        switch key {
        case .enter: return "⏎"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .backspace: return "⌫"
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        case .alt(let inner): return "Alt-" + symbol(of: inner)
        default: return name(of: key)
        }
    }

    /// True for a Unicode control character (never a key's name).
    private static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// True for an Alt combination.
    private static func isAlt(_ key: Key) -> Bool {
        if case .alt = key { return true }
        return false
    }
}
