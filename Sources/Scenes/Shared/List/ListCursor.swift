/// The selection and scroll position of a list view: kept on the same item when rows arrive,
/// clamped to the rows, scrolled so that the selection is always in view. Shared by the list
/// scenes so that they move, page and keep their place the same way.
struct ListCursor<ID: Hashable> {
    /// The selected row, from 0.
    private(set) var index = 0
    /// The selected item's id; nil when there are no rows.
    private(set) var selectedID: ID?
    /// The first row shown.
    private(set) var scrollOffset = 0

    /// Moves the selection to a row, clamped to the rows.
    /// - Parameters:
    ///   - newIndex: the wanted row (may be out of range).
    ///   - count: how many rows there are.
    ///   - id: the id of a row.
    mutating func move(to newIndex: Int, count: Int, id: (Int) -> ID) {
        index = max(0, min(newIndex, count - 1))
        selectedID = count > 0 ? id(index) : nil
    }

    /// Follows a change of the rows: back to the top when the rows are a new list (`reset`) or
    /// the selected item is gone, else onto the selected item's new row.
    /// - Parameters:
    ///   - count: how many rows there are now.
    ///   - reset: true when the rows are a new list (another filter, search or place).
    ///   - id: the id of a row.
    mutating func rowsChanged(count: Int, reset: Bool, id: (Int) -> ID) {
        var target = index
        if reset {
            target = 0
        } else if let selectedID {
            if let found = (0..<count).first(where: { id($0) == selectedID }) {
                target = found
            } else if count > 0 {
                target = 0
            }
        }
        if target == 0 && (reset || selectedID != nil) { scrollOffset = 0 }
        move(to: target, count: count, id: id)
    }

    /// Scrolls as little as needed to keep the selection in view.
    /// - Parameters:
    ///   - visibleRows: rows on screen.
    ///   - totalRows: rows in the list, including a trailing "loading" row.
    /// - Returns: the first row to draw.
    mutating func scroll(visibleRows: Int, totalRows: Int) -> Int {
        if index < scrollOffset { scrollOffset = index }
        if index >= scrollOffset + visibleRows { scrollOffset = index - visibleRows + 1 }
        scrollOffset = max(0, min(scrollOffset, totalRows - visibleRows))
        return scrollOffset
    }

    /// True when the selection is within a screenful (and at least 20 rows) of the end, where
    /// the next page should be asked for.
    func nearsEnd(count: Int, visibleRows: Int) -> Bool {
        index >= count - max(visibleRows, 20)
    }
}
