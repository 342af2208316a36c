/// Small text helpers shared by the places mappers.
enum POIText {
    /// The text without surrounding white space; nil when nothing is left.
    static func trimmed(_ text: String?) -> String? {
        guard let text else { return nil }
        let t = text.trimming(.whitespacesAndNewlines)
        return t.isEmpty ? nil : t
    }

    /// The non-blank parts joined by `separator`; nil when every part is blank.
    static func joined(_ parts: [String?], separator: String) -> String? {
        let kept = parts.compactMap(trimmed)
        return kept.isEmpty ? nil : kept.joined(separator: separator)
    }

    /// The lines without blanks, repeats, or a line equal to the name.
    static func addressLines(_ lines: [String?], name: String?) -> [String] {
        var out: [String] = []
        for line in lines.compactMap(trimmed) where line != name && !out.contains(line) {
            out.append(line)
        }
        return out
    }
}
