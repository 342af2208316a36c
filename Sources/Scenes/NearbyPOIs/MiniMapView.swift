import FoundationEssentials
import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// The places scene's mini-map: its geometry (pure, tested on its own) and its drawing.
///
/// North is up. The map frames the places it shows with the search centre: the view is the
/// box around them, at the largest scale at which all of it fits; when the circle of the
/// search radius fits at no less than half that scale it is framed too (so a search whose
/// places reach the edge of the radius shows the ring, and one whose places crowd near the
/// centre of a wide radius spreads them over the map instead). `z`/`Z` zoom about the view's
/// middle by ×1.5 a step; the scale bar follows. Several places in one cell draw as their count.
///
/// Cells are about twice as tall as wide, so distances are measured in "cell widths": a row is
/// two of them. A braille cell (U+2800–U+28FF) holds 2×4 dots, each half a cell wide and a
/// quarter of a row tall (square, like the ground); an ASCII cell is one mark.
struct MiniMap {
    /// The most zoom-out steps (`Z`) from the framing.
    static let minimumZoom = -4
    /// The most zoom-in steps (`z`) from the framing.
    static let maximumZoom = 6
    /// The narrowest view the framing chooses, in metres across: 100 m.
    static let minimumViewMeters = 100.0
    /// The scale factor of one zoom step.
    static let zoomFactor = 1.5

    /// A map laid out in a grid of cells at a scale.
    struct Layout: Equatable {
        /// The grid's size in cells.
        let columns: Int, rows: Int
        /// Cell widths per radius of the search (the ring's half-width in cells).
        let cellsPerRadius: Double
        /// True for braille dots, false for one ASCII mark a cell.
        let braille: Bool
        /// The point at the grid's middle, east and north of the search centre in radii.
        var originEast = 0.0, originNorth = 0.0

        /// The half-width and half-height of the grid, in cell widths, less half a cell.
        var halfWidth: Double { max(0.5, Double(columns) / 2 - 0.5) }
        var halfHeight: Double { max(0.5, Double(rows) - 0.5) }

        /// Where a point falls: its cell and, for braille, the bit of its dot.
        /// - Parameters:
        ///   - east: east of the centre, in radii.
        ///   - north: north of the centre, in radii.
        /// - Returns: the cell and dot bit, or nil outside the grid.
        func locate(east: Double, north: Double) -> (column: Int, row: Int, bit: UInt8)? {
            guard east.isFinite, north.isFinite else { return nil }
            let ux = Double(columns) / 2 + (east - originEast) * cellsPerRadius // cell widths from the left
            let uy = Double(rows) - (north - originNorth) * cellsPerRadius // cell widths from the top (a row is 2)
            guard ux.isFinite, uy.isFinite, abs(ux) < 1e9, abs(uy) < 1e9 else { return nil }
            let column = Int(ux.rounded(.down)), row = Int((uy / 2).rounded(.down))
            guard column >= 0, column < columns, row >= 0, row < rows else { return nil }
            let dotX = min(1, max(0, Int(((ux - Double(column)) * 2).rounded(.down))))
            let dotY = min(3, max(0, Int(((uy / 2 - Double(row)) * 4).rounded(.down))))
            return (column, row, MiniMap.brailleBit(x: dotX, y: dotY))
        }
    }

    /// The view that frames the points (in radii) and the centre in a grid, before zooming:
    /// the box around them all, and the ring of the radius too when it fits at no less than
    /// half the scale of the points alone (always, when there are no points).
    /// - Parameters:
    ///   - points: east and north of the centre, in radii.
    ///   - columns: the grid's width in cells.
    ///   - rows: the grid's height in cells.
    ///   - radiusMeters: the search radius, in metres: the view is never narrower than
    ///     `minimumViewMeters` across.
    ///   - braille: braille dots or ASCII marks.
    /// - Returns: the layout (scale in cell widths per radius, and the view's middle).
    static func framing(points: [(east: Double, north: Double)], columns: Int, rows: Int, radiusMeters: Double, braille: Bool) -> Layout {
        let probe = Layout(columns: columns, rows: rows, cellsPerRadius: 1, braille: braille)
        let finite = points.filter { $0.east.isFinite && $0.north.isFinite && abs($0.east) < 1e6 && abs($0.north) < 1e6 }
        // The box: the centre and the places, in radii.
        var box = (west: 0.0, east: 0.0, south: 0.0, north: 0.0)
        for p in finite {
            box = (min(box.west, p.east), max(box.east, p.east), min(box.south, p.north), max(box.north, p.north))
        }
        func scale(_ b: (west: Double, east: Double, south: Double, north: Double)) -> Double {
            let halfX = (b.east - b.west) / 2, halfY = (b.north - b.south) / 2
            return min(halfX > 0 ? probe.halfWidth / halfX : .infinity, halfY > 0 ? probe.halfHeight / halfY : .infinity)
        }
        let ringBox = (west: -1.0, east: 1.0, south: -1.0, north: 1.0)
        let ring = scale(ringBox)
        // A place a metre away would zoom without end: the view spans at least 100 m.
        let closest = min(probe.halfWidth, probe.halfHeight) / max(1e-9, minimumViewMeters / 2 / max(1, radiusMeters))
        let fit = min(scale(box), closest)
        // With no place, the view is the ring (the streets around the centre show).
        if ring * 2 >= fit || finite.isEmpty {
            box = (min(box.west, -1), max(box.east, 1), min(box.south, -1), max(box.north, 1))
        }
        var layout = Layout(columns: columns, rows: rows, cellsPerRadius: min(scale(box), closest), braille: braille)
        layout.originEast = (box.west + box.east) / 2
        layout.originNorth = (box.south + box.north) / 2
        return layout
    }

    /// The scale after `zoom` steps from the framing (`z` in: positive).
    static func zoomed(_ scale: Double, by zoom: Int) -> Double {
        scale * pow(zoomFactor, Double(zoom))
    }

    /// The longest scale choice whose bar (at least 2 cells) fits in `maxCells`.
    /// - Parameters:
    ///   - choices: round distances in metres with their labels, shortest first.
    ///   - metersPerCell: the ground one cell width covers, in metres.
    ///   - maxCells: the most cells the bar and its label may take.
    ///   - labelWidth: the width of a label in cells.
    /// - Returns: the bar's length in cells and its label, or nil when none fits.
    static func scaleBar(
        choices: [(meters: Double, label: String)], metersPerCell: Double, maxCells: Int,
        labelWidth: (String) -> Int
    ) -> (cells: Int, label: String)? {
        guard metersPerCell.isFinite, metersPerCell > 0 else { return nil }
        var best: (cells: Int, label: String)?
        for choice in choices {
            let cells = Int((choice.meters / metersPerCell).rounded())
            guard cells >= 2 else { continue }
            // The label sits inside the bar when it can, else after it.
            let inside = cells - 1 >= labelWidth(" \(choice.label) ") + 2
            let total = inside ? cells + 1 : cells + 1 + labelWidth(" " + choice.label)
            if total <= maxCells { best = (cells, choice.label) }
        }
        return best
    }

    /// The legend's lines for a width: one line when it fits whole, else two, else the marks
    /// with one-word labels; each line is whole (never cut).
    /// - Parameters:
    ///   - unicode: braille marks, or ASCII ones.
    ///   - width: the cells available.
    ///   - measure: the width of text in cells.
    /// - Returns: lines of (mark, label, the mark's role as the map draws it) triples.
    ///   - onStreets: true when the places are drawn over streets (`placeMark`).
    ///   - walk: true when the selected place's walk by the streets is drawn (`MiniMapRoute`).
    static func legend(unicode: Bool, width: Int, measure: (String) -> Int, onStreets: Bool = false, walk: Bool = false) -> [[(mark: String, label: String, role: TextRole)]] {
        let centre = (mark: "+", label: " centre  ", role: TextRole.heading)
        let selected = (mark: onStreets ? placeMark(unicode: unicode, selected: true) : unicode ? braille(0x12) : "*", label: " selected  ", role: TextRole.selected)
        let place = (mark: onStreets ? placeMark(unicode: unicode, selected: false) : unicode ? braille(0x02) : ".", label: " place  ", role: TextRole.accent)
        let count = (mark: "3", label: " places in a cell", role: TextRole.accent)
        let route = walk ? [(mark: MiniMapRoute.mark(unicode: unicode), label: " walk", role: TextRole.selected)] : []
        let gap = walk ? "  " : ""
        let full = [centre, selected, place, (mark: count.mark, label: count.label + gap, role: count.role)] + route
        let short = [centre, selected, place, (mark: count.mark, label: " in a cell" + gap, role: count.role)] + route
        func cells(_ line: [(mark: String, label: String, role: TextRole)]) -> Int { line.reduce(0) { $0 + measure($1.mark) + measure($1.label) } }
        for candidate in [full, short] where cells(candidate) <= width {
            return [candidate]
        }
        let two = [Array(full.prefix(2)), Array(full.dropFirst(2))]
        if two.allSatisfy({ cells($0) <= width }) { return two }
        let terse = [[centre, (mark: selected.mark, label: " selected", role: selected.role)], [place, (mark: count.mark, label: " count  ", role: count.role)] + route]
        return terse.filter { cells($0) <= width }
    }

    /// The bit of a braille dot (Unicode's dot numbering: 1 2 3 7 down the left column,
    /// 4 5 6 8 down the right).
    static func brailleBit(x: Int, y: Int) -> UInt8 {
        let left: [UInt8] = [0x01, 0x02, 0x04, 0x40], right: [UInt8] = [0x08, 0x10, 0x20, 0x80]
        return (x == 0 ? left : right)[min(3, max(0, y))]
    }

    /// The braille character with the given dots (U+2800 plus the dot bits).
    static func braille(_ dots: UInt8) -> String {
        brailleGlyphs[Int(dots)]
    }

    /// The 256 braille characters, made once (a street map draws thousands a frame).
    private static let brailleGlyphs: [String] = (0..<256).map { dots in
        Unicode.Scalar(0x2800 + UInt32(dots)).map { String(Character($0)) } ?? " "
    }

    /// The mark of one place over streets, where a dot would be lost among theirs: `•` (`o`
    /// in ASCII), the selected one `●` (`@`).
    static func placeMark(unicode: Bool, selected: Bool) -> String {
        unicode ? (selected ? "●" : "•") : (selected ? "@" : "o")
    }

    /// The mark for several places in one cell: `2`…`9`, `#` for ten or more.
    static func countMark(_ count: Int) -> String {
        count >= 10 ? "#" : String(count)
    }

    // MARK: Drawing

    /// Draws the map: its heading, the ring of the radius (braille only, where in view), the
    /// centre `+`, the places (braille dots or `.`; a count where several share a cell), the
    /// selected place in the `.selected` role (`*` in ASCII), the scale bar, the legend and the
    /// selected place's name, each only where there is room.
    /// - Parameters:
    ///   - canvas: where to draw.
    ///   - rect: the map's rectangle.
    ///   - bordered: true to draw a border down its left edge (beside the list).
    ///   - viewModel: the list's view model (points, radius, scale choices, rows).
    ///   - selectedID: the selected row's place.
    ///   - zoom: zoom steps from the framing.
    ///   - streets: the streets drawn under the places (`MiniMapStreets`), or nil.
    ///   - pan: how far the view's middle is moved from the framing, in metres east and north.
    ///   - metersPerCell: set to the ground one cell width covers as drawn (for pan steps).
    /// - Returns: the screen cell (row, column) of each place drawn, for clicks on the map.
    @MainActor @discardableResult
    static func draw(
        on canvas: Canvas, in rect: Rect, bordered: Bool, viewModel: NearbyPOIs.LoadPOIs.ViewModel?, selectedID: String?,
        zoom: Int, streets: NearbyPOIs.LoadStreets.ViewModel? = nil, pan: (east: Double, north: Double) = (0, 0),
        metersPerCell: inout Double
    ) -> [(row: Int, column: Int, id: String)] {
        var spots: [(row: Int, column: Int, id: String)] = []
        let unicode = canvas.text.repertoire == .unicode
        let symbols = Symbols(canvas.text.repertoire)
        let left = rect.column + (bordered ? 2 : 1)
        if bordered {
            for y in rect.row..<rect.bottom { canvas.put(symbols.vertical, row: y, column: rect.column, maxWidth: 1, role: .border) }
        }
        let gridWidth = rect.right - left - 1
        guard rect.height >= 5, gridWidth >= 6 else { return spots }
        let heading = unicode ? "Map · north ↑" : "Map - north ^"
        let zoomNote = zoom == 0 ? "" : " \(symbols.dot) zoom \(zoom > 0 ? "+" : "")\(zoom)"
        canvas.put(heading + zoomNote, row: rect.row, column: left, maxWidth: gridWidth, role: .heading)
        guard let viewModel else { return spots }
        // The whole pane's height under the heading, leaving room for the scale and a blank
        // row, and for the legend and the selected place's name too while the grid keeps 8
        // rows; the framing fits the places to whichever way is shorter.
        let onStreets = streets != nil && viewModel.center != nil
        let selectedRow = viewModel.rows.first { $0.id == selectedID }
        let legendLines = legend(unicode: unicode, width: gridWidth, measure: canvas.text.width, onStreets: onStreets, walk: selectedRow?.route != nil)
        let withLegend = rect.height - 1 - 2 - legendLines.count - 1
        let room = withLegend >= 8 ? withLegend : rect.height - 2
        let gridRows = max(1, room)
        let points = viewModel.mapPoints.map { (east: $0.east, north: $0.north) }
        let framed = framing(points: points, columns: gridWidth, rows: gridRows, radiusMeters: viewModel.radiusMeters, braille: unicode)
        let scale = zoomed(framed.cellsPerRadius, by: zoom)
        var layout = Layout(columns: gridWidth, rows: gridRows, cellsPerRadius: scale, braille: unicode)
        let radiusMeters = max(1, viewModel.radiusMeters)
        (layout.originEast, layout.originNorth) = (framed.originEast + pan.east / radiusMeters, framed.originNorth + pan.north / radiusMeters)
        metersPerCell = radiusMeters / scale
        let top = rect.row + 1
        func index(_ c: Int, _ r: Int) -> Int { r * layout.columns + c }
        var dots: [Int: UInt8] = [:] // cell index → dots of places
        var counts: [Int: Int] = [:] // cell index → places in it
        var circle: [Int: UInt8] = [:] // cell index → dots of the ring
        if unicode {
            let steps = max(64, min(4_096, Int(scale * 16)))
            for i in 0..<steps {
                let angle = Double(i) / Double(steps) * 2 * Double.pi
                if let spot = layout.locate(east: cos(angle), north: sin(angle)) {
                    circle[index(spot.column, spot.row), default: 0] |= spot.bit
                }
            }
        }
        var selectedCell: Int?
        for point in viewModel.mapPoints {
            guard let spot = layout.locate(east: point.east, north: point.north) else { continue }
            let cell = index(spot.column, spot.row)
            dots[cell, default: 0] |= spot.bit
            counts[cell, default: 0] += 1
            if point.id == selectedID { selectedCell = cell }
            spots.append((top + spot.row, left + spot.column, point.id))
        }
        var labels: [(row: Int, column: Int, length: Int, name: String, rank: Int)] = []
        if let streets, let center = viewModel.center {
            let drawn = MiniMapStreets.rasterise(streets, layout: layout, center: center, radiusMeters: radiusMeters)
            MiniMapStreets.drawStreets(drawn.raster, on: canvas, top: top, left: left, ring: circle, places: dots)
            for cell in Array(circle.keys) where drawn.raster.top[cell] >= 0 { circle[cell] = nil }
            labels = drawn.labels
        }
        for (cell, bits) in circle where dots[cell] == nil {
            canvas.put(braille(bits), row: top + cell / layout.columns, column: left + cell % layout.columns, maxWidth: 1, role: .border)
        }
        if let route = selectedRow?.route {
            MiniMapRoute.draw(MiniMapRoute.cells(route, layout: layout, radiusMeters: radiusMeters), on: canvas, columns: layout.columns, top: top, left: left)
        }
        func glyph(_ cell: Int) -> String {
            let count = counts[cell] ?? 0
            if count > 1 { return countMark(count) }
            if onStreets { return placeMark(unicode: unicode, selected: cell == selectedCell) }
            return unicode ? braille((dots[cell] ?? 0) | (circle[cell] ?? 0)) : "."
        }
        for cell in dots.keys where cell != selectedCell {
            canvas.put(glyph(cell), row: top + cell / layout.columns, column: left + cell % layout.columns, maxWidth: 1, role: .accent)
        }
        if let centre = layout.locate(east: 0, north: 0), counts[index(centre.column, centre.row)] == nil {
            canvas.put("+", row: top + centre.row, column: left + centre.column, maxWidth: 1, role: .heading)
        }
        if let cell = selectedCell {
            let mark = (counts[cell] ?? 0) > 1 || onStreets ? glyph(cell) : (unicode ? glyph(cell) : "*")
            canvas.put(mark, row: top + cell / layout.columns, column: left + cell % layout.columns, maxWidth: 1, role: .selected)
        }
        if !labels.isEmpty {
            var occupied = Set(dots.keys)
            if let centre = layout.locate(east: 0, north: 0) { occupied.insert(index(centre.column, centre.row)) }
            MiniMapStreets.drawStreetNames(labels, on: canvas, layout: layout, top: top, left: left, places: occupied)
        }
        var y = top + layout.rows
        guard y < rect.bottom else { return spots }
        let choices = viewModel.scaleChoices.map { (meters: $0.meters, label: $0.label) }
        let metersPerCell = viewModel.radiusMeters / scale
        if let bar = scaleBar(choices: choices, metersPerCell: metersPerCell, maxCells: gridWidth, labelWidth: canvas.text.width) {
            drawScale(canvas, row: y, left: left, cells: bar.cells, label: bar.label, maxRight: left + gridWidth, unicode: unicode)
        }
        // The legend and the selected place, when there is room.
        y += 2
        for line in legendLines {
            guard y < rect.bottom else { return spots }
            var x = left
            for item in line {
                x += canvas.put(item.mark, row: y, column: x, maxWidth: left + gridWidth - x, role: item.role)
                x += canvas.put(item.label, row: y, column: x, maxWidth: max(0, left + gridWidth - x), role: .dim)
            }
            y += 1
        }
        guard y < rect.bottom, let row = selectedRow else { return spots }
        let direction = unicode ? row.arrow : row.compass
        let used = canvas.put(row.name, row: y, column: left, maxWidth: gridWidth, role: row.nameIsPlaceholder ? .dim : .normal)
        // The walk by the streets where known, else the straight distance and direction.
        let walk = row.routeFacts + (row.route == nil ? [] : [row.arrival].compactMap { $0 })
        let facts = walk.isEmpty ? "\(row.distance) \(direction)" : walk.joined(separator: " \(symbols.dot) ")
        canvas.put(" \(symbols.dot) \(facts)", row: y, column: left + used, maxWidth: max(0, gridWidth - used), role: .dim)
        return spots
    }

    /// A scale bar from the grid's left edge: `├── 2 km ──┤`, or the bar then the label when
    /// the bar is too short to hold it.
    @MainActor
    private static func drawScale(_ canvas: Canvas, row: Int, left: Int, cells: Int, label: String, maxRight: Int, unicode: Bool) {
        let (start, end, line) = unicode ? ("├", "┤", "─") : ("|", "|", "-")
        let inner = max(0, cells - 1)
        let labelText = " \(label) "
        let labelWidth = canvas.text.width(labelText)
        if inner >= labelWidth + 2 {
            let before = (inner - labelWidth) / 2
            let bar = start + String(repeating: line, count: before) + labelText + String(repeating: line, count: inner - labelWidth - before) + end
            canvas.put(bar, row: row, column: left, maxWidth: maxRight - left, role: .dim)
        } else {
            let bar = start + String(repeating: line, count: inner) + end
            let used = canvas.put(bar, row: row, column: left, maxWidth: maxRight - left, role: .dim)
            canvas.put(" " + label, row: row, column: left + used, maxWidth: max(0, maxRight - left - used), role: .dim)
        }
    }
}
