import Terminal

/// The list view every list scene draws with, as bubbles' `list` (charmbracelet): the
/// selection and scroll position (`ListCursor`), the name filter (`FilterField`), the moves of
/// the navigation keys (`ListMove`), the column header, the rows, the favourite marks, a
/// "loading more" row, the empty state and where the rows were drawn (for mouse clicks).
/// Scenes give the columns and each row's cells (`Content`); the list draws them:
///
/// ```swift
/// private var list = ListView<Int>()           // in the ViewController
/// // keys: the scene's key map starts with ListMove.bindings(…, action: Action.move)
/// case .move(let move): list.move(move, count: rows.count) { rows[$0].id }
/// // draw:
/// list.draw(on: canvas, in: rect, content: .init(
///     columns: [ListColumn(title: "Name", width: 30, pad: 1), ListColumn(title: "Rating", width: 6)],
///     nameColumn: 0, count: rows.count,
///     cells: { [ListCell(text: rows[$0].name), ListCell(text: rows[$0].rating, role: .accent)] },
///     emptyMessage: viewModel.emptyMessage))
/// ```
///
/// A row is drawn as the pointer (`▌`, `>` in ASCII) in the first cell, then the columns. The
/// selection is the pointer and reverse video, so it shows without colour: across the rest of
/// the row, every column in it, in a list wider than `wholeRowSelectionWidth` (where the eye
/// could not follow the name to its rating), and over the name's own cells in a narrower one,
/// where a move then rewrites only the two pointers and the two names (curses sends only
/// changed cells): about 110 B a move at 80 columns instead of about 275 B.
struct ListView<ID: Hashable> {
    /// What a scene gives to draw one frame of its list.
    struct Content {
        /// The columns, left to right.
        var columns: [ListColumn]
        /// The column of the name: it carries the selection and the favourite mark.
        var nameColumn: Int
        /// How many rows there are.
        var count: Int
        /// The cells of a row, one for each column (hidden ones included).
        var cells: (Int) -> [ListCell]
        /// True when a row is a favourite: `♥ ` (`<3 ` in ASCII) goes before its name.
        var isMarked: (Int) -> Bool = { _ in false }
        /// Shown instead of the rows when there are none (loading, nothing found, a failure).
        var emptyMessage: String?
        /// What `emptyMessage` means, as the Presenter said: a failure is drawn `.error`,
        /// information `.dim`.
        var emptyStyle: MessageStyle = .info
        /// The row after the last while the next page loads, for example `Loading more shows…`;
        /// nil when no page is loading.
        var loadingMore: String?
        /// The count on the filter bar, for example `12 of 700 shows`.
        var countLabel = ""
    }

    /// The widest list, in cells, whose selection is reverse video over the name only; wider
    /// lists mark the selected row across their whole width.
    static var wholeRowSelectionWidth: Int { 100 }

    /// The selection and the scroll position.
    private(set) var cursor = ListCursor<ID>()
    /// The name filter (`/`) and its bar under the rows.
    var filter = FilterField()
    /// The rows shown in the last frame drawn (a page's height).
    private(set) var visibleRows = 10
    /// Where the rows were last drawn; empty while the empty state is shown.
    private(set) var rowsFrame = ListRowsFrame()

    // MARK: Moves

    /// Moves the selection by one of the navigation keys' moves.
    /// - Parameters:
    ///   - move: the move; a page is the rows on screen less one.
    ///   - count: how many rows there are.
    ///   - id: the id of a row.
    mutating func move(_ move: ListMove, count: Int, id: (Int) -> ID) {
        self.move(to: move.target(from: cursor.index, count: count, page: visibleRows), count: count, id: id)
    }

    /// Moves the selection to a row, clamped to the rows.
    mutating func move(to index: Int, count: Int, id: (Int) -> ID) {
        cursor.move(to: index, count: count, id: id)
    }

    /// Follows a change of the rows; see `ListCursor.rowsChanged(count:reset:id:)`.
    mutating func rowsChanged(count: Int, reset: Bool, id: (Int) -> ID) {
        cursor.rowsChanged(count: count, reset: reset, id: id)
    }

    /// True when the selection is near enough to the end that the next page should be asked for.
    /// - Parameter count: how many rows are loaded.
    func nearsEnd(count: Int) -> Bool {
        cursor.nearsEnd(count: count, visibleRows: visibleRows)
    }

    /// The position for the status bar, for example `3/700`, or `3/60+` when more can load;
    /// empty when there are no rows.
    func position(count: Int, more: Bool = false) -> String {
        count == 0 ? "" : "\(cursor.index + 1)/\(count)" + (more ? "+" : "")
    }

    /// Handles a mouse click: a click on a row selects it; a second click on the selected row
    /// opens it.
    /// - Parameters:
    ///   - click: the click.
    ///   - count: how many rows there are.
    ///   - id: the id of a row.
    /// - Returns: what it did, or nil when it fell outside the rows.
    mutating func click(_ click: SceneClick, count: Int, id: (Int) -> ID) -> ListClick? {
        guard let index = rowsFrame.index(row: click.row, column: click.column), index < count else { return nil }
        if click.count == 2 && index == cursor.index { return .open }
        move(to: index, count: count, id: id)
        return .selected
    }

    // MARK: Drawing

    /// Draws the header on the first row of `rect`, the rows (or the empty state) under it, and
    /// the filter bar on the last row while it is shown.
    /// - Parameters:
    ///   - canvas: the canvas.
    ///   - rect: the list's rectangle, header included.
    ///   - content: the columns and rows.
    @MainActor
    mutating func draw(on canvas: Canvas, in rect: Rect, content: Content) {
        guard rect.height > 0, rect.width > 0 else { return }
        let symbols = Symbols(canvas.text.repertoire)
        let showFilterBar = filter.isVisible
        let listTop = rect.row + 1
        visibleRows = max(1, rect.height - 1 - (showFilterBar ? 1 : 0))
        rowsFrame = ListRowsFrame()
        drawHeader(canvas, rect: rect, columns: content.columns)
        if let message = content.emptyMessage {
            let lines = canvas.text.wrap(message, toCells: max(1, rect.width - 4))
            for (i, line) in lines.prefix(min(visibleRows, rect.height - 1)).enumerated() {
                canvas.put(line, row: listTop + i, column: rect.column + 2, maxWidth: rect.width - 2, role: content.emptyStyle.role)
            }
        } else if rect.height > 1 {
            // Keep the selection in view; an extra row shows "loading more".
            let total = content.count + (content.loadingMore == nil ? 0 : 1)
            let first = cursor.scroll(visibleRows: visibleRows, totalRows: total)
            rowsFrame = ListRowsFrame(top: listTop, left: rect.column, width: rect.width, rows: visibleRows, first: first)
            for line in 0..<visibleRows {
                let index = first + line
                if index < content.count {
                    drawRow(canvas, index, y: listTop + line, rect: rect, content: content, symbols: symbols)
                } else if index == content.count, let loading = content.loadingMore {
                    let x = Self.start(of: content.nameColumn, in: content.columns, left: rect.column)
                    canvas.put(loading, row: listTop + line, column: x, maxWidth: max(0, rect.right - x), role: .dim)
                }
            }
        }
        if showFilterBar {
            filter.draw(on: canvas, row: rect.bottom - 1, in: rect, countLabel: content.countLabel, symbols: symbols)
        }
    }

    /// Draws the selected row alone on the first row of `rect` (under a map that replaces the
    /// list); nothing when no row is selected.
    @MainActor
    func drawSelectedRow(on canvas: Canvas, in rect: Rect, content: Content) {
        guard rect.height > 0, content.count > cursor.index else { return }
        drawRow(canvas, cursor.index, y: rect.row, rect: rect, content: content, symbols: Symbols(canvas.text.repertoire))
    }

    /// Forgets where the rows were drawn (the list is not on screen), so that no click finds one.
    mutating func hide() {
        rowsFrame = ListRowsFrame()
    }

    /// The screen column where a column starts: after the pointer cell and the columns and
    /// gaps before it.
    static func start(of column: Int, in columns: [ListColumn], left: Int) -> Int {
        var x = left + 1
        for (i, c) in columns.enumerated() where c.width > 0 {
            x += c.gap
            if i == column { return x }
            x += c.width
        }
        return x
    }

    @MainActor
    private func drawHeader(_ canvas: Canvas, rect: Rect, columns: [ListColumn]) {
        var x = rect.column + 1
        for column in columns where column.width > 0 {
            x += column.gap
            let room = min(column.width, rect.right - x)
            guard room > 0 else { break }
            let title = column.alignRight ? canvas.text.fixed(column.title, cells: room, alignRight: true) : column.title
            canvas.put(title, row: rect.row, column: x, maxWidth: room, role: .heading)
            x += column.width
        }
    }

    @MainActor
    private func drawRow(_ canvas: Canvas, _ index: Int, y: Int, rect: Rect, content: Content, symbols: Symbols) {
        let selected = index == cursor.index
        canvas.put(selected ? symbols.pointer : " ", row: y, column: rect.column, maxWidth: 1, role: selected ? .accent : .normal)
        let cells = content.cells(index)
        // Wider than `wholeRowSelectionWidth`, the selected row is reverse video across the
        // list's whole width, every column in it, so the eye follows it from the name to the
        // rating; narrower, over the name only, which costs a move half the bytes.
        let wholeRow = selected && rect.width > Self.wholeRowSelectionWidth
        if wholeRow { canvas.fill(row: y, column: rect.column + 1, width: rect.width - 1, role: .selected) }
        var x = rect.column + 1
        for (i, column) in content.columns.enumerated() where column.width > 0 {
            x += column.gap
            let room = min(column.width - column.pad, rect.right - x)
            guard room > 0 else { break }
            var cell = i < cells.count ? cells[i] : ListCell(text: "")
            if i == content.nameColumn {
                let mark = content.isMarked(index) ? symbols.favourite + " " : ""
                cell = ListCell(text: mark + cell.text, role: cell.role, highlights: cell.highlights.map { $0 + mark.count })
            }
            if wholeRow || (selected && i == content.nameColumn) { cell.role = .selected }
            let text = column.alignRight ? canvas.text.fixed(cell.text, cells: room, alignRight: true) : cell.text
            let used = canvas.put(text, row: y, column: x, maxWidth: room, role: cell.role)
            if !cell.highlights.isEmpty {
                // A cut text ends in an ellipsis: its last cell is not the text's.
                let limit = x + (canvas.text.width(cell.text) > used ? used - 1 : used)
                drawHighlights(canvas, cell, from: x, upTo: limit, y: y, selected: cell.role == .selected)
            }
            x += column.width
        }
    }

    /// Draws again, highlighted, the characters the filter matched that are shown whole
    /// before `limit`.
    @MainActor
    private func drawHighlights(_ canvas: Canvas, _ cell: ListCell, from start: Int, upTo limit: Int, y: Int, selected: Bool) {
        var wanted = cell.highlights.makeIterator()
        var next = wanted.next()
        var x = start
        for (index, character) in cell.text.enumerated() {
            guard let target = next else { return }
            let text = String(character)
            let width = canvas.text.width(text)
            if x + width > limit { return }
            if index == target {
                canvas.put(text, row: y, column: x, maxWidth: width, role: selected ? .selectedMatch : .match)
                next = wanted.next()
            }
            x += width
        }
    }
}
