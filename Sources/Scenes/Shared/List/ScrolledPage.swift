import Terminal

/// A page of laid-out lines taller than the screen, scrolled by the navigation keys
/// (`ListMove`): the show details and a place's details.
///
/// The position asked for is kept as asked and clamped to the page as last drawn when it is
/// shown, so that scrolls pressed while the page still fits the screen (a show's details
/// arriving after its listed facts) take effect when the rest arrives.
struct ScrolledPage {
    /// The position asked for: the first line, before clamping to the page.
    private var wanted = 0
    /// The lines shown at once (the height last drawn).
    private(set) var pageHeight = 10
    /// The page's lines (as last drawn).
    private(set) var lineCount = 0

    /// The first line shown.
    var offset: Int {
        max(0, min(wanted, lineCount - pageHeight))
    }

    /// The position for the status bar: the last line shown of all, for example `24/80 lines`;
    /// empty when the page fits.
    var position: String {
        lineCount <= pageHeight ? "" : "\(min(lineCount, offset + pageHeight))/\(lineCount) lines"
    }

    /// Back to the top (another page is shown).
    mutating func reset() {
        wanted = 0
    }

    /// Scrolls by a navigation key's move: a line, a page (less one line), the top or the
    /// bottom. On a page that scrolls, the move starts from the line shown; on one that fits
    /// (it may still grow), from the position asked for so far.
    mutating func scroll(_ move: ListMove) {
        let from = lineCount > pageHeight ? offset : wanted
        wanted = move == .bottom ? Int.max / 2 : max(0, move.target(from: from, count: lineCount, page: pageHeight))
    }

    /// Scrolls as little as needed to show some lines (a picked item), their first line when
    /// they do not all fit.
    /// - Parameters:
    ///   - lines: the lines' indices in the page.
    ///   - pageHeight: the lines shown at once.
    mutating func reveal(_ lines: ClosedRange<Int>, pageHeight: Int) {
        var top = offset
        if lines.upperBound >= top + pageHeight { top = lines.upperBound - pageHeight + 1 }
        if lines.lowerBound < top { top = lines.lowerBound }
        wanted = top
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
        DetailLines.draw(lines, on: canvas, in: rect, from: offset)
    }
}
