import Terminal

/// Draws the ratings chart: a heading row of seasons (`S1 S2 …`), one row per episode number
/// (`E1` … at the left, kept in place while the seasons scroll sideways), each cell the
/// rating to one decimal or `·` unrated, the specials' column `Sp` last, the columns' averages
/// (`Avg`), the best and worst episode named, where the specials are, and the scale's legend.
/// A watched episode's cell has `✓` (`x` in ASCII) in its trailing space.
///
/// "You vs source" (`comparing`): the person's ratings in the cells and the averages, on the
/// same scale (an episode they did not rate `·`, dim), the cursor's episode against the
/// source's rating where the best goes (`You vs TVmaze: S01E01 you 9 · TVmaze 8.2 · +0.8`), the
/// whole show's where the worst goes, and the legend led by `you:`.
///
/// Colour: each cell in its step's role (`RatingStep`). Monochrome (`Canvas.colorInUse`
/// false): plain digits, the best episode `.strong` (bold), the worst `.underlined`. ASCII:
/// the same characters but `-` for unrated and `<` `>` for more seasons off screen; no box or
/// block characters in either repertoire.
enum RatingChartView {
    /// Cells of the episode-number column: `E25` and a space.
    static let numberColumnWidth = 4
    /// Cells of one season's column: the rating right-aligned in four (`10.0`), then a space.
    static let cellWidth = 5
    /// Lines under and over the episode rows: the seasons' heading, `Avg`, best and worst (the
    /// specials' note, when there is one, is one more).
    static let fixedLines = 4

    typealias ViewModel = EpisodeGuide.LoadGuide.ViewModel

    /// The cells across the whole chart, every season shown.
    static func fullWidth(seasons: Int) -> Int { numberColumnWidth + seasons * cellWidth }

    /// How many seasons fit across a width.
    static func visibleColumns(width: Int) -> Int { max(1, (width - numberColumnWidth) / cellWidth) }

    /// The role of a rating: its step's colour, or in monochrome plain text with the best
    /// bold and the worst underlined; dim when unrated.
    static func role(step: RatingStep?, mark: ViewModel.Mark, color: Bool) -> TextRole {
        if !color {
            switch mark {
            case .best: return .strong
            case .worst: return .underlined
            case .none: return step == nil ? .dim : .normal
            }
        }
        guard let step else { return .dim }
        switch step {
        case .poor: return .ratingPoor
        case .weak: return .ratingWeak
        case .fair: return .ratingFair
        case .good: return .ratingGood
        case .great: return .ratingGreat
        case .excellent: return .ratingExcellent
        }
    }

    /// Draws the chart in a rectangle.
    /// - Parameters:
    ///   - vm: the view model.
    ///   - cursor: the cell cursor, already scrolled for this rectangle.
    ///   - visibleRows: the episode rows to draw.
    ///   - legend: true to draw the legend line under the best, the worst and the note.
    ///   - comparing: true for the "you vs source" chart.
    ///   - canvas: the canvas.
    ///   - rect: where.
    @MainActor
    static func draw(_ vm: ViewModel, cursor: ChartCursor, visibleRows: Int, legend: Bool, comparing: Bool = false, on canvas: Canvas, in rect: Rect) {
        guard rect.width > numberColumnWidth, rect.height > 0, !vm.seasons.isEmpty else { return }
        let color = canvas.colorInUse
        let unicode = canvas.text.repertoire == .unicode
        let unrated = Symbols(canvas.text.repertoire).dot
        let watched = Symbols(canvas.text.repertoire).watched
        let columns = min(visibleColumns(width: rect.width), vm.seasons.count - cursor.columnOffset)
        let shown = cursor.columnOffset..<(cursor.columnOffset + max(0, columns))
        let right = rect.right
        func x(_ index: Int) -> Int { rect.column + numberColumnWidth + (index - cursor.columnOffset) * cellWidth }
        func put(_ text: String, _ y: Int, _ column: Int, _ width: Int, _ role: TextRole, alignRight: Bool = true) {
            guard y < rect.bottom, column < right else { return }
            canvas.put(canvas.text.fixed(text, cells: width, alignRight: alignRight), row: y, column: column, maxWidth: min(width, right - column), role: role)
        }

        // The seasons' heading, with `‹` `›` when seasons are off screen either side.
        var y = rect.row
        if cursor.columnOffset > 0 { put(unicode ? "‹" : "<", y, rect.column, 1, .accent, alignRight: false) }
        for index in shown {
            let headingRole: TextRole = index != cursor.season ? .heading : cursor.onHeading ? .selected : .accent
            put(vm.seasons[index].title, y, x(index), cellWidth - 1, headingRole)
        }
        // `›` goes in the last shown season's trailing space, the last cell the columns use,
        // so it stays on screen however narrow the chart.
        if shown.upperBound < vm.seasons.count, !shown.isEmpty {
            put(unicode ? "›" : ">", y, x(shown.upperBound) - 1, 1, .accent, alignRight: false)
        }

        // One row per episode number.
        for r in cursor.rowOffset..<min(vm.rowCount, cursor.rowOffset + max(0, visibleRows)) {
            y += 1
            put("E\(r + 1)", y, rect.column, numberColumnWidth - 1, r == cursor.row && !cursor.onHeading ? .accent : .dim)
            for index in shown {
                let cells = vm.seasons[index].cells
                guard r < cells.count else { continue }
                let cell = cells[r]
                let selected = index == cursor.season && r == cursor.row && !cursor.onHeading
                let cellRole = comparing ? role(step: cell.yourStep, mark: .none, color: color) : role(step: cell.step, mark: cell.mark, color: color)
                put((comparing ? cell.yours : cell.rating) ?? unrated, y, x(index), cellWidth - 1, selected ? .selected : cellRole)
                // A watched episode: its mark in the cell's trailing space, so it shows in any
                // colour setting.
                if cell.watched { put(watched, y, x(index) + cellWidth - 1, 1, .accent, alignRight: false) }
            }
        }

        // The seasons' averages.
        y += 1
        put("Avg", y, rect.column, numberColumnWidth - 1, .heading)
        for index in shown {
            let season = vm.seasons[index]
            let (average, step) = comparing ? (season.yourAverage, season.yourAverageStep) : (season.average, season.averageStep)
            put(average ?? unrated, y, x(index), cellWidth - 1, role(step: step, mark: .none, color: color))
        }

        // The best and the worst episode, then the legend.
        let width = rect.width
        if comparing {
            // The cursor's episode against the source, then the whole show.
            for (line, lineRole) in [(comparisonLine(vm, cursor: cursor), TextRole.normal), (vm.comparisonSummary, .dim)] where y + 1 < rect.bottom {
                y += 1
                canvas.put(line, row: y, column: rect.column, maxWidth: width, role: lineRole)
            }
        } else if let unratedMessage = vm.unratedMessage {
            // Said whole, on as many lines as it needs (and has).
            for line in canvas.text.wrap(unratedMessage, toCells: max(1, width)) where y + 1 < rect.bottom {
                y += 1
                canvas.put(line, row: y, column: rect.column, maxWidth: width, role: .normal)
            }
        }
        if !comparing, let best = vm.best, y + 1 < rect.bottom {
            y += 1
            canvas.put(best, row: y, column: rect.column, maxWidth: width, role: color ? .normal : .strong)
        }
        if !comparing, let worst = vm.worst, y + 1 < rect.bottom {
            y += 1
            canvas.put(worst, row: y, column: rect.column, maxWidth: width, role: color ? .normal : .underlined)
        }
        // Where the specials are, whole, on a line of its own (the layout leaves it room).
        if let note = vm.note, y + 1 < rect.bottom {
            y += 1
            canvas.put(note, row: y, column: rect.column, maxWidth: width, role: .dim)
        }
        guard legend, y + 1 < rect.bottom else { return }
        y += 1
        drawLegend(
            color: color, unrated: unrated, watched: vm.seasons.contains { $0.cells.contains(where: \.watched) } ? watched : nil, comparing: comparing,
            on: canvas, row: y, column: rect.column, width: width, rows: rect.bottom - y)
    }

    /// `You vs TVmaze: S01E01 you 9 · TVmaze 8.2 · +0.8` for the cursor's episode; the title
    /// alone on a season's heading.
    static func comparisonLine(_ vm: ViewModel, cursor: ChartCursor) -> String {
        guard !cursor.onHeading, vm.seasons.indices.contains(cursor.season) else { return vm.comparisonTitle }
        let season = vm.seasons[cursor.season]
        guard season.cells.indices.contains(cursor.row), season.rows.indices.contains(cursor.row) else { return vm.comparisonTitle }
        return vm.comparisonTitle + ": " + season.rows[cursor.row].code + " " + season.cells[cursor.row].comparison
    }

    /// The narrowest legend whose steps are named over two lines (`good 8.0  great 8.5  excellent 9+`
    /// and the separator), in cells.
    static let twoLineLegendWidth = 35

    /// The scale's legend (`poor <6  weak 6.0  fair 7.0  good 8.0  great 8.5  excellent 9+`,
    /// each in its colour; in under 76 cells the same over two lines when there are two rows
    /// and `twoLineLegendWidth` cells, else `<6 6.0 7.0 8.0 8.5 9+`) or, in monochrome, what
    /// bold and underlined mean.
    @MainActor
    private static func drawLegend(
        color: Bool, unrated: String, watched: String?, comparing: Bool, on canvas: Canvas, row: Int, column: Int, width: Int, rows: Int
    ) {
        var x = column
        var y = row
        let end = column + width
        func part(_ text: String, _ role: TextRole) {
            guard x < end else { return }
            x += canvas.put(text, row: y, column: x, maxWidth: end - x, role: role)
        }
        // The "you vs source" chart says whose ratings the cells are.
        let lead = comparing ? 5 : 0
        if comparing { part("you: ", .accent) }
        if color {
            // The steps named when the line has room (or two lines do), else their lower bounds alone.
            let oneLine = width >= 76 + lead
            let named = oneLine || (rows >= 2 && width >= twoLineLegendWidth + lead)
            for step in RatingStep.allCases {
                if named && !oneLine && step == .good {
                    y += 1
                    x = column
                }
                let bound = step == .poor ? "<6" : step == .excellent ? "9+" : ShowFormatting.rating(step.lowerBound)
                part(named ? step.name + " " + bound : bound, role(step: step, mark: .none, color: true))
                part(named ? "  " : " ", .normal)
            }
            if named && !oneLine {
                y += 1
                x = column
            }
            if !named { part(" ", .normal) }
        } else if !comparing {
            part("bold", .strong)
            part(" best  ", .dim)
            part("underlined", .underlined)
            part(" worst  ", .dim)
        }
        // The end is never cut: "unrated" goes whole or not at all.
        if end - x >= canvas.text.width(unrated + " unrated") { part(unrated + " unrated", .dim) }
        if let watched, end - x >= canvas.text.width("  " + watched + " watched") {
            part("  ", .normal)
            part(watched, .accent)
            part(" watched", .dim)
        }
    }
}
