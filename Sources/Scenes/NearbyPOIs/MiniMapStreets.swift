import Domain
import Terminal

/// The streets under the places on the mini-map (`MiniMap` draws them first): rasterised into a `StreetRaster` in the
/// map's layout (panned), drawn before the places, and a few main streets' names written along
/// their longest level stretch where it is clear of places and other names.
enum MiniMapStreets {
    /// How many street names the map writes at most.
    static let maximumStreetNames = 5

    /// The streets rasterised for a layout.
    /// - Parameters:
    ///   - streets: the lines, in metres from their origin.
    ///   - layout: the map's grid and scale (its origin already panned).
    ///   - center: the search centre the layout is measured from.
    ///   - radiusMeters: the search radius (the layout's unit).
    /// - Returns: the raster, and where each named line runs longest level, in cells.
    static func rasterise(_ streets: NearbyPOIs.LoadStreets.ViewModel, layout: MiniMap.Layout, center: Coordinate, radiusMeters: Double)
        -> (raster: StreetRaster, labels: [(row: Int, column: Int, length: Int, name: String, rank: Int)])
    {
        var raster = StreetRaster(columns: layout.columns, rows: layout.rows, braille: layout.braille)
        var labels: [(row: Int, column: Int, length: Int, name: String, rank: Int)] = []
        guard let origin = streets.origin, radiusMeters > 0, layout.cellsPerRadius.isFinite else { return (raster, labels) }
        let shift = PlaceDistances.mapOffset(of: origin, from: center)
        let perMetre = layout.cellsPerRadius / radiusMeters
        // Cells: ux = columns/2 + (east/R − originEast)·scale; uy = rows − (north/R − originNorth)·scale
        // (in cell widths; a row is two). Dots are 2 a cell width (braille); ASCII rows are uy/2.
        let fx = layout.braille ? 2.0 : 1.0, fy = layout.braille ? 2.0 : 0.5
        let bx = (Double(layout.columns) / 2 + (shift.eastMeters / radiusMeters - layout.originEast) * layout.cellsPerRadius) * fx
        let by = (Double(layout.rows) - (shift.northMeters / radiusMeters - layout.originNorth) * layout.cellsPerRadius) * fy
        let kx = perMetre * fx, ky = perMetre * fy
        var polygon: [(x: Double, y: Double)] = []
        for line in streets.lines {
            let count = min(line.east.count, line.north.count)
            guard count >= 2 else { continue }
            polygon.removeAll(keepingCapacity: true)
            var previous = (x: Double(line.east[0]) * kx + bx, y: by - Double(line.north[0]) * ky)
            polygon.append(previous)
            var best: (row: Int, column: Int, length: Int)?
            // A level run: consecutive points in one row of cells, from `runStart`.
            let perRow = layout.braille ? 4.0 : 1.0
            var runStart = previous
            for i in 1..<count {
                let next = (x: Double(line.east[i]) * kx + bx, y: by - Double(line.north[i]) * ky)
                raster.line(from: previous, to: next, kind: line.kind)
                polygon.append(next)
                if line.name != nil {
                    // Level enough to write along: the run rises less than a row.
                    if abs(next.y - runStart.y) >= perRow { runStart = previous }
                    let across = abs(next.x - runStart.x) / fx
                    if abs(next.y - runStart.y) < perRow, Int(across) > (best?.length ?? 0) {
                        let row = Int(((runStart.y + next.y) / 2 / perRow).rounded(.down))
                        best = (row, Int((min(runStart.x, next.x) / fx).rounded(.up)), Int(across))
                    }
                }
                previous = next
            }
            if line.isClosed && line.kind.isArea { raster.fill(polygon, kind: line.kind) }
            if let name = line.name, let best { labels.append((best.row, best.column, best.length, name, line.kind.rawValue)) }
        }
        labels.sort { ($0.rank, $0.length) > ($1.rank, $1.length) }
        return (raster, labels)
    }

    /// Draws the raster's cells that hold a line and no place (the ring's dots join them), a
    /// run of like cells in one put.
    @MainActor
    static func drawStreets(_ raster: StreetRaster, on canvas: Canvas, top: Int, left: Int, ring: [Int: UInt8], places: [Int: UInt8]) {
        func role(_ rank: Int8) -> TextRole {
            switch StreetRaster.role(of: rank) {
            case .normal: return .normal
            case .dim: return .dim
            case .border: return .border
            }
        }
        // The places' and the ring's cells as arrays: no hashing in the loop over every cell.
        var placed = [Bool](repeating: false, count: raster.top.count)
        for cell in places.keys where cell >= 0 && cell < placed.count { placed[cell] = true }
        var ringDots = [UInt8](repeating: 0, count: raster.top.count)
        for (cell, bits) in ring where cell >= 0 && cell < ringDots.count { ringDots[cell] = bits }
        var run = ""
        for row in 0..<raster.rows {
            var runStart = 0
            var runRole: TextRole?
            func flush() {
                if let runRole, !run.isEmpty { canvas.put(run, row: top + row, column: left + runStart, maxWidth: raster.columns - runStart, role: runRole) }
                run.removeAll(keepingCapacity: true)
                runRole = nil
            }
            for column in 0..<raster.columns {
                let cell = row * raster.columns + column
                let rank = raster.top[cell]
                guard rank >= 0, !placed[cell] else { flush(); continue }
                let cellRole = role(rank)
                if cellRole != runRole { flush(); runStart = column; runRole = cellRole }
                if raster.braille {
                    let dots = raster.dots[cell] | ringDots[cell]
                    run.unicodeScalars.append(Unicode.Scalar(0x2800 + UInt32(dots)) ?? " ")
                } else {
                    run.unicodeScalars.append(UnicodeScalar(raster.marks[cell]))
                }
            }
            flush()
        }
    }

    /// Writes up to `maximumStreetNames` names along their streets, each once, where the whole
    /// name fits on its stretch, inside the grid, clear of places (and the cells next to
    /// them) and of other names.
    @MainActor
    static func drawStreetNames(
        _ labels: [(row: Int, column: Int, length: Int, name: String, rank: Int)], on canvas: Canvas,
        layout: MiniMap.Layout, top: Int, left: Int, places: Set<Int>
    ) {
        var taken = Set<Int>()
        for cell in places {
            let row = cell / layout.columns, column = cell % layout.columns
            for dc in -1...1 { taken.insert(row * layout.columns + column + dc) }
        }
        var written = Set<String>()
        for label in labels where written.count < maximumStreetNames && !written.contains(label.name) {
            let text = canvas.text.sanitize(label.name)
            let width = canvas.text.width(text)
            guard width > 0, width + 2 <= label.length, label.row >= 0, label.row < layout.rows else { continue }
            let start = label.column + (label.length - width) / 2
            guard start >= 0, start + width <= layout.columns else { continue }
            let cells = (start..<(start + width)).map { label.row * layout.columns + $0 }
            guard !cells.contains(where: taken.contains) else { continue }
            canvas.put(text, row: top + label.row, column: left + start, maxWidth: width, role: .strong)
            for cell in cells { taken.insert(cell) }
            for dc in [-1, width] { taken.insert(label.row * layout.columns + start + dc) }
            written.insert(label.name)
        }
    }
}
