/// What a piece of text means on screen; the screen maps each role to attributes and colours
/// (colour when the terminal has it and the person wants it, attributes only otherwise).
public enum TextRole: Sendable, Hashable, CaseIterable {
    /// Ordinary text.
    case normal
    /// A title or column header.
    case heading
    /// The selected row (reverse video, so it shows without colour).
    case selected
    /// Secondary text: placeholders, hints.
    case dim
    /// A highlight: ratings, the active tab, matches.
    case accent
    /// The status bar.
    case status
    /// An error or warning.
    case error
    /// A border or rule.
    case border
    /// The characters a filter matched, in an unselected row (underlined).
    case match
    /// The characters a filter matched, in the selected row (reverse video and underlined).
    case selectedMatch
    /// The six steps of a rating scale, from poor to excellent (a ratings chart's cells): each
    /// its own colour when colour is in use, plain text otherwise (see `Canvas.colorInUse`).
    case ratingPoor, ratingWeak, ratingFair, ratingGood, ratingGreat, ratingExcellent
    /// Emphasis without colour: bold (the best of a set, in monochrome).
    case strong
    /// Emphasis without colour: underlined (the worst of a set, in monochrome).
    case underlined
}

/// A rectangle of cells: row and column of its top-left corner, its height and width.
public struct Rect: Sendable, Hashable {
    /// The top row, from 0.
    public var row: Int
    /// The left column, from 0.
    public var column: Int
    /// Rows.
    public var height: Int
    /// Columns (cells).
    public var width: Int

    /// Makes a rectangle; negative sizes become 0.
    public init(row: Int, column: Int, height: Int, width: Int) {
        self.row = row
        self.column = column
        self.height = max(0, height)
        self.width = max(0, width)
    }

    /// The row below the rectangle.
    public var bottom: Int { row + height }
    /// The column right of the rectangle.
    public var right: Int { column + width }
}

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

/// A canvas held in memory: what plain-text output prints, and what tests read cell by cell.
@MainActor
public final class GridCanvas: Canvas {
    /// One cell: its text (a glyph, "" for the right half of a wide glyph) and role.
    public struct Cell: Equatable, Sendable {
        /// The glyph's text; a space when blank; "" for the second cell of a wide glyph.
        public var text: String
        /// The role it was drawn with.
        public var role: TextRole
    }

    /// Rows.
    public let height: Int
    /// Columns (cells).
    public let width: Int
    /// The sanitiser and width function used for every string drawn.
    public let text: CellText
    /// Whether roles are meant to show in colour (see `Canvas.colorInUse`).
    public let colorInUse: Bool
    /// The cells, row by row.
    public private(set) var cells: [[Cell]]

    /// Makes a blank canvas.
    /// - Parameters:
    ///   - width: columns (0 or more).
    ///   - height: rows (0 or more).
    ///   - text: the sanitiser (default: Unicode).
    ///   - colorInUse: false to stand for a monochrome terminal.
    public init(width: Int, height: Int, text: CellText = CellText(repertoire: .unicode), colorInUse: Bool = true) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.text = text
        self.colorInUse = colorInUse
        self.cells = Array(repeating: Array(repeating: Cell(text: " ", role: .normal), count: max(0, width)), count: max(0, height))
    }

    /// Draws sanitised text into the cells; see `Canvas.put(_:row:column:maxWidth:role:)`.
    @discardableResult
    public func put(_ string: String, row: Int, column: Int, maxWidth: Int?, role: TextRole) -> Int {
        guard row >= 0, row < height, column >= 0, column < width else { return 0 }
        let room = min(width - column, maxWidth ?? Int.max)
        let glyphs = text.fit(text.glyphs(string), cells: room)
        var x = column
        for glyph in glyphs {
            cells[row][x] = Cell(text: text.render([glyph]), role: role)
            if glyph.width == 2 { cells[row][x + 1] = Cell(text: "", role: role) }
            x += glyph.width
        }
        return x - column
    }

    /// Blanks `count` cells with a role; see `Canvas.fill(row:column:width:role:)`.
    public func fill(row: Int, column: Int, width count: Int, role: TextRole) {
        guard row >= 0, row < height else { return }
        let start = max(0, column)
        let end = min(width, column + count)
        guard start < end else { return }
        for x in start..<end { cells[row][x] = Cell(text: " ", role: role) }
    }

    /// Blanks every cell.
    public func clear() {
        for y in 0..<height { fill(row: y, column: 0, width: width, role: .normal) }
    }

    /// The text of one row, as a terminal would show it.
    /// - Parameter row: the row, from 0.
    /// - Returns: the row's characters (wide glyphs once), trailing blanks kept.
    public func line(_ row: Int) -> String {
        guard row >= 0, row < height else { return "" }
        return cells[row].map(\.text).joined()
    }

    /// Every row joined by newlines, trailing blanks removed from each row.
    public var plainText: String {
        (0..<height).map { row in
            var s = line(row)
            while s.hasSuffix(" ") { s.removeLast() }
            return s
        }.joined(separator: "\n")
    }
}
