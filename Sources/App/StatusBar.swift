import Scenes
import Terminal

/// The frame's status bar and its messages: the scene's source, position and key hints on the
/// last row; a message (or a start-up notice) beside them, or whole on rows above the bar when
/// long; and the last messages kept for `M`.
@MainActor
struct StatusBar {
    /// A notice the bar shows until the next key.
    var notice: String?
    /// The bar's last messages and notices, oldest first, at most `messageLogLength`.
    private(set) var messageLog: [String] = []
    /// How many messages `M` can show again.
    static let messageLogLength = 20

    /// Makes the bar.
    /// - Parameter notice: a one-line notice to show at start, or nil.
    init(notice: String?) {
        self.notice = notice
    }

    /// How many rows above the status bar a message needs: 0 when it fits beside the source
    /// (or a notice in the bar), else its wrapped lines (less the bar's own, for a notice), at
    /// most 3 and never the header or the scene's last row.
    func rowsAbove(_ canvas: Canvas, content: StatusBarContent, symbols: Symbols) -> Int {
        let text = canvas.text
        let limit = min(3, max(0, canvas.height - 4))
        if let notice {
            return min(limit, max(0, text.wrap(notice, toCells: max(1, canvas.width - 2)).count - 1))
        }
        guard let message = content.message else { return 0 }
        var left = " " + content.source
        if !content.position.isEmpty { left += " \(symbols.vertical) " + content.position }
        guard text.width(left) + 1 + text.width(message) + 1 > canvas.width else { return 0 }
        return min(limit, text.wrap(message, toCells: max(1, canvas.width - 2)).count)
    }

    /// The status bar on the last row: the source and the position on the left, the message or
    /// the key hints on the right. A message too long for the room beside the source takes the
    /// whole bar; one too long for the whole bar goes on as many rows above it as it needs (at
    /// most 3 more), over the scene's last rows until the next key, so it is read whole. Hints
    /// are cut from the left of their last entry, and `? help` is always kept at their end.
    mutating func draw(_ canvas: Canvas, content: StatusBarContent, symbols: Symbols) {
        let y = canvas.height - 1
        canvas.fill(row: y, column: 0, width: canvas.width, role: .status)
        let text = canvas.text
        if let notice {
            // A start-up notice takes the whole bar until the first key (and rows above if long).
            log(notice)
            let lines = text.wrap(notice, toCells: max(1, canvas.width - 2))
            if lines.count > 1 { drawWholeMessage(canvas, lines.dropLast().joined(separator: " "), role: .status, above: y) }
            canvas.put(" " + (lines.last ?? ""), row: y, column: 0, maxWidth: canvas.width, role: .status)
            return
        }
        var left = " " + content.source
        if !content.position.isEmpty { left += " \(symbols.vertical) " + content.position }
        var hints = content.hints
        if let message = content.message {
            log(message)
            let role: TextRole = content.messageIsError ? .error : .status
            if text.width(left) + 1 + text.width(message) + 1 <= canvas.width {
                canvas.put(left + " ", row: y, column: 0, maxWidth: canvas.width, role: .status)
                canvas.put(message, row: y, column: canvas.width - 1 - text.width(message), maxWidth: canvas.width, role: role)
                return
            }
            // Too long beside the source: whole, on the rows above the bar; the bar keeps the
            // source, the position and the hint to the help.
            drawWholeMessage(canvas, message, role: role, above: y)
            hints = ""
        }
        let helpHint = "? help"
        // The source and position give way (cut at their end) to the hint to the help.
        let leftRoom = canvas.width - text.width(helpHint) - 3
        if text.width(left) > leftRoom { left = text.truncate(left, toCells: max(0, leftRoom)) }
        let leftWidth = canvas.put(left + " ", row: y, column: 0, maxWidth: canvas.width, role: .status)
        let room = canvas.width - leftWidth - 1
        let shown = Self.hints(hints, keeping: helpHint, room: room, text: text)
        canvas.put(shown, row: y, column: canvas.width - 1 - text.width(shown), maxWidth: room, role: .status)
    }

    /// Key hints cut to `room` cells, keeping `? help`: the hints that fit whole, from the
    /// first, then `? help` (moved to the end when a scene listed it elsewhere, added when it
    /// did not).
    /// - Parameters:
    ///   - hints: the scene's hints, entries separated by two spaces (`⏎ open  / filter  ? help`).
    ///   - keeping: the entry always shown.
    ///   - room: the cells there are.
    ///   - text: the width function.
    /// - Returns: the hints to draw.
    static func hints(_ hints: String, keeping: String, room: Int, text: CellText) -> String {
        if text.width(hints) <= room && hints.contains(keeping) { return hints }
        if hints.isEmpty { return keeping }
        if !hints.contains(keeping), text.width(hints) + 2 + text.width(keeping) <= room { return hints + "  " + keeping }
        let entries = hints.components(separatedBy: "  ").filter { !$0.isEmpty && $0 != keeping && !$0.hasPrefix("?") }
        var shown: [String] = []
        var used = text.width(keeping)
        for entry in entries {
            let width = text.width(entry) + 2
            guard used + width <= room else { break }
            shown.append(entry)
            used += width
        }
        return (shown + [keeping]).joined(separator: "  ")
    }

    /// Draws a message whole on the rows just above `row` (the status bar), wrapped, in the bar's
    /// colours (at most 3 rows, and never the header; `M` shows it whole again later).
    private func drawWholeMessage(_ canvas: Canvas, _ message: String, role: TextRole, above row: Int) {
        let lines = canvas.text.wrap(message, toCells: max(1, canvas.width - 2))
        let shown = Array(lines.prefix(min(3, max(0, canvas.height - 4))))
        let top = row - shown.count
        for (i, line) in shown.enumerated() {
            canvas.fill(row: top + i, column: 0, width: canvas.width, role: .status)
            canvas.put(" " + line, row: top + i, column: 0, maxWidth: canvas.width, role: role)
        }
    }

    /// The recent messages as the overlay lists them, newest first, each wrapped to the box.
    func messagesSection(width: Int, text: CellText) -> HelpSection {
        // The box is at most the screen less 2 wide, its text 6 cells narrower (border, margins,
        // and the empty keys column's gap).
        let room = max(10, min(width - 2, 84) - 6)
        var entries: [HelpEntry] = []
        for message in messageLog.reversed() {
            for line in text.wrap(message, toCells: room) {
                entries.append(HelpEntry(keys: "", action: line))
            }
        }
        if entries.isEmpty { entries = [HelpEntry(keys: "", action: "No message yet")] }
        return HelpSection(title: "Newest first (M or Esc closes)", entries: entries)
    }

    /// Keeps a message the status bar shows, for `M`, unless it is the last one kept.
    mutating func log(_ message: String) {
        guard messageLog.last != message else { return }
        messageLog.append(message)
        if messageLog.count > Self.messageLogLength { messageLog.removeFirst(messageLog.count - Self.messageLogLength) }
    }
}
