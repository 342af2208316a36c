import Domain
import Terminal

/// The shows list's column widths (sharing a wide terminal's room).
extension PopularListViewController {
    /// The columns for a list width. Up to 120 cells: fixed widths for all but the name, which
    /// takes the rest (columns given up, least useful first, until it has 16). Wider, the room
    /// beyond 120 goes first to Genres and Network, each up to what its longest text needs
    /// (`wanted`, at most 60 and 40 cells), and the name takes the rest.
    /// - Parameters:
    ///   - width: the list's width, in cells.
    ///   - rankDigits: the digits of the largest rank.
    ///   - wanted: the cells the longest genres and network need; 0 when not measured.
    /// - Returns: each column's width.
    static func columns(width: Int, rankDigits: Int, wanted: (genres: Int, network: Int) = (0, 0)) -> Columns {
        let rank = max(2, rankDigits)
        var c = Columns(rank: rank, name: 0, years: 9, genres: width >= 100 ? 24 : 16, rating: 6, network: 14)
        func fixed() -> Int {
            // marker + rank + each shown column with its leading gap
            1 + c.rank + 1 + [c.years, c.genres, c.rating, c.network].filter { $0 > 0 }.reduce(0) { $0 + $1 + 1 }
        }
        // Give columns up, least useful first, until the name has room.
        let order: [WritableKeyPath<Columns, Int>] = [\.genres, \.network, \.years, \.rating]
        for path in order where width - fixed() < 16 {
            c[keyPath: path] = 0
        }
        var extra = width - Self.sharedFrom
        // Genres keeps a cell of padding, so that a cut text's ellipsis never meets the rating.
        for (path, target) in [(\Columns.genres, min(wanted.genres + 1, 60)), (\Columns.network, min(wanted.network, 40))] where extra > 0 {
            let grown = min(extra, max(0, target - c[keyPath: path]))
            c[keyPath: path] += grown
            extra -= grown
        }
        c.name = max(1, width - fixed())
        return c
    }

    /// The list width, in cells, beyond which the columns share the room (`columns(width:…)`).
    static let sharedFrom = 120

    /// The most rows whose genres and network are measured for a wide list's columns.
    static let measuredRows = 500

    /// The cells the longest genres and network of the first `measuredRows` rows need, kept
    /// until the rows change.
    func wantedWidths(_ rows: PopularList.LoadShows.ViewModel.Rows, text: CellText) -> (genres: Int, network: Int) {
        if let measured = measuredWidths { return measured }
        var wanted = (genres: 0, network: 0)
        for index in 0..<min(rows.count, Self.measuredRows) {
            let row = rows[index]
            wanted.genres = max(wanted.genres, text.width(row.genres))
            wanted.network = max(wanted.network, text.width(row.network))
        }
        measuredWidths = wanted
        return wanted
    }
}
