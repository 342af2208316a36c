import Terminal

/// A page of laid-out lines taller than the screen, scrolled by the navigation keys
/// (`ListMove`): the show details and a place's details.
struct ScrolledPage {
    /// The first line shown.
    private(set) var offset = 0
    /// The lines shown at once (the height last drawn).
    private(set) var pageHeight = 10
    /// The page's lines (as last drawn).
    private(set) var lineCount = 0

    /// The position for the status bar: the last line shown of all, for example `24/80 lines`;
    /// empty when the page fits.
    var position: String {
        lineCount <= pageHeight ? "" : "\(min(lineCount, offset + pageHeight))/\(lineCount) lines"
    }

    /// Back to the top (another page is shown).
    mutating func reset() {
        offset = 0
    }

    /// Scrolls by a navigation key's move: a line, a page (less one line), the top or the bottom.
    mutating func scroll(_ move: ListMove) {
        offset = move == .bottom ? lineCount : move.target(from: offset, count: lineCount, page: pageHeight)
        clamp()
    }

    /// Draws the lines from the scroll position; the page's height is the rectangle's.
    /// - Parameters:
    ///   - lines: the whole page.
    ///   - canvas: the canvas.
    ///   - rect: where.
    @MainActor
    mutating func draw(_ lines: [DetailLines.Line], on canvas: Canvas, in rect: Rect) {
        lineCount = lines.count
        pageHeight = rect.height
        clamp()
        DetailLines.draw(lines, on: canvas, in: rect, from: offset)
    }

    private mutating func clamp() {
        offset = max(0, min(offset, lineCount - pageHeight))
    }
}
