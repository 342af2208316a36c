import Domain
import Terminal

/// Where the details page puts the show's poster: at 100 columns and more, a box on the right
/// (30 columns, up to 22 rows, at most 3/5 of the page's height), and the page in the columns
/// left of it. The page's first lines, as many as the box's rows, stay beside it; the rest
/// scroll below them. So scrolling never moves or rewrites a row that holds the poster (ncurses
/// would otherwise scroll those rows with the text and then write the poster again).
struct PosterLayout: Equatable {
    /// The poster's box.
    let box: Rect
    /// The page's columns, left of the box.
    let text: Rect
    /// The page's lines that stay beside the box.
    var pinnedRows: Int { box.height }

    /// The layout for a page's rectangle, or nil when no poster is shown (none to show, no
    /// pictures on this terminal, or fewer than 100 columns).
    /// - Parameters:
    ///   - rect: the page's rectangle.
    ///   - shown: a poster is to be shown (the show has one and the terminal draws pictures).
    init?(rect: Rect, shown: Bool) {
        let size = ShowDetail.posterBox
        guard shown, rect.width >= ShowDetail.posterMinimumWidth, rect.height >= 8 else { return nil }
        let rows = min(size.rows, rect.height * 3 / 5)
        box = Rect(row: rect.row, column: rect.column + rect.width - size.columns - 1, height: rows, width: size.columns)
        text = Rect(row: rect.row, column: rect.column, height: rect.height, width: rect.width - size.columns - 2)
    }
}
