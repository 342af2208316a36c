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

    /// The poster in half-blocks, scaled (area-averaged) to the box when the box is smaller than
    /// the decoded poster, and kept until the poster or the box changes.
    struct Cache {
        private var key: (RGBImage, Int, Int)?
        private var made: HalfBlockImage?

        /// The half-blocks of a poster for a box; nil without a poster.
        mutating func image(_ poster: RGBImage?, fitting box: Rect) -> HalfBlockImage? {
            guard let poster else { return nil }
            if let key, key.0 == poster, key.1 == box.width, key.2 == box.height { return made }
            let size = poster.fitting(width: box.width, height: box.height * 2)
            let scaled = size.width < poster.width || size.height < poster.height ? poster.areaAveraged(width: size.width, height: size.height) : poster
            key = (poster, box.width, box.height)
            made = HalfBlockImage(width: scaled.width, height: scaled.height, rgb: scaled.pixels)
            return made
        }
    }
}
