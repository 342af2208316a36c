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

    /// The hint always shown, whatever the message and the width.
    static let helpHint = "? help"

    /// How many rows above the status bar a message (or a start-up notice) needs: 0 when it
    /// fits in the bar between the source and the hints that are always kept, else its wrapped
    /// lines, at most 3 and never the header or the scene's last row.
    func rowsAbove(_ canvas: Canvas, content: StatusBarContent, symbols: Symbols) -> Int {
        guard let (message, _) = shownMessage(content) else { return 0 }
        let text = canvas.text
        let left = Self.left(content, symbols: symbols)
        let kept = Self.hints(content.hints, room: 0, text: text)
        guard text.width(left) + 1 + text.width(message) + 2 + text.width(kept) + 1 > canvas.width else { return 0 }
        let limit = min(3, max(0, canvas.height - 4))
        return min(limit, text.wrap(message, toCells: max(1, canvas.width - 2)).count)
    }

    /// The status bar on the last row: the source and the position on the left, the key hints
    /// on the right, and a message (or a start-up notice) between them. The hints always keep
    /// `? help` and the scene's way out (`q quit`, `Esc back`…); a message too long for the
    /// room between goes whole on as many rows above the bar as it needs (at most 3), over the
    /// scene's last rows until the next key, so it is read whole and the keys stay in sight.
    /// Other hints give way first (whole entries, from the last), then the source (cut at its
    /// end), then the position; widths are in terminal cells.
    mutating func draw(_ canvas: Canvas, content: StatusBarContent, symbols: Symbols) {
        let y = canvas.height - 1
        canvas.fill(row: y, column: 0, width: canvas.width, role: .status)
        let text = canvas.text
        var left = Self.left(content, symbols: symbols)
        let kept = Self.hints(content.hints, room: 0, text: text)
        var beside: (message: String, role: TextRole)?
        if let (message, role) = shownMessage(content) {
            log(message)
            if text.width(left) + 1 + text.width(message) + 2 + text.width(kept) + 1 <= canvas.width {
                beside = (message, role)
            } else {
                drawWholeMessage(canvas, message, role: role, above: y)
            }
        }
        // The source gives way (cut at its end) to the hints always kept, then the position.
        let leftRoom = canvas.width - text.width(kept) - 3
        if text.width(left) > leftRoom { left = Self.left(content, symbols: symbols, room: leftRoom, text: text) }
        let leftWidth = canvas.put(left + " ", row: y, column: 0, maxWidth: canvas.width, role: .status)
        var room = canvas.width - leftWidth - 1
        if let beside {
            let width = text.width(beside.message)
            canvas.put(beside.message, row: y, column: leftWidth, maxWidth: width, role: beside.role)
            room -= width + 2
        }
        let shown = Self.hints(content.hints, room: room, text: text)
        canvas.put(shown, row: y, column: canvas.width - 1 - text.width(shown), maxWidth: max(0, room), role: .status)
    }

    /// The source and the position, as the bar starts: ` TVmaze live │ 3/250`.
    private static func left(_ content: StatusBarContent, symbols: Symbols) -> String {
        var left = " " + content.source
        if !content.position.isEmpty { left += " \(symbols.vertical) " + content.position }
        return left
    }

    /// The source and the position cut to `room` cells: the source cut at its end while at
    /// least 8 cells of it are left, so that the position stays whole; else both, at the end.
    private static func left(_ content: StatusBarContent, symbols: Symbols, room: Int, text: CellText) -> String {
        let position = content.position.isEmpty ? "" : " \(symbols.vertical) " + content.position
        let sourceRoom = room - 1 - text.width(position)
        if !position.isEmpty, sourceRoom >= 8 { return " " + text.truncate(content.source, toCells: sourceRoom) + position }
        return text.truncate(left(content, symbols: symbols), toCells: max(0, room))
    }

    /// The start-up notice (until the first key) or else the scene's message, with its role.
    private func shownMessage(_ content: StatusBarContent) -> (String, TextRole)? {
        if let notice { return (notice, .status) }
        guard let message = content.message else { return nil }
        return (message, content.messageIsError ? .error : .status)
    }

    /// Whether a hint is always kept: `? help`, and the scene's way out (`q quit`, or an
    /// `Esc` entry: `Esc back`, `Esc stop`, `Esc close`…).
    static func isKept(_ entry: String) -> Bool {
        entry == helpHint || entry.hasPrefix("q ") || entry.hasPrefix("Esc ")
    }

    /// Key hints cut to `room` cells: every entry when they fit, else the entries always kept
    /// (`isKept`) and, in their order, the others that fit whole; `? help` is added (before a
    /// last `q quit`, else at the end) when the scene did not list it.
    /// - Parameters:
    ///   - hints: the scene's hints, entries separated by two spaces (`⏎ open  / filter  ? help`).
    ///   - room: the cells there are; 0 (or less) for the kept entries alone.
    ///   - text: the width function.
    /// - Returns: the hints to draw, in the scene's order; the kept entries even when they
    ///   are wider than `room`.
    static func hints(_ hints: String, room: Int, text: CellText) -> String {
        var entries = hints.components(separatedBy: "  ").filter { !$0.isEmpty }
        if !entries.contains(helpHint) {
            entries.insert(helpHint, at: entries.last?.hasPrefix("q ") == true ? entries.count - 1 : entries.count)
        }
        let all = entries.joined(separator: "  ")
        if text.width(all) <= room { return all }
        let keptWidth = entries.filter(isKept).reduce(-2) { $0 + text.width($1) + 2 }
        var used = keptWidth
        var shown: [String] = []
        for entry in entries {
            if isKept(entry) {
                shown.append(entry)
            } else if used + 2 + text.width(entry) <= room {
                shown.append(entry)
                used += 2 + text.width(entry)
            }
        }
        return shown.joined(separator: "  ")
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
