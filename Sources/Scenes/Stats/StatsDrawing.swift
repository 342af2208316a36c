import Terminal

/// Draws the Stats scene's content line by line from a scroll position: each part counts its
/// lines whether or not they are on screen, so the content's height is known after a pass.
@MainActor
struct StatsDrawing {
    let canvas: Canvas
    let rect: Rect
    let scroll: Int
    /// The next line of the content (from 0, before scrolling).
    private(set) var line = 0

    /// Makes a pass.
    init(canvas: Canvas, rect: Rect, scroll: Int) {
        self.canvas = canvas
        self.rect = rect
        self.scroll = scroll
    }

    /// Cells between the top lists' columns.
    static let columnGap = 3
    /// The narrowest column of a top list side by side with others.
    static let narrowestColumn = 22

    /// The screen row of the next line, or nil when it is off screen.
    private var row: Int? {
        let y = rect.row + line - scroll
        return y >= rect.row && y < rect.bottom ? y : nil
    }

    /// Draws text on the next line at a column of the rectangle, without moving on.
    @discardableResult
    private func put(_ text: String, at column: Int = 0, width: Int? = nil, role: TextRole = .normal) -> Int {
        guard let row, column < rect.width else { return 0 }
        return canvas.put(text, row: row, column: rect.column + column, maxWidth: min(width ?? rect.width, rect.width - column), role: role)
    }

    /// Draws the whole view model.
    mutating func draw(_ vm: Stats.LoadYear.ViewModel) {
        for (index, text) in vm.summary.enumerated() {
            // Whole, on as many lines as a narrow screen needs.
            for wrapped in canvas.text.wrap(text, toCells: max(1, rect.width)) {
                put(wrapped, role: index == 0 ? .heading : .normal)
                line += 1
            }
        }
        if let empty = vm.emptyMessage {
            for wrapped in canvas.text.wrap(empty, toCells: max(1, rect.width)) {
                put(wrapped, role: .dim)
                line += 1
            }
        }
        if let grid = vm.grid {
            if line > 0 { line += 1 }
            drawGrid(grid)
        }
        if !vm.columns.isEmpty {
            line += 1
            drawColumns(vm.columns)
        }
        if !vm.ratingCounts.isEmpty {
            line += 1
            drawRatings(vm.ratingCounts, line: vm.ratingsLine)
        }
    }

    /// The months' line, seven weekday lines and the legend.
    private mutating func drawGrid(_ grid: StatsGrid) {
        let repertoire = canvas.text.repertoire
        let shades = StatsGrid.shades(repertoire)
        let cell = grid.cellWidth(for: rect.width)
        for label in grid.months {
            put(label.name, at: StatsGrid.labelWidth + label.column * cell, width: 3, role: .heading)
        }
        line += 1
        for weekday in 0..<7 {
            put(StatsGrid.weekdays[weekday], width: 3, role: .dim)
            for (index, column) in grid.columns.enumerated() {
                guard let step = column[weekday] else { continue }
                put(String(repeating: shades[step], count: cell), at: StatsGrid.labelWidth + index * cell, width: cell, role: step == 0 ? .dim : .accent)
            }
            line += 1
        }
        var x = StatsGrid.labelWidth
        x += put("less ", at: x, role: .dim)
        for (step, shade) in shades.enumerated() {
            x += put(shade, at: x, role: step == 0 ? .dim : .accent)
            x += put(" ", at: x)
        }
        put("more", at: x, role: .dim)
        line += 1
    }

    /// The top lists, side by side when each has `narrowestColumn` cells, else one under another.
    private mutating func drawColumns(_ columns: [Stats.LoadYear.ViewModel.Column]) {
        let gaps = (columns.count - 1) * Self.columnGap
        let sideBySide = rect.width - gaps >= columns.count * Self.narrowestColumn
        let width = sideBySide ? min(40, (rect.width - gaps) / columns.count) : rect.width
        let groups = sideBySide ? [columns] : columns.map { [$0] }
        for (index, group) in groups.enumerated() {
            if index > 0 { line += 1 }
            let rows = group.map(\.rows.count).max() ?? 0
            for (i, column) in group.enumerated() { put("Top " + column.title.lowercased(), at: i * (width + Self.columnGap), width: width, role: .heading) }
            line += 1
            for r in 0..<rows {
                for (i, column) in group.enumerated() where r < column.rows.count {
                    let x = i * (width + Self.columnGap)
                    let count = column.rows[r].count
                    let countWidth = canvas.text.width(count)
                    put(canvas.text.fixed(column.rows[r].name, cells: max(1, width - countWidth - 1)), at: x, width: width - countWidth - 1)
                    put(count, at: x + width - countWidth, width: countWidth, role: .accent)
                }
                line += 1
            }
        }
    }

    /// `Ratings  1 2 … 10` over each value's count, then the ratings' line.
    private mutating func drawRatings(_ counts: [Int], line text: String?) {
        let width = max(3, (counts.max().map { String($0).count } ?? 1) + 1)
        let label = "Your ratings "
        let labelWidth = canvas.text.width(label)
        put(label, role: .heading)
        for value in 1...10 { put(canvas.text.fixed(String(value), cells: width, alignRight: true), at: labelWidth + (value - 1) * width, width: width, role: .dim) }
        line += 1
        let none = Symbols(canvas.text.repertoire).dot
        for (index, count) in counts.enumerated() {
            put(canvas.text.fixed(count == 0 ? none : String(count), cells: width, alignRight: true), at: labelWidth + index * width, width: width, role: count == 0 ? .dim : .accent)
        }
        line += 1
        if let text {
            for wrapped in canvas.text.wrap(text, toCells: max(1, rect.width)) {
                put(wrapped)
                line += 1
            }
        }
    }
}
