import CHTMLText
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Turns the HTML that APIs put in text fields into plain text as a browser shows it: read as
/// the HTML5 tokenizer reads it (WHATWG HTML 13.2.5), then libxml2's HTML parser for the tags.
///
/// - A `<` that starts no tag is text (`<>`, `< b>`, `I <3 you`); `</>` is nothing; `</ p>`,
///   `<!...>` and `<?...>` are comments; a tag the text ends inside is dropped.
/// - `&` without a reference is text (`AT&T`); every HTML5 named reference is known, the 106
///   legacy ones also without their semicolon (`&copy 2024`).
/// - Block elements (`p`, `div`, `li`, headings) end a paragraph; `br` ends a line, which
///   becomes a paragraph of its own.
/// - Tags are dropped; entities are decoded exactly once (`&amp;lt;` becomes the text `&lt;`).
/// - White space runs fold to one space; `&nbsp;` becomes a plain space.
public enum HTMLText {
    /// Converts an HTML fragment to paragraphs of plain text.
    /// - Parameter html: the fragment, for example `"<p>One &amp; two</p><p>Three</p>"`.
    /// - Returns: the paragraphs, for example `["One & two", "Three"]`; empty for empty input.
    public static func paragraphs(from html: String) -> [String] {
        let text = html.contains(where: { $0 == "<" || $0 == "&" }) ? parse(html) : html.replacing("\u{0C}", with: " ")
        return text.split(whereSeparator: { $0 == "\u{0C}" || $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { fold(String($0)) }
            .filter { !$0.isEmpty }
    }

    /// Decodes the character references in a name, keeping everything else as it is: names
    /// (of shows, networks, people, seasons) are plain text that TVmaze sometimes sends with
    /// entities (`Grey&#39;s Anatomy`), and a `<` in one is part of the name (`<Untitled
    /// Pilot>`, `I <3 Tokyo`), never a tag to drop. References are decoded exactly once
    /// (`&amp;lt;` becomes `&lt;`); line breaks and tabs become spaces.
    /// - Parameter text: for example `"Love &amp; <Hip> Hop"`.
    /// - Returns: for example `"Love & <Hip> Hop"`; the text itself when it holds no `&`.
    public static func decodingEntities(_ text: String) -> String {
        // A byte scan: `contains("&")` would walk the text's characters (grapheme breaking).
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        return convert(text, with: dc_html_decode_references)
    }

    private static func parse(_ html: String) -> String {
        convert(html, with: dc_html_to_text)
    }

    /// Runs one of the C conversions over the text's UTF-8 bytes; the text itself when memory
    /// is short.
    private static func convert(_ html: String, with function: (UnsafePointer<CChar>?, Int) -> UnsafeMutablePointer<CChar>?) -> String {
        var bytes = Array(html.utf8)
        let count = bytes.count
        let result: UnsafeMutablePointer<CChar>? = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: count) { function($0, count) }
            }
        }
        guard let result else { return html }
        defer { free(result) }
        return String(decoding: UnsafeRawBufferPointer(start: result, count: strlen(result)), as: UTF8.self)
    }

    /// Folds runs of white space (including no-break spaces) to single spaces and trims the ends.
    static func fold(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            // ASCII is decided without the Unicode property tables, which are slow to query.
            let v = scalar.value
            let isSpace = v < 0x80 ? (v == 0x20 || (0x09...0x0D).contains(v)) : (v == 0xA0 || scalar.properties.isWhitespace)
            if isSpace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            }
        }
        return String(out)
    }
}
