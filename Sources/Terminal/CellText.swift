import CTerminalGuard

#if canImport(Glibc)
    import Glibc
#endif

/// Text on its way to the terminal: the one sanitiser and the one width function that every
/// string from outside passes through.
///
/// Sanitising (in this order):
/// - Unicode text is normalised to NFC, so NFC and NFD spellings take the same cells.
/// - Every C0 control (U+0000–U+001F), DEL and C1 control (U+0080–U+009F) becomes a visible
///   placeholder: the Control Pictures block (`␛` for ESC, `␍` for CR, `␡` for DEL) and `�` for
///   C1; `?` in ASCII.
/// - Format characters (Unicode general category Cf: bidi embeddings, overrides, isolates and
///   marks, zero-width joiners, the BOM, soft hyphens) and variation selectors are removed:
///   terminals disagree on their width, so a row could overflow or leave stray cells.
/// - A character `wcwidth` cannot measure becomes `�` (`?` in ASCII).
///
/// Width is measured per scalar in terminal cells with the C library's `wcwidth` (as ncurses
/// measures), so what is laid out here is what ncurses draws.
public struct CellText: Sendable {
    /// The characters the terminal can show.
    public let repertoire: GlyphRepertoire

    /// Makes a sanitiser for a repertoire.
    /// - Parameter repertoire: `.unicode` only when LC_CTYPE is UTF-8.
    public init(repertoire: GlyphRepertoire) {
        self.repertoire = repertoire
    }

    /// One drawn cell group: a base character with any zero-width marks on it, and its width
    /// in cells (1 or 2).
    public struct Glyph: Sendable, Equatable {
        /// The base scalar followed by combining marks.
        public var scalars: [Unicode.Scalar]
        /// Cells taken: 1 or 2.
        public var width: Int
    }

    /// The ellipsis that ends truncated text: `…` (1 cell), or `~` in ASCII.
    public var ellipsis: String { repertoire == .unicode ? "…" : "~" }

    /// Sanitises text and splits it into glyphs ready to draw.
    /// - Parameter text: any string, from anywhere.
    /// - Returns: glyphs of width 1 or 2; never a control character.
    public func glyphs(_ text: String) -> [Glyph] {
        var out: [Glyph] = []
        out.reserveCapacity(text.utf8.count)
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        // ASCII: decompose so that "é" shows as "e" once its mark is dropped. Text of ASCII and
        // drawing characters alone (the map's braille and box lines) is already both forms.
        let plain = isASCII || text.unicodeScalars.allSatisfy { $0.value < 0x80 || Self.isDrawing($0.value) }
        let source = plain ? text : (repertoire == .ascii ? Self.decomposed(text) : Self.precomposed(text))
        for scalar in source.unicodeScalars {
            let v = scalar.value
            if v >= 0x20 && v < 0x7F {
                out.append(Glyph(scalars: [scalar], width: 1))
                continue
            }
            if repertoire == .unicode, Self.isDrawing(v) {
                let w = Int(dc_wcwidth(v))
                if w == 1 || w == 2 {
                    out.append(Glyph(scalars: [scalar], width: w))
                    continue
                }
            }
            if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) {
                out.append(placeholder(forControl: v))
                continue
            }
            if repertoire == .ascii {
                if let plain = Self.asciiFallback[v] {
                    for c in plain.unicodeScalars { out.append(Glyph(scalars: [c], width: 1)) }
                    continue
                }
                // Marks join the previous '?'; anything else shows as one '?'.
                let category = scalar.properties.generalCategory
                if category == .nonspacingMark || category == .enclosingMark || category == .format || Self.isVariationSelector(v) { continue }
                out.append(Glyph(scalars: ["?"], width: 1))
                continue
            }
            let category = scalar.properties.generalCategory
            if category == .format || Self.isVariationSelector(v) { continue }
            if category == .lineSeparator || category == .paragraphSeparator {
                out.append(Glyph(scalars: [" "], width: 1))
                continue
            }
            let w = Int(dc_wcwidth(v))
            if w == 0 {
                if out.isEmpty || out[out.count - 1].scalars.count >= 4 {
                    continue // a mark with nothing to sit on, or a pile of marks: dropped
                }
                out[out.count - 1].scalars.append(scalar)
            } else if w == 1 || w == 2 {
                out.append(Glyph(scalars: [scalar], width: w))
            } else {
                out.append(Glyph(scalars: ["\u{FFFD}"], width: 1))
            }
        }
        return out
    }

    /// True for U+2500–U+28FF: box drawing, block elements, geometric shapes, symbols, dingbats,
    /// arrows and braille. None has a canonical decomposition or is a mark, a format character
    /// or a separator (UnicodeData.txt: no decomposition field, general categories So, Sm, No,
    /// Ps and Pe only), so such a scalar is its own NFC and NFD and needs only its width.
    @inline(__always)
    static func isDrawing(_ v: UInt32) -> Bool { v >= 0x2500 && v <= 0x28FF }

    private func placeholder(forControl v: UInt32) -> Glyph {
        guard repertoire == .unicode else { return Glyph(scalars: ["?"], width: 1) }
        let picture: Unicode.Scalar?
        if v < 0x20 {
            picture = Unicode.Scalar(0x2400 + v)
        } else if v == 0x7F {
            picture = Unicode.Scalar(0x2421)
        } else {
            picture = "\u{FFFD}"
        }
        return Glyph(scalars: [picture ?? "?"], width: 1)
    }

    /// ASCII stand-ins for the punctuation and symbols that text and the interface use most,
    /// so an ASCII terminal shows `2011-2019` and `* 8.1` rather than `2011?2019` and `? 8.1`.
    static let asciiFallback: [UInt32: String] = [
        // Latin letters that do not decompose into a base letter and a mark.
        0x00C6: "AE", 0x00D0: "D", 0x00D8: "O", 0x00DE: "Th", 0x00DF: "ss", 0x00E6: "ae", 0x00F0: "d",
        0x00F8: "o", 0x00FE: "th", 0x0110: "D", 0x0111: "d", 0x0131: "i", 0x0141: "L", 0x0142: "l",
        0x0152: "OE", 0x0153: "oe", 0x00A9: "(c)", 0x00AE: "(R)", 0x2122: "TM",
        0x00A0: " ", 0x00AB: "<<", 0x00BB: ">>", 0x00B7: ".", 0x00D7: "x",
        0x2010: "-", 0x2011: "-", 0x2012: "-", 0x2013: "-", 0x2014: "-", 0x2015: "-",
        0x2018: "'", 0x2019: "'", 0x201A: ",", 0x201C: "\"", 0x201D: "\"", 0x201E: "\"",
        0x2022: "*", 0x2026: "...", 0x2032: "'", 0x2033: "\"", 0x2039: "<", 0x203A: ">",
        0x2190: "<", 0x2191: "^", 0x2192: ">", 0x21C4: "<->", 0x2193: "v", 0x2196: "\\", 0x2197: "/", 0x2198: "\\", 0x2199: "/",
        0x21B5: "Enter", 0x23CE: "Enter", 0x2500: "-", 0x2502: "|", 0x250C: "+", 0x2510: "+", 0x2514: "+", 0x2518: "+",
        0x251C: "+", 0x2524: "+", 0x252C: "+", 0x2534: "+", 0x253C: "+", 0x2550: "=", 0x2551: "|",
        0x2588: "#", 0x2591: ".", 0x2592: ":", 0x2593: "#", 0x25B2: "^", 0x25B6: ">", 0x25B8: ">", 0x25BC: "v", 0x25BE: "v", 0x25C0: "<",
        0x25CF: "o", 0x25CB: "o", 0x2605: "*", 0x2606: "*", 0x2665: "<3", 0x2713: "v", 0x2714: "v", 0x2717: "x"
    ]

    private static func isVariationSelector(_ v: UInt32) -> Bool {
        (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v)
    }

    /// Sanitises text (see the type's description) without measuring it.
    /// - Parameter text: any string.
    /// - Returns: the string that will be drawn.
    public func sanitize(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for glyph in glyphs(text) { scalars.append(contentsOf: glyph.scalars) }
        return String(scalars)
    }

    /// The width of text in terminal cells, after sanitising.
    /// - Parameter text: any string.
    /// - Returns: cells, 0 or more.
    public func width(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return glyphs(text).reduce(0) { $0 + $1.width }
    }

    /// Cuts text to at most `cells` cells, ending with the ellipsis when cut. Never splits a
    /// wide glyph: the result may be one cell short of `cells`.
    /// - Parameters:
    ///   - text: any string.
    ///   - cells: the room, in cells (0 or more).
    /// - Returns: sanitised text of width ≤ `cells`.
    public func truncate(_ text: String, toCells cells: Int) -> String {
        let all = glyphs(text)
        return render(fit(all, cells: cells))
    }

    /// The glyphs of text cut to fit `cells` cells, with the ellipsis when cut.
    /// - Parameters:
    ///   - glyphs: sanitised glyphs.
    ///   - cells: the room, in cells.
    /// - Returns: glyphs of total width ≤ `cells`.
    public func fit(_ glyphs: [Glyph], cells: Int) -> [Glyph] {
        guard cells > 0 else { return [] }
        let total = glyphs.reduce(0) { $0 + $1.width }
        if total <= cells { return glyphs }
        var out: [Glyph] = []
        var used = 0
        let room = cells - 1 // the ellipsis takes one cell
        for glyph in glyphs {
            if used + glyph.width > room { break }
            out.append(glyph)
            used += glyph.width
        }
        out.append(Glyph(scalars: Array(ellipsis.unicodeScalars), width: 1))
        return out
    }

    /// Pads or cuts text to exactly `cells` cells (left-aligned, or right-aligned).
    /// - Parameters:
    ///   - text: any string.
    ///   - cells: the width, in cells.
    ///   - alignRight: true to pad on the left.
    /// - Returns: sanitised text of width exactly `cells`.
    public func fixed(_ text: String, cells: Int, alignRight: Bool = false) -> String {
        guard cells > 0 else { return "" }
        let fitted = fit(glyphs(text), cells: cells)
        let used = fitted.reduce(0) { $0 + $1.width }
        let pad = String(repeating: " ", count: max(0, cells - used))
        return alignRight ? pad + render(fitted) : render(fitted) + pad
    }

    /// Pads text to at least `cells` cells and never cuts it: a column of plain output to a
    /// pipe or file, where a longer value pushes the rest of its line on rather than losing
    /// its end.
    /// - Parameters:
    ///   - text: any string.
    ///   - cells: the least width, in cells.
    ///   - alignRight: true to pad on the left.
    /// - Returns: sanitised text at least `cells` cells wide.
    public func padded(_ text: String, cells: Int, alignRight: Bool = false) -> String {
        let shown = sanitize(text)
        let pad = String(repeating: " ", count: max(0, cells - width(shown)))
        return alignRight ? pad + shown : shown + pad
    }

    /// Word-wraps text to lines of at most `cells` cells. Breaks at spaces; a word longer than
    /// a line is broken between glyphs, never inside one.
    /// - Parameters:
    ///   - text: one paragraph.
    ///   - cells: the line width, in cells (at least 1).
    /// - Returns: the lines, sanitised; one empty line for empty text.
    public func wrap(_ text: String, toCells cells: Int) -> [String] {
        let width = max(1, cells)
        var lines: [String] = []
        var line: [Glyph] = []
        var lineWidth = 0
        var word: [Glyph] = []
        var wordWidth = 0

        func flushLine() {
            while let last = line.last, last.scalars == [" "] { line.removeLast(); lineWidth -= 1 }
            lines.append(render(line))
            line = []
            lineWidth = 0
        }
        func placeWord() {
            if wordWidth > width - lineWidth && lineWidth > 0 { flushLine() }
            for glyph in word {
                if lineWidth + glyph.width > width { flushLine() }
                line.append(glyph)
                lineWidth += glyph.width
            }
            word = []
            wordWidth = 0
        }
        for glyph in glyphs(text) {
            if glyph.scalars == [" "] {
                placeWord()
                if lineWidth > 0 && lineWidth < width { line.append(glyph); lineWidth += 1 }
            } else {
                word.append(glyph)
                wordWidth += glyph.width
            }
        }
        placeWord()
        if !line.isEmpty || lines.isEmpty { flushLine() }
        return lines
    }

    /// One glyph as text: a lone scalar without building a scalar view (a cell of an
    /// off-screen canvas).
    /// - Parameter glyph: a glyph from `glyphs(_:)`.
    /// - Returns: its scalars as a string.
    public func render(_ glyph: Glyph) -> String {
        if glyph.scalars.count == 1 { return String(Character(glyph.scalars[0])) }
        return render([glyph])
    }

    /// Joins glyphs back into a string.
    public func render(_ glyphs: [Glyph]) -> String {
        var scalars = String.UnicodeScalarView()
        for glyph in glyphs { scalars.append(contentsOf: glyph.scalars) }
        return String(scalars)
    }
}
