import Domain

/// The street map drawn into a grid of cells: in braille, lines of dots (2×4 a cell) whose
/// weight and pattern follow the class (main roads two dots thick, paths dotted, railways
/// dashed, water and parks a light fill); in ASCII, one `-` `|` `/` `\` a cell along each line.
/// Pure and fast (no canvas): `MiniMap` draws the cells it leaves, under the places.
struct StreetRaster {
    /// The grid's size in cells.
    let columns: Int, rows: Int
    /// True for braille dots, false for ASCII line marks.
    let braille: Bool
    /// Per cell: the braille dots set.
    private(set) var dots: [UInt8]
    /// Per cell: the ASCII mark (0 for none).
    private(set) var marks: [UInt8]
    /// Per cell: the highest class drawn there (`StreetClass.rawValue`), −1 for none.
    private(set) var top: [Int8]

    /// Makes an empty grid.
    init(columns: Int, rows: Int, braille: Bool) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.braille = braille
        let count = self.columns * self.rows
        dots = Array(repeating: 0, count: count)
        marks = Array(repeating: 0, count: braille ? 0 : count)
        top = Array(repeating: -1, count: count)
    }

    /// The width and height of the grid in dots (braille) or cells (ASCII).
    var dotWidth: Int { braille ? columns * 2 : columns }
    var dotHeight: Int { braille ? rows * 4 : rows }

    /// True when any cell holds a line.
    var isEmpty: Bool { !top.contains { $0 >= 0 } }

    /// Sets one dot (braille) or marks one cell (ASCII); points off the grid are skipped.
    mutating func plot(_ x: Int, _ y: Int, kind: StreetClass, mark: UInt8 = 0) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let cell = braille ? (y >> 2) * columns + (x >> 1) : y * columns + x
        let rank = Int8(kind.rawValue)
        if braille {
            dots[cell] |= MiniMap.brailleBit(x: x & 1, y: y & 3)
        } else if rank >= top[cell] {
            marks[cell] = mark
        }
        if rank > top[cell] { top[cell] = rank }
    }

    /// Draws a line between two points given in dots (braille) or cells (ASCII), clipped to
    /// the grid, in the class's weight and pattern.
    mutating func line(from a: (x: Double, y: Double), to b: (x: Double, y: Double), kind: StreetClass) {
        guard let (p, q) = clip(a, b) else { return }
        let dx = q.x - p.x, dy = q.y - p.y
        let steps = Int(max(abs(dx), abs(dy)).rounded(.up))
        let mark: UInt8
        if braille {
            mark = 0
        } else {
            // A row is about twice as tall as a cell is wide.
            let sx = abs(dx), sy = abs(dy) * 2
            if sx >= sy * 2 { mark = UInt8(ascii: "-") } else if sy >= sx * 2 { mark = UInt8(ascii: "|") } else { mark = (dx > 0) == (dy > 0) ? UInt8(ascii: "\\") : UInt8(ascii: "/") }
        }
        let thick = braille && (kind == .primary || kind == .secondary)
        let horizontal = abs(dx) >= abs(dy)
        let count = max(1, steps)
        for i in 0...count {
            if braille {
                switch kind {
                case .footway where i % 2 == 1: continue
                case .railway where i % 5 >= 3: continue
                default: break
                }
            }
            let t = Double(i) / Double(count)
            let x = Int((p.x + dx * t + 1e-9).rounded(.down)), y = Int((p.y + dy * t + 1e-9).rounded(.down))
            plot(x, y, kind: kind, mark: mark)
            if thick { horizontal ? plot(x, y + 1, kind: kind) : plot(x + 1, y, kind: kind) }
        }
    }

    /// Fills a closed outline (in dots) with a light pattern: water every other dot of every
    /// other row, parks one dot in four, by the even-odd rule.
    mutating func fill(_ polygon: [(x: Double, y: Double)], kind: StreetClass) {
        guard braille, polygon.count >= 3 else { return }
        var minY = Double.infinity, maxY = -Double.infinity
        for p in polygon { minY = min(minY, p.y); maxY = max(maxY, p.y) }
        let first = max(0, Int(minY.rounded(.up))), last = min(dotHeight - 1, Int(maxY.rounded(.down)))
        guard first <= last else { return }
        let step = kind == .water ? 2 : 4
        var crossings: [Double] = []
        for y in first...last where y % 2 == 0 {
            crossings.removeAll(keepingCapacity: true)
            let fy = Double(y) + 0.5
            var j = polygon.count - 1
            for i in polygon.indices {
                let a = polygon[i], b = polygon[j]
                if (a.y > fy) != (b.y > fy) {
                    crossings.append(a.x + (fy - a.y) / (b.y - a.y) * (b.x - a.x))
                }
                j = i
            }
            crossings.sort()
            var k = 0
            while k + 1 < crossings.count {
                let from = max(0, Int(crossings[k].rounded(.up))), to = min(dotWidth - 1, Int(crossings[k + 1].rounded(.down)))
                if from <= to {
                    let offset = kind == .park && y % 4 == 2 ? 2 : 0
                    var x = from + ((step - (from - offset) % step) % step)
                    while x <= to { plot(x, y, kind: kind); x += step }
                }
                k += 2
            }
        }
    }

    /// The part of a segment inside the grid (Liang–Barsky), or nil when none is.
    private func clip(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> ((x: Double, y: Double), (x: Double, y: Double))? {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return nil }
        let maxX = Double(dotWidth) - 0.001, maxY = Double(dotHeight) - 0.001
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x), (dx, maxX - a.x), (-dy, a.y), (dy, maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 { if r > t1 { return nil }; if r > t0 { t0 = r } } else { if r < t0 { return nil }; if r < t1 { t1 = r } }
            }
        }
        return ((a.x + t0 * dx, a.y + t0 * dy), (a.x + t1 * dx, a.y + t1 * dy))
    }

    /// The role a cell's line is drawn in: main roads `.normal`, small streets and paths
    /// `.dim`, railways, water and parks `.border` (their patterns tell them apart in mono).
    static func role(of rank: Int8) -> TextRoleChoice {
        guard let kind = StreetClass(rawValue: Int(rank)) else { return .dim }
        switch kind {
        case .primary, .secondary, .tertiary: return .normal
        case .residential, .footway: return .dim
        case .railway, .water, .park: return .border
        }
    }

    /// The roles of `role(of:)`, kept apart from the Terminal module's so the raster stays pure.
    enum TextRoleChoice { case normal, dim, border }
}
