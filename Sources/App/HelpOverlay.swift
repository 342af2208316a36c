import Scenes
import Terminal

/// The help overlay's box: the keys of the scene and of everywhere, "About this data", or the
/// recent messages, scrolled with j k PgDn PgUp g G when longer than the screen.
@MainActor
struct HelpOverlay {
    /// The first line shown.
    private var scroll = 0
    /// How many lines the box showed last frame.
    private var pageRows = 1
    /// How many lines the box had last frame.
    private var lineCount = 0

    /// Back to the first line (the box was closed, or shows another page).
    mutating func reset() {
        scroll = 0
    }

    /// Scrolls for a key: a line (j k, arrows), a page (space, PgDn, PgUp, Ctrl-F, Ctrl-B), or
    /// to the top or the bottom (g G, Home End); other keys do nothing.
    mutating func scroll(_ key: Key) {
        let page = max(1, pageRows - 1)
        switch key {
        case .down, .character("j"): scroll += 1
        case .up, .character("k"): scroll -= 1
        case .pageDown, .character(" "), .control("f"): scroll += page
        case .pageUp, .control("b"): scroll -= page
        case .home, .character("g"): scroll = 0
        case .end, .character("G"): scroll = Int.max / 2
        default: break
        }
        scroll = max(0, min(scroll, lineCount - pageRows))
    }

    /// Draws the box over the frame, centred: the sections' titles and entries (keys, then
    /// what they do), then the credit wrapped, scrolled to `scroll`; the blank lines between
    /// groups go first when the box would have to scroll, and its bottom edge says when there
    /// is more above or below.
    mutating func draw(_ canvas: Canvas, sections: [HelpSection], credit: String, symbols: Symbols, title: String = "Keys") {
        let text = canvas.text
        var entries: [(String, String, Bool)] = [] // keys, action, is title
        for section in sections {
            if !entries.isEmpty { entries.append(("", "", false)) }
            entries.append((section.title, "", true))
            for entry in section.entries { entries.append((entry.keys, entry.action, false)) }
        }
        let keyWidth = min(14, entries.filter { !$0.2 }.map { text.width($0.0) }.max() ?? 8)
        let contentWidth = entries.map { $0.2 ? text.width($0.0) : keyWidth + 2 + text.width($0.1) }.max() ?? 20
        let width = min(canvas.width - 2, max(contentWidth, 40) + 4)
        guard width >= 10 else { return }
        // The credit wraps to the box; everything else is cut to it.
        var lines = entries
        if !credit.isEmpty {
            lines.append(("", "", false))
            for part in text.wrap(credit, toCells: width - 4) { lines.append((part, "", true)) }
        }
        // When the box would have to scroll, the blank lines between the groups go first.
        if lines.count + 2 > canvas.height - 2 {
            lines.removeAll { $0.0.isEmpty && $0.1.isEmpty }
        }
        let height = min(canvas.height - 2, lines.count + 2)
        guard height >= 3 else { return }
        pageRows = height - 2
        lineCount = lines.count
        scroll = max(0, min(scroll, lines.count - pageRows))
        let left = (canvas.width - width) / 2
        let top = max(1, (canvas.height - height) / 2)
        BoxFrame.draw(on: canvas, frame: Rect(row: top, column: left, height: height, width: width), title: title)
        for i in 1..<(height - 1) {
            let index = scroll + i - 1
            guard index < lines.count else { continue }
            let (keys, action, isTitle) = lines[index]
            if isTitle {
                canvas.put(keys, row: top + i, column: left + 2, maxWidth: width - 4, role: .heading)
            } else {
                canvas.put(keys, row: top + i, column: left + 2, maxWidth: min(keyWidth, width - 4), role: .accent)
                if width - 4 - keyWidth - 2 > 0 {
                    canvas.put(action, row: top + i, column: left + 2 + keyWidth + 2, maxWidth: width - 4 - keyWidth - 2, role: .normal)
                }
            }
        }
        // Say when there is more than the box shows, and how to reach it.
        let above = scroll > 0, below = scroll + pageRows < lines.count
        if above || below {
            let arrows = (above ? symbols.arrowUp : "") + (below ? symbols.arrowDown : "")
            let hint = " \(arrows) more: j k PgDn "
            canvas.put(hint, row: top + height - 1, column: left + max(1, width - 2 - text.width(hint)), maxWidth: width - 2, role: .heading)
        }
    }
}
