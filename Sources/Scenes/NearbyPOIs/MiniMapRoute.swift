import Terminal

/// The walk to the selected place on the mini-map: a line of its own over the streets, two
/// dots thick in braille (`#` cells in ASCII), in the selected place's colour, drawn after the
/// streets and before the places.
enum MiniMapRoute {
    /// The most points sampled along one walk (a bound for a walk far larger than the view).
    static let maximumSamples = 20_000

    /// The mark of the walk in the legend: a full braille cell, `#` in ASCII.
    static func mark(unicode: Bool) -> String { unicode ? MiniMap.braille(0xFF) : "#" }

    /// The cells a walk's line covers in a layout, with their braille dots.
    /// - Parameters:
    ///   - line: the walk, in metres from the search centre.
    ///   - layout: the map's grid and scale (its origin already panned).
    ///   - radiusMeters: the search radius (the layout's unit).
    /// - Returns: cell index (row × columns + column) → dots.
    static func cells(_ line: NearbyPOIs.LoadPOIs.ViewModel.RouteLine, layout: MiniMap.Layout, radiusMeters: Double) -> [Int: UInt8] {
        var cells: [Int: UInt8] = [:]
        let count = min(line.east.count, line.north.count)
        guard count >= 2, radiusMeters > 0, layout.cellsPerRadius > 0, layout.cellsPerRadius.isFinite else { return cells }
        // One dot is half a cell width: in radii, 0.5 / cellsPerRadius.
        let dot = 0.5 / layout.cellsPerRadius
        var budget = maximumSamples
        func mark(_ east: Double, _ north: Double) {
            for (dx, dy) in [(0.0, 0.0), (dot, 0.0), (0.0, -dot)] {
                guard let spot = layout.locate(east: east + dx, north: north + dy) else { continue }
                cells[spot.row * layout.columns + spot.column, default: 0] |= spot.bit
            }
        }
        for i in 1..<count where budget > 0 {
            let (e0, n0) = (Double(line.east[i - 1]) / radiusMeters, Double(line.north[i - 1]) / radiusMeters)
            let (e1, n1) = (Double(line.east[i]) / radiusMeters, Double(line.north[i]) / radiusMeters)
            let length = ((e1 - e0) * (e1 - e0) + (n1 - n0) * (n1 - n0)).squareRoot()
            let steps = min(budget, max(1, Int((length / dot * 2).rounded(.up))))
            budget -= steps
            for k in 0...steps {
                let t = Double(k) / Double(steps)
                mark(e0 + (e1 - e0) * t, n0 + (n1 - n0) * t)
            }
        }
        return cells
    }

    /// Draws a walk's cells.
    /// - Parameters:
    ///   - cells: the cells and dots (`cells(_:layout:radiusMeters:)`).
    ///   - canvas: where to draw.
    ///   - columns: the grid's width in cells.
    ///   - top: the grid's first row on the canvas.
    ///   - left: the grid's first column on the canvas.
    @MainActor
    static func draw(_ cells: [Int: UInt8], on canvas: Canvas, columns: Int, top: Int, left: Int) {
        let unicode = canvas.text.repertoire == .unicode
        for (cell, dots) in cells {
            canvas.put(unicode ? MiniMap.braille(dots) : "#", row: top + cell / columns, column: left + cell % columns, maxWidth: 1, role: .selected)
        }
    }
}
