import Terminal

/// A detail page laid out in lines for a width: shared by the show and place details, which
/// both open with a title, a subtitle and a table of facts.
enum DetailLines {
    /// A laid-out line: text, its role, and its indent in cells.
    struct Line: Equatable {
        /// The text, already wrapped to the width.
        let text: String
        /// What it means on screen.
        let role: TextRole
        /// Cells from the left edge.
        let indent: Int
    }

    /// The title and subtitle, word-wrapped, a blank line, then the facts as a two-column table
    /// (labels padded to one width; long values wrap under their value column; a missing value,
    /// `—`, is dim).
    /// - Parameters:
    ///   - title: the page's title.
    ///   - subtitle: the line under it.
    ///   - facts: label and value pairs, in order.
    ///   - width: the width, in cells.
    ///   - text: the terminal's sanitiser and width function.
    ///   - oneLine: labels of facts (long ids, web addresses) kept on one line, shortened in
    ///     the middle with `…` when too long rather than wrapped.
    /// - Returns: the lines.
    static func heading(
        title: String, subtitle: String, facts: [(label: String, value: String)], width: Int, text: CellText,
        oneLine: Set<String> = []
    ) -> [Line] {
        var lines: [Line] = []
        let inner = max(1, width - 2)
        for part in text.wrap(title, toCells: inner) { lines.append(Line(text: part, role: .heading, indent: 1)) }
        for part in text.wrap(subtitle, toCells: inner) { lines.append(Line(text: part, role: .accent, indent: 1)) }
        lines.append(Line(text: "", role: .normal, indent: 0))
        let labelWidth = min(14, max(8, inner / 3))
        for fact in facts {
            let room = max(1, inner - labelWidth - 1)
            let parts = oneLine.contains(fact.label) ? [text.truncateMiddle(fact.value, toCells: room)] : text.wrap(fact.value, toCells: room)
            for (i, part) in parts.enumerated() {
                let label = i == 0 ? text.fixed(fact.label, cells: labelWidth) : String(repeating: " ", count: labelWidth)
                lines.append(Line(text: label + " " + part, role: fact.value == ShowFormatting.missing ? .dim : .normal, indent: 1))
            }
        }
        return lines
    }

    /// Draws laid-out lines in a rectangle, from a line on (a scrolled page).
    /// - Parameters:
    ///   - lines: the lines.
    ///   - canvas: the canvas.
    ///   - rect: where; lines past its height are not drawn.
    ///   - first: the first line to draw (the scroll position).
    @MainActor
    static func draw(_ lines: [Line], on canvas: Canvas, in rect: Rect, from first: Int) {
        for (i, line) in lines.dropFirst(first).prefix(rect.height).enumerated() where line.indent < rect.width {
            canvas.put(line.text, row: rect.row + i, column: rect.column + line.indent, maxWidth: rect.width - line.indent - 1, role: line.role)
        }
    }
}
