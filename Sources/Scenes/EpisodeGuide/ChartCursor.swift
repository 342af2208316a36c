/// The ratings chart's cell cursor and scroll: a season (column) and an episode (row), kept on
/// an episode that exists, and the first season and episode on screen, moved as little as
/// needed to keep the cursor in view (sideways for a show wider than the screen, down for a
/// season longer than it).
struct ChartCursor: Equatable {
    /// The season's index in the chart, from 0.
    private(set) var season = 0
    /// The episode's row, from 0 (the season's n-th episode).
    private(set) var row = 0
    /// True when the cursor is on its season's heading (`S1`), above the first episode.
    private(set) var onHeading = false
    /// The first season on screen.
    private(set) var columnOffset = 0
    /// The first episode row on screen.
    private(set) var rowOffset = 0

    /// Moves by seasons and rows, clamped to the chart: a move onto a shorter season lands on
    /// its last episode; up from a first episode goes onto the season's heading, down from the
    /// heading onto the first episode (sideways, the cursor stays on the headings).
    /// - Parameters:
    ///   - seasons: how many seasons to move right (negative: left).
    ///   - rows: how many rows to move down (negative: up).
    ///   - counts: each season's episode count, in order.
    mutating func move(seasons: Int, rows: Int, counts: [Int]) {
        guard !counts.isEmpty else { self = ChartCursor(); return }
        season = max(0, min(season + seasons, counts.count - 1))
        let last = max(0, counts[season] - 1)
        var rows = rows
        if onHeading, rows > 0 {
            onHeading = false
            rows -= 1
        } else if !onHeading, rows < 0, row + rows < 0 {
            onHeading = true
        }
        row = onHeading ? 0 : max(0, min(row + rows, last))
    }

    /// Puts the cursor on a season's first episode.
    /// - Parameters:
    ///   - index: the season's index.
    ///   - counts: each season's episode count.
    mutating func jump(toSeason index: Int, counts: [Int]) {
        row = 0
        season = 0
        onHeading = false
        move(seasons: index, rows: 0, counts: counts)
    }

    /// Scrolls as little as needed to show the cursor.
    /// - Parameters:
    ///   - visibleColumns: seasons that fit across.
    ///   - visibleRows: episode rows that fit down.
    ///   - seasonCount: the chart's seasons.
    ///   - rowCount: the chart's rows (the longest season).
    mutating func scroll(visibleColumns: Int, visibleRows: Int, seasonCount: Int, rowCount: Int) {
        let columns = max(1, visibleColumns), rows = max(1, visibleRows)
        if season < columnOffset { columnOffset = season }
        if season >= columnOffset + columns { columnOffset = season - columns + 1 }
        columnOffset = max(0, min(columnOffset, seasonCount - columns))
        if row < rowOffset { rowOffset = row }
        if row >= rowOffset + rows { rowOffset = row - rows + 1 }
        rowOffset = max(0, min(rowOffset, rowCount - rows))
    }
}
