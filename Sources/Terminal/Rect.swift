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
