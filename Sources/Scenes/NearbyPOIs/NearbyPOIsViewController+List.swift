import Terminal

/// The places list: the summary line, then the list's columns and rows (`ListView`), or under
/// a map that replaces the list, the selected place's row alone.
extension NearbyPOIsViewController {
    /// Column widths of the list for a width, in cells; 0 hides a column.
    struct Columns: Equatable {
        var name: Int, category: Int, distance: Int, bearing: Int
        /// The walk (`~12 min`): 0 or `walkWidth`.
        var walk: Int = 0
        /// Open or closed now: 0, `shortHours` (`Open`, `Closed`) or `longHours`
        /// (`Closed · opens Mo 08:00`).
        var hours: Int = 0
    }

    /// The short Open/Closed column's width: `Closed`.
    static let shortHours = 6
    /// The medium column's width: `Opens Mo 08:00`.
    static let mediumHours = 14
    /// The long column's width: `Closed · opens Mo 08:00`.
    static let longHours = 23

    /// The walk column's width: `~59 min`.
    static let walkWidth = 7

    /// The list's columns: marker, name, category, open now, walk, distance (right-aligned)
    /// and direction. The long open-now text from 110 cells, the medium from 70, the short
    /// from 40; the walk from 60.
    static func columns(width: Int) -> Columns {
        var c = Columns(name: 0, category: width >= 64 ? 16 : (width >= 48 ? 11 : 0), distance: 8, bearing: 3)
        c.hours = width >= 110 ? longHours : (width >= 70 ? mediumHours : (width >= 40 ? shortHours : 0))
        c.walk = width >= 60 ? walkWidth : 0
        let fixed = 2 + (c.category > 0 ? c.category + 1 : 0) + (c.hours > 0 ? c.hours + 1 : 0) + (c.walk > 0 ? c.walk + 1 : 0)
            + c.distance + 1 + c.bearing + 1
        c.name = max(1, width - fixed)
        return c
    }

    /// What the list draws for a width: the columns, each row's cells and the marks.
    func listContent(_ viewModel: NearbyPOIs.LoadPOIs.ViewModel, width: Int, unicode: Bool) -> ListView<String>.Content {
        let c = Self.columns(width: width)
        let rows = viewModel.rows
        let hoursTitle = c.hours >= Self.longHours ? "Open now" : "Now"
        return .init(
            columns: [
                ListColumn(title: "Name", width: c.name, pad: 1),
                ListColumn(title: "Category", width: c.category),
                ListColumn(title: hoursTitle, width: c.hours),
                ListColumn(title: "Walk", width: c.walk, alignRight: true),
                ListColumn(title: "Distance", width: c.distance, alignRight: true),
                ListColumn(title: "Dir", width: c.bearing),
            ],
            nameColumn: 0, count: rows.count,
            cells: { i in
                let row = rows[i]
                let hours = c.hours >= Self.longHours ? row.openLong : (c.hours >= Self.mediumHours ? row.openMedium : row.openShort)
                return [
                    ListCell(text: row.name, role: row.nameIsPlaceholder ? .dim : .normal),
                    ListCell(text: row.category, role: .dim),
                    ListCell(text: hours, role: row.isOpen == true ? .accent : (row.isOpen == false ? .normal : .dim)),
                    ListCell(text: row.walk, role: .dim),
                    ListCell(text: row.distance),
                    ListCell(text: unicode ? row.arrow : row.compass, role: .accent),
                ]
            },
            isMarked: { [marked] in marked.contains(rows[$0].id) },
            emptyMessage: viewModel.emptyMessage, emptyStyle: viewModel.emptyMessageStyle,
            loadingMore: viewModel.isLoadingMore ? "Loading more places…" : nil, countLabel: viewModel.countLabel)
    }

    /// The summary line (with the clock the Now column reads, when it fits), then the list.
    func drawList(_ canvas: Canvas, in rect: Rect) {
        guard let viewModel else {
            canvas.put("Looking for places…", row: rect.row, column: rect.column + 1, maxWidth: rect.width - 1, role: .dim)
            return
        }
        let used = canvas.put(viewModel.summary, row: rect.row, column: rect.column + 1, maxWidth: rect.width - 1, role: .normal)
        // Which clock the Now column reads, after the summary when it fits whole (the details
        // always say it).
        if let clock = viewModel.hoursClock {
            let phrase = " \(Symbols(canvas.text.repertoire).dot) " + clock
            if used + canvas.text.width(phrase) <= rect.width - 2 {
                canvas.put(phrase, row: rect.row, column: rect.column + 1 + used, maxWidth: rect.width - 2 - used, role: .dim)
            }
        }
        let below = Rect(row: rect.row + 1, column: rect.column, height: rect.height - 1, width: rect.width)
        list.draw(on: canvas, in: below, content: listContent(viewModel, width: rect.width, unicode: canvas.text.repertoire == .unicode))
    }

    /// Under a map that replaces the list: the selected place's row.
    func drawSelectedRowLine(_ canvas: Canvas, in rect: Rect) {
        list.hide()
        guard let viewModel else { return }
        let y = rect.bottom - 1
        if let message = viewModel.emptyMessage {
            canvas.put(message, row: y, column: rect.column + 2, maxWidth: rect.width - 2, role: .dim)
            return
        }
        let line = Rect(row: y, column: rect.column, height: 1, width: rect.width)
        list.drawSelectedRow(on: canvas, in: line, content: listContent(viewModel, width: rect.width, unicode: canvas.text.repertoire == .unicode))
    }
}
