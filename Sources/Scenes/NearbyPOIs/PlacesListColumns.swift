import Terminal

/// The places list's columns for a width, and what each row draws in them: marker, name,
/// category, open now, walk, distance (right-aligned) and direction.
struct PlacesListColumns: Equatable {
    /// The widths of the name, category, distance and direction columns, in cells.
    var name: Int, category: Int, distance: Int, bearing: Int
    /// The walk (`~12 min`): 0 or `walkWidth`.
    var walk: Int = 0
    /// Open or closed now: 0, `shortHours` (`Open`, `Closed`) or `longHours`
    /// (`Closed · opens Mo 08:00`).
    var hours: Int = 0

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
    init(width: Int) {
        category = width >= 64 ? 16 : (width >= 48 ? 11 : 0)
        distance = 8
        bearing = 3
        hours = width >= 110 ? Self.longHours : (width >= 70 ? Self.mediumHours : (width >= 40 ? Self.shortHours : 0))
        walk = width >= 60 ? Self.walkWidth : 0
        let fixed =
            2 + (category > 0 ? category + 1 : 0) + (hours > 0 ? hours + 1 : 0) + (walk > 0 ? walk + 1 : 0)
            + distance + 1 + bearing + 1
        name = max(1, width - fixed)
    }

    /// What the list draws for a width: the columns, each row's cells and the marks.
    /// - Parameters:
    ///   - viewModel: the list's rows and messages.
    ///   - width: the list's width in cells.
    ///   - unicode: arrows for the direction, else compass letters.
    ///   - marked: the favourites, marked before their rows.
    static func content(_ viewModel: NearbyPOIs.LoadPOIs.ViewModel, width: Int, unicode: Bool, marked: FavouriteMarksState) -> ListView<String>.Content {
        let c = PlacesListColumns(width: width)
        let rows = viewModel.rows
        let hoursTitle = c.hours >= Self.longHours ? "Open now" : "Now"
        return .init(
            columns: [
                ListColumn(title: "Name", width: c.name, pad: 1),
                ListColumn(title: "Category", width: c.category),
                ListColumn(title: hoursTitle, width: c.hours),
                ListColumn(title: "Walk", width: c.walk, alignRight: true),
                ListColumn(title: "Distance", width: c.distance, alignRight: true),
                ListColumn(title: "Dir", width: c.bearing)
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
                    ListCell(text: unicode ? row.arrow : row.compass, role: .accent)
                ]
            },
            isMarked: { marked.contains(rows[$0].id) },
            emptyMessage: viewModel.emptyMessage, emptyStyle: viewModel.emptyMessageStyle,
            loadingMore: viewModel.isLoadingMore ? "Loading more places…" : nil, countLabel: viewModel.countLabel)
    }
}
