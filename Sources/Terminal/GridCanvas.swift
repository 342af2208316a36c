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
    /// How pictures are drawn (`.none` unless a test says otherwise).
    public var imageColours: ImageColours = .none
    /// The pictures drawn, with their top left cells, in order.
    public private(set) var images: [(image: HalfBlockImage, row: Int, column: Int)] = []

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
            cells[row][x] = Cell(text: text.render(glyph), role: role)
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

    /// Blanks every cell and forgets the pictures drawn.
    public func clear() {
        for y in 0..<height { fill(row: y, column: 0, width: width, role: .normal) }
        images = []
    }

    /// Draws a picture as `▀` cells (colours are not kept) and records it; see
    /// `Canvas.draw(_:row:column:maxRows:)`.
    public func draw(_ image: HalfBlockImage, row: Int, column: Int, maxRows: Int) {
        guard imageColours != .none else { return }
        images.append((image, row, column))
        for y in row..<max(row, min(height, row + min(maxRows, image.rows))) where y >= 0 {
            for x in column..<max(column, min(width, column + image.columns)) where x >= 0 {
                cells[y][x] = Cell(text: "▀", role: .normal)
            }
        }
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
