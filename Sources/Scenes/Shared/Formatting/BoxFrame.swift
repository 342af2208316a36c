import Terminal

/// A bordered box drawn over the scene (help, pickers): blank inside, a border in line-drawing
/// characters (`+ - |` in ASCII), and a title in the top border.
package enum BoxFrame {
    /// Draws the box and returns the rectangle for its content: inside the border, with one
    /// cell of margin on each side.
    /// - Parameters:
    ///   - canvas: the canvas.
    ///   - frame: the box's outer rectangle (at least 3 rows and 5 columns to draw anything).
    ///   - title: the title, drawn in the top border.
    /// - Returns: the content rectangle.
    @MainActor
    @discardableResult
    package static func draw(on canvas: Canvas, frame: Rect, title: String) -> Rect {
        let (top, left, width, height) = (frame.row, frame.column, frame.width, frame.height)
        let inside = Rect(row: top + 1, column: left + 2, height: height - 2, width: width - 4)
        guard width >= 5, height >= 3 else { return inside }
        let symbols = Symbols(canvas.text.repertoire)
        let corners = canvas.text.repertoire == .unicode ? ("┌", "┐", "└", "┘") : ("+", "+", "+", "+")
        let rule = String(repeating: symbols.horizontal, count: width - 2)
        canvas.put(corners.0 + rule + corners.1, row: top, column: left, maxWidth: width, role: .border)
        canvas.put(" " + title + " ", row: top, column: left + 2, maxWidth: width - 4, role: .heading)
        for y in (top + 1)..<(top + height - 1) {
            canvas.fill(row: y, column: left, width: width, role: .normal)
            canvas.put(symbols.vertical, row: y, column: left, maxWidth: 1, role: .border)
            canvas.put(symbols.vertical, row: y, column: left + width - 1, maxWidth: 1, role: .border)
        }
        canvas.put(corners.2 + rule + corners.3, row: top + height - 1, column: left, maxWidth: width, role: .border)
        return inside
    }
}
