/// A grid of cells that views draw on. Every string passes the `CellText` sanitiser and is
/// clipped to the canvas, so no text can move the cursor or spill past a row.
@MainActor
public protocol Canvas: AnyObject {
    /// Rows.
    var height: Int { get }
    /// Columns (cells).
    var width: Int { get }
    /// The sanitiser and width function for this terminal.
    var text: CellText { get }
    /// True when roles show in colour; false in monochrome (`--no-color`, `NO_COLOR`, a `TERM`
    /// without colours), where a view that tells things apart by colour alone marks them
    /// another way (digits, `.strong`, `.underlined`).
    var colorInUse: Bool { get }
    /// Draws text at a row and column, clipped to `maxWidth` cells (and to the canvas).
    /// - Parameters:
    ///   - string: any text; it is sanitised here.
    ///   - row: the row, from 0.
    ///   - column: the column, from 0.
    ///   - maxWidth: the most cells to use; nil for up to the right edge.
    ///   - role: what the text means.
    /// - Returns: the cells used.
    @discardableResult
    func put(_ string: String, row: Int, column: Int, maxWidth: Int?, role: TextRole) -> Int
    /// Paints `width` blank cells with a role's background (for a selected row or a bar).
    func fill(row: Int, column: Int, width: Int, role: TextRole)
    /// Makes every cell blank.
    func clear()
    /// How this canvas draws pictures (`.none`: it draws none, and a view lays out without them).
    var imageColours: ImageColours { get }
    /// Draws a picture in half-blocks with its top left cell at a row and column, clipped to
    /// `maxRows` rows and to the canvas. Nothing is drawn when `imageColours` is `.none`. The
    /// cells just left and right of its rows are drawn blank too (leave them free).
    /// - Parameters:
    ///   - image: the picture.
    ///   - row: the row, from 0.
    ///   - column: the column, from 0.
    ///   - maxRows: the most rows to use.
    func draw(_ image: HalfBlockImage, row: Int, column: Int, maxRows: Int)
}

extension Canvas {
    /// The whole canvas as a rectangle.
    public var bounds: Rect { Rect(row: 0, column: 0, height: height, width: width) }

    /// Draws text with the `.normal` role up to the right edge.
    @discardableResult
    public func put(_ string: String, row: Int, column: Int) -> Int {
        put(string, row: row, column: column, maxWidth: nil, role: .normal)
    }
}
