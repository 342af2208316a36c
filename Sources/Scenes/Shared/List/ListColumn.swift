/// One column of a `ListView`: its heading, where it starts and how wide it is. Scenes lay
/// their columns out for the list's width; the list draws them.
struct ListColumn: Equatable, Sendable {
    /// The heading, for example `Name`.
    var title: String
    /// The column's width in cells; 0 hides it.
    var width: Int
    /// Blank cells before the column (after the previous one, or after the pointer).
    var gap = 1
    /// Cells left blank at the column's end in the rows (the heading may use them), so that a
    /// cut text's ellipsis never touches the next column.
    var pad = 0
    /// True to align the heading and the cells to the right (numbers, distances).
    var alignRight = false
}
