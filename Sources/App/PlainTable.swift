import Scenes
import Terminal

/// A list as it is written to a pipe or a file, in fixed columns or tab-separated (`--tsv`).
///
/// In columns, each column is as wide as its widest cell over the whole list, at most its
/// cap, in terminal cells (`CellText`): a wider cell is cut with an ellipsis, so that no cell
/// pushes the next column along and `cut -c`, `column` and `awk` read every line alike; two
/// spaces part the columns, the last column is neither padded nor cut, a column no row has a
/// value in is left out, and a line's trailing spaces are dropped. Tab-separated, a header line names the columns and each line holds one
/// row, its cells whole and sanitised (tabs and line breaks inside a cell become spaces, and
/// what a terminal would act on is shown, as everywhere), a missing value empty.
struct PlainTable {
    /// One column.
    struct Column: Sendable, Equatable {
        /// Its name in the tab-separated header, as the JSON lines name the same value
        /// (`name`, `rating`).
        let name: String
        /// The widest it gets in columns, in cells; a wider cell is cut.
        let cap: Int
        /// True to align its cells to the right (numbers).
        var alignRight = false
        /// True for a column only the tab-separated layout writes (the source of every row,
        /// which the columns layout says once in its header).
        var onlyTabSeparated = false
    }

    /// A line of the list: a row of cells, or a line of text between rows (a day's heading, a
    /// `#` remark) that only the columns layout writes.
    enum Line: Sendable, Equatable {
        /// One value a column; nil for a missing value.
        case cells([String?])
        /// A line written as it is (sanitised) in columns, left out tab-separated.
        case text(String)
    }

    /// The columns, left to right.
    let columns: [Column]
    /// Written before each row in the columns layout (rows under headings are indented).
    var indent = ""
    /// True for a list written in parts as they arrive (one day's premieres at a time): each
    /// column is then its cap wide whatever its cells, so that every part lines up with the
    /// others.
    var widthsAreCaps = false
    /// The lines, in order.
    private(set) var lines: [Line] = []

    /// Makes an empty list.
    /// - Parameter columns: the columns, left to right.
    init(columns: [Column]) {
        self.columns = columns
    }

    /// Adds a row.
    /// - Parameter cells: one value a column (fewer leave the last columns empty); nil for a
    ///   missing value.
    mutating func append(_ cells: [String?]) {
        lines.append(.cells(cells))
    }

    /// Adds a line between rows that only the columns layout writes.
    /// - Parameter line: the text, without a line feed.
    mutating func append(text line: String) {
        lines.append(.text(line))
    }

    /// Each column's width in the columns layout: its widest cell, at most its cap (the last
    /// column's is its widest cell).
    /// - Parameters:
    ///   - text: the repertoire and its widths.
    ///   - missing: what a missing value shows.
    func widths(_ text: CellText, missing: String) -> [Int] {
        var widths = [Int](repeating: 0, count: columns.count)
        for case .cells(let cells) in lines {
            for (i, cell) in cells.prefix(columns.count).enumerated() {
                widths[i] = max(widths[i], text.width(cell ?? missing))
            }
        }
        for i in shownInColumns.dropLast() { widths[i] = widthsAreCaps ? columns[i].cap : min(widths[i], columns[i].cap) }
        // (A column left out keeps its width; nothing of it is written.)
        return widths
    }

    /// The indices of the columns the columns layout writes: not those only the tab-separated
    /// layout writes, nor one no row has a value in (upcoming episodes have no channel).
    private var shownInColumns: [Int] {
        var held = [Bool](repeating: false, count: columns.count)
        for case .cells(let cells) in lines {
            for (i, cell) in cells.prefix(columns.count).enumerated() where cell?.isEmpty == false { held[i] = true }
        }
        return columns.indices.filter { !columns[$0].onlyTabSeparated && held[$0] }
    }

    /// The list in fixed columns, each line ended by a line feed.
    /// - Parameters:
    ///   - text: the repertoire (ASCII or Unicode) and its widths.
    ///   - missing: what a missing value shows, for example `—`.
    /// - Returns: the lines; empty for no line.
    func columnsText(_ text: CellText, missing: String = ShowFormatting.missing) -> String {
        let widths = widths(text, missing: missing)
        let shown = shownInColumns
        var out = ""
        for line in lines {
            switch line {
            case .text(let line):
                out += text.sanitize(line) + "\n"
            case .cells(let cells):
                var fields: [String] = []
                for i in shown {
                    let column = columns[i]
                    let cell = i < cells.count ? cells[i] ?? missing : ""
                    if i == shown.last {
                        fields.append(text.sanitize(cell))
                    } else {
                        let fitted = text.width(cell) > widths[i] ? text.truncate(cell, toCells: widths[i]) : cell
                        fields.append(text.padded(fitted, cells: widths[i], alignRight: column.alignRight))
                    }
                }
                var joined = indent + fields.joined(separator: "  ")
                while joined.hasSuffix(" ") { joined.removeLast() }
                out += joined + "\n"
            }
        }
        return out
    }

    /// The list tab-separated: a header line of the columns' names, then one line a row.
    /// - Parameters:
    ///   - text: the repertoire the cells are sanitised to.
    ///   - header: false to leave the header line out (a part after the first).
    /// - Returns: the lines, each ended by a line feed.
    func tabSeparated(_ text: CellText, header: Bool = true) -> String {
        var out = header ? columns.map(\.name).joined(separator: "\t") + "\n" : ""
        for case .cells(let cells) in lines {
            let fields = columns.indices.map { i in i < cells.count ? cells[i].map { Self.cell($0, text: text) } ?? "" : "" }
            out += fields.joined(separator: "\t") + "\n"
        }
        return out
    }

    /// A cell as a tab-separated line holds it: tabs and line breaks (CR, LF, VT, FF, NEL, the
    /// line and paragraph separators) become spaces, then the rest is sanitised.
    /// - Parameters:
    ///   - cell: the value.
    ///   - text: the repertoire.
    static func cell(_ cell: String, text: CellText) -> String {
        let breaks: Set<Unicode.Scalar> = ["\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        var scalars = String.UnicodeScalarView()
        for scalar in cell.unicodeScalars { scalars.append(breaks.contains(scalar) ? " " : scalar) }
        return text.sanitize(String(scalars))
    }

    /// The list in the layout asked for.
    /// - Parameters:
    ///   - tabSeparated: true for `--tsv`.
    ///   - text: the repertoire and its widths.
    ///   - missing: what a missing value shows in columns.
    func rendered(tabSeparated: Bool, text: CellText, missing: String = ShowFormatting.missing) -> String {
        tabSeparated ? self.tabSeparated(text) : columnsText(text, missing: missing)
    }
}
