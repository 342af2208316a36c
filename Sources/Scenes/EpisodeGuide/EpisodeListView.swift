import Terminal

/// The selected season's episode list under or beside the chart, on the shared `ListView`: a
/// heading (`Season 1 · 10 episodes · … · average 9.0`), the columns' header, then one row per
/// episode, `✓ S01E09  Baelor  2011-06-12  57 min  9.1  9` (`✓`, or `x` in ASCII, when
/// watched, `✓2` from the second play; the person's rating in a `You` column once they rated
/// any episode of the show), the chart cursor's episode selected.
/// Narrow widths drop the runtime, then the air day; the name takes the room left.
struct EpisodeListView {
    typealias ViewModel = EpisodeGuide.LoadGuide.ViewModel

    private var list = ListView<Int>()

    /// The columns for a width: the watched mark (when the show has any, `markWidth` cells),
    /// code, name, air day, runtime, the source's rating, and the person's (when `yours`).
    static func columns(width: Int, marks: Bool = false, markWidth: Int = 1, yours: Bool = false) -> [ListColumn] {
        let showsDate = width >= 50, showsRuntime = width >= 62
        let fixed =
            1 + (marks ? markWidth + 1 : 0) + (1 + 6) + 2 + (showsDate ? 2 + 10 : 0) + (showsRuntime ? 2 + 7 : 0) + (2 + 6) + (yours ? 2 + 3 : 0)
        let mark = marks ? [ListColumn(title: "", width: markWidth)] : []
        let you = yours ? [ListColumn(title: "You", width: 3, gap: 2, alignRight: true)] : []
        return mark + [
            ListColumn(title: "Ep", width: 6),
            ListColumn(title: "Name", width: max(1, width - fixed), gap: 2, pad: 1),
            ListColumn(title: "Aired", width: showsDate ? 10 : 0, gap: 2),
            ListColumn(title: "Runtime", width: showsRuntime ? 7 : 0, gap: 2, alignRight: true),
            ListColumn(title: "Rating", width: 6, gap: 2, alignRight: true)
        ] + you
    }

    /// Draws the list.
    /// - Parameters:
    ///   - season: the season to list.
    ///   - selectedRow: the cursor's episode, from 0.
    ///   - marks: true to give the watched mark a column (any episode of the show is watched).
    ///   - yours: true to give the person's ratings a column (they rated an episode of the show).
    ///   - canvas: the canvas.
    ///   - rect: where (the heading on its first row).
    @MainActor
    mutating func draw(_ season: ViewModel.Season, selectedRow: Int, marks: Bool = false, yours: Bool = false, on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 2 else { return }
        canvas.put(season.heading, row: rect.row, column: rect.column + 1, maxWidth: rect.width - 1, role: .heading)
        let rows = season.rows
        list.move(to: selectedRow, count: rows.count) { $0 }
        let unrated = Symbols(canvas.text.repertoire).dot
        let watched = Symbols(canvas.text.repertoire).watched
        let color = canvas.colorInUse
        let most = rows.map(\.plays).max() ?? 0
        let markWidth = most >= 100 ? 4 : most >= 10 ? 3 : most >= 2 ? 2 : 1
        let content = ListView<Int>.Content(
            columns: Self.columns(width: rect.width, marks: marks, markWidth: markWidth, yours: yours), nameColumn: marks ? 2 : 1, count: rows.count,
            cells: { index in
                let row = rows[index]
                let mark = marks ? [ListCell(text: row.watched ? watched + (row.plays > 1 ? "\(row.plays)" : "") : "", role: .accent)] : []
                let you = yours ? [ListCell(text: row.yours ?? unrated, role: RatingChartView.role(step: row.yourStep, mark: .none, color: color))] : []
                return mark + [
                    ListCell(text: row.code),
                    ListCell(text: row.name),
                    ListCell(text: row.airDate, role: .dim),
                    ListCell(text: row.runtime, role: .dim),
                    ListCell(text: row.step == nil ? unrated : row.rating, role: RatingChartView.role(step: row.step, mark: .none, color: color))
                ] + you
            },
            emptyMessage: rows.isEmpty ? "No episodes." : nil
        )
        list.draw(on: canvas, in: Rect(row: rect.row + 1, column: rect.column, height: rect.height - 1, width: rect.width), content: content)
    }
}
