/// Where a list's rows were last drawn on the screen, for turning a mouse click into a row.
struct ListRowsFrame: Equatable, Sendable {
    /// The screen row of the first row shown.
    var top = 0
    /// The screen column where the rows start.
    var left = 0
    /// The rows' width in cells.
    var width = 0
    /// How many rows are shown.
    var rows = 0
    /// The index of the first row shown.
    var first = 0

    /// The index of the row drawn at a screen cell, or nil when the cell is outside the rows.
    /// - Parameters:
    ///   - row: the screen row.
    ///   - column: the screen column.
    /// - Returns: the row's index (it may be past the list's end, when the list is short).
    func index(row: Int, column: Int) -> Int? {
        guard row >= top, row < top + rows, column >= left, column < left + width else { return nil }
        return first + row - top
    }
}
