import Scenes
import Terminal

/// Draws the `:` palette over the bottom of the frame: the matching rows (name, keys, what it
/// does; the picked one highlighted) above the input line, which takes the status bar's row.
enum PaletteView {
    /// The most rows listed above the input line.
    static let maximumRows = 12

    /// Draws the palette.
    /// - Parameters:
    ///   - palette: the palette's state.
    ///   - canvas: the frame's canvas (at least 6 rows, as the app needs).
    @MainActor
    static func draw(_ palette: CommandPalette, on canvas: Canvas) {
        let inputRow = canvas.height - 1
        let rows = min(maximumRows, palette.shown.count, max(0, canvas.height - 3))
        let nameWidth = min(20, 2 + palette.nameWidth)
        let keysWidth = 12
        // The picked row is kept in view: the list scrolls by whole rows.
        let first = max(0, palette.selected - rows + 1)
        for index in 0..<rows {
            let y = inputRow - rows + index
            let position = first + index
            let role: TextRole = position == palette.selected ? .selected : .normal
            canvas.fill(row: y, column: 0, width: canvas.width, role: role)
            let entry = palette.entries[palette.shown[position]]
            var x = canvas.put(" " + entry.name, row: y, column: 0, maxWidth: canvas.width, role: role)
            x = max(x, nameWidth + 1)
            if x < canvas.width {
                canvas.put(entry.keys, row: y, column: x, maxWidth: min(keysWidth, canvas.width - x), role: position == palette.selected ? role : .dim)
            }
            x += keysWidth + 1
            if x < canvas.width { canvas.put(entry.help, row: y, column: x, maxWidth: canvas.width - x, role: role) }
        }
        canvas.fill(row: inputRow, column: 0, width: canvas.width, role: .status)
        let used = canvas.put(":", row: inputRow, column: 0, maxWidth: canvas.width, role: .accent)
        let count = "\(palette.shown.count)/\(palette.entries.count)"
        let line = palette.text + (canvas.text.repertoire == .unicode ? "▏" : "_")
        canvas.put(line, row: inputRow, column: used, maxWidth: max(0, canvas.width - used - canvas.text.width(count) - 1), role: .status)
        canvas.put(count, row: inputRow, column: max(used, canvas.width - canvas.text.width(count)), maxWidth: nil, role: .status)
    }
}
