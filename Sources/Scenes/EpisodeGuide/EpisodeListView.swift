import Terminal

/// Draws the selected season's episode list under or beside the chart: a heading (`Season 1 ·
/// 10 episodes · … · average 9.0`), then one row per episode, `S01E09  Baelor  2011-06-12
/// 57 min  9.1`, the cursor's episode selected. Narrow widths drop the runtime, then the air
/// day; the name takes the room left.
enum EpisodeListView {
    typealias ViewModel = EpisodeGuide.LoadGuide.ViewModel

    /// Draws the list.
    /// - Parameters:
    ///   - season: the season to list.
    ///   - selectedRow: the cursor's episode, from 0.
    ///   - canvas: the canvas.
    ///   - rect: where (the heading on its first row).
    @MainActor
    static func draw(_ season: ViewModel.Season, selectedRow: Int, on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 2 else { return }
        let text = canvas.text
        canvas.put(season.heading, row: rect.row, column: rect.column + 1, maxWidth: rect.width - 1, role: .heading)
        let visible = rect.height - 1
        guard visible > 0, !season.rows.isEmpty else { return }
        let offset = max(0, min(selectedRow - visible + 1, season.rows.count - visible))
        let showsDate = rect.width >= 50, showsRuntime = rect.width >= 62
        let fixedCells = 2 + 6 + 2 + (showsDate ? 12 : 0) + (showsRuntime ? 9 : 0) + 6
        let nameCells = max(1, rect.width - fixedCells)
        for (i, row) in season.rows.enumerated().dropFirst(offset).prefix(visible) {
            let y = rect.row + 1 + i - offset
            let selected = i == selectedRow
            var x = rect.column
            func put(_ string: String, _ cells: Int, _ role: TextRole, alignRight: Bool = false) {
                guard x < rect.right else { return }
                x += canvas.put(text.fixed(string, cells: cells, alignRight: alignRight), row: y, column: x, maxWidth: rect.right - x, role: role)
            }
            put(selected ? Symbols(text.repertoire).pointer : " ", 1, .accent)
            put(" ", 1, .normal)
            put(row.code, 6, selected ? .selected : .normal)
            put("  ", 2, .normal)
            put(row.name, nameCells, selected ? .selected : .normal)
            if showsDate { put("  " + row.airDate, 12, .dim) }
            if showsRuntime { put(row.runtime, 9, .dim, alignRight: true) }
            put("  ", 2, .normal)
            let rating = row.step == nil ? Symbols(text.repertoire).dot : row.rating
            put(rating, 4, RatingChartView.role(step: row.step, mark: .none, color: canvas.colorInUse), alignRight: true)
        }
    }
}
