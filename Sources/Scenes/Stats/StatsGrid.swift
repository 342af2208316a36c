import Domain
import Terminal

/// A year as a grid, as code hosts draw a year of contributions: a column a week, Monday at
/// the top to Sunday at the bottom, a cell a day shaded by its plays in five steps (none, then
/// quarters of the busiest day's count: up to a quarter, half, three quarters, all of it). 53
/// columns (54 in a leap year that starts on a Sunday); the days before 1 January in the first
/// column, after 31 December in the last and after today have no cell.
package struct StatsGrid: Sendable, Equatable {
    /// A month's label over the column of the week its first day is in.
    package struct MonthLabel: Sendable, Equatable {
        /// The column, from 0.
        package let column: Int
        /// `Jan`.
        package let name: String
    }

    /// Each column's seven cells, Monday first: the step 0–4, or nil for no cell.
    package let columns: [[Int?]]
    /// The months' labels, January first.
    package let months: [MonthLabel]
    /// The busiest day's plays (what the top step reaches); 0 for a year without plays.
    package let most: Int

    /// Weekday labels, Monday first.
    package static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    /// Cells of the weekday labels' column with its space.
    package static let labelWidth = 4

    /// Lays a year out.
    /// - Parameters:
    ///   - year: the year.
    ///   - days: the plays of each day that has any.
    ///   - today: the viewer's day; the days after it have no cell (nil: every day has one).
    package init(year: Int, days: [CalendarDate: Int], today: CalendarDate?) {
        let first = CivilDays.days(CalendarDate(year: year, month: 1, day: 1) ?? .unixEpoch)
        let last = CivilDays.days(CalendarDate(year: year, month: 12, day: 31) ?? .unixEpoch)
        let end = today.map { min(last, CivilDays.days($0)) } ?? last
        // The Monday on or before 1 January starts the first column.
        let start = first - (CivilDays.isoWeekday(first) - 1)
        let count = (last - start) / 7 + 1
        let most = days.filter { $0.key.year == year }.values.max() ?? 0
        var columns = [[Int?]](repeating: [Int?](repeating: nil, count: 7), count: count)
        for d in first...max(first, end) where d <= end {
            let offset = d - start
            columns[offset / 7][offset % 7] = Self.step(days[CivilDays.date(d)] ?? 0, most: most)
        }
        self.columns = columns
        self.most = most
        months = (1...12).compactMap { month in
            CalendarDate(year: year, month: month, day: 1).map { MonthLabel(column: (CivilDays.days($0) - start) / 7, name: AirTimeText.months[month - 1]) }
        }
    }

    /// A day's step: 0 for none, else 1 up to a quarter of the busiest day's count, 2 up to
    /// half, 3 up to three quarters, 4 above.
    /// - Parameters:
    ///   - count: the day's plays.
    ///   - most: the busiest day's plays.
    package static func step(_ count: Int, most: Int) -> Int {
        guard count > 0, most > 0 else { return 0 }
        return min(4, (count * 4 + most - 1) / most)
    }

    /// The five shades, none first: `·░▒▓█` in Unicode, `.:+*#` in ASCII.
    /// - Parameter repertoire: what the terminal can show.
    package static func shades(_ repertoire: GlyphRepertoire) -> [String] {
        repertoire == .unicode ? ["·", "░", "▒", "▓", "█"] : [".", ":", "+", "*", "#"]
    }

    /// Cells a day takes across a width: 2 when the grid fits so, else 1.
    /// - Parameter width: the cells available.
    package func cellWidth(for width: Int) -> Int {
        width >= Self.labelWidth + 2 * columns.count ? 2 : 1
    }

    /// The grid as text: the months' line, then a line a weekday (its label, then its cells),
    /// then the legend (`less · ░ ▒ ▓ █ more`).
    /// - Parameters:
    ///   - repertoire: the shades' characters.
    ///   - cellWidth: cells a day (1 or 2).
    /// - Returns: nine lines.
    package func lines(repertoire: GlyphRepertoire, cellWidth: Int = 1) -> [String] {
        let shades = Self.shades(repertoire)
        var monthLine = String(repeating: " ", count: Self.labelWidth + columns.count * cellWidth)
        for label in months {
            let at = Self.labelWidth + label.column * cellWidth
            let index = monthLine.index(monthLine.startIndex, offsetBy: at)
            guard at + label.name.count <= monthLine.count else { continue }
            monthLine.replaceSubrange(index..<monthLine.index(index, offsetBy: label.name.count), with: label.name)
        }
        var out = [String(monthLine.reversed().drop { $0 == " " }.reversed())]
        for row in 0..<7 {
            var line = Self.weekdays[row] + " "
            for column in columns {
                let cell = column[row].map { String(repeating: shades[$0], count: cellWidth) } ?? String(repeating: " ", count: cellWidth)
                line += cell
            }
            out.append(String(line.reversed().drop { $0 == " " }.reversed()))
        }
        out.append(String(repeating: " ", count: Self.labelWidth) + legend(repertoire: repertoire))
        return out
    }

    /// `less · ░ ▒ ▓ █ more`.
    /// - Parameter repertoire: the shades' characters.
    package func legend(repertoire: GlyphRepertoire) -> String {
        "less " + Self.shades(repertoire).joined(separator: " ") + " more"
    }
}
