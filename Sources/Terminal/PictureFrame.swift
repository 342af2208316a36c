@preconcurrency import CNCursesW

/// What one frame's pictures need of the screen: the extended colour pairs their cells use
/// (256 colours), and the pictures to write in 24-bit colour after ncurses' own frame.
@MainActor
final class PictureFrame {
    /// A 24-bit picture on screen: the picture, where its top left cell is, and the cells of it
    /// that show (rows `top..<bottom`, columns `left..<right`).
    struct Placement: Equatable {
        let image: HalfBlockImage
        let row: Int
        let column: Int
        let top: Int
        let left: Int
        let bottom: Int
        let right: Int
        /// The cells drawn over since (text or a fill after the picture: an overlay), as
        /// `row × 65536 + column`; they are left to ncurses.
        var covered: Set<Int> = []

        /// Records the cells of a row from `from` up to `to` (excluded) drawn over.
        mutating func cover(row y: Int, from: Int, to: Int) {
            guard y >= top, y < bottom else { return }
            for x in max(left, from)..<max(max(left, from), min(right, to)) { covered.insert(y << 16 | x) }
        }
    }

    /// The pairs this frame's picture cells use (`alloc_pair` numbers).
    private(set) var pairs: Set<Int32> = []
    /// The 24-bit pictures, in drawing order.
    var placements: [Placement] = []
    /// Pairs already asked of ncurses this frame, by colours.
    private var known: [Int32: Int32] = [:]

    /// The extended pair of a foreground and a background palette colour (`alloc_pair`, which
    /// finds the pair when it exists and else makes one, reusing the oldest when all are taken).
    /// - Returns: the pair, or -1 when ncurses has none to give.
    func pair(_ foreground: Int, _ background: Int) -> Int32 {
        let key = Int32(foreground << 8 | background)
        if let pair = known[key] { return pair }
        let pair = alloc_pair(Int32(foreground), Int32(background))
        known[key] = pair
        if pair > 0 { pairs.insert(pair) }
        return pair
    }

    /// The bytes that draw the 24-bit pictures: the cursor saved (DECSC, which keeps ncurses'
    /// idea of the cursor and attributes true), each row from its first cell (`CUP`), a colour
    /// sequence only where a colour changes from the cell before, `▀`, then the cursor and
    /// attributes restored (DECRC). Cells drawn over (`Placement.covered`) are skipped.
    func truecolourBytes() -> [UInt8] {
        guard !placements.isEmpty else { return [] }
        var out: [UInt8] = Array("\u{1B}7".utf8)
        for p in placements {
            for y in p.top..<p.bottom {
                var lastTop: (UInt8, UInt8, UInt8)?
                var lastBottom: (UInt8, UInt8, UInt8)?
                var placed = false
                for x in p.left..<p.right {
                    if p.covered.contains(y << 16 | x) {
                        placed = false
                        continue
                    }
                    if !placed {
                        out += Array("\u{1B}[\(y + 1);\(x + 1)H".utf8)
                        placed = true
                    }
                    let upper = p.image.pixel(x: x - p.column, y: 2 * (y - p.row))
                    let lower = p.image.pixel(x: x - p.column, y: 2 * (y - p.row) + 1)
                    var codes: [String] = []
                    if lastTop.map({ $0 != upper }) ?? true { codes.append("38;2;\(upper.0);\(upper.1);\(upper.2)") }
                    if lastBottom.map({ $0 != lower }) ?? true { codes.append("48;2;\(lower.0);\(lower.1);\(lower.2)") }
                    if !codes.isEmpty { out += Array("\u{1B}[\(codes.joined(separator: ";"))m".utf8) }
                    out += [0xE2, 0x96, 0x80]
                    lastTop = upper
                    lastBottom = lower
                }
            }
        }
        out += Array("\u{1B}[0m\u{1B}8".utf8)
        return out
    }

    /// The bytes that show the pictures with the kitty graphics protocol: the pictures shown
    /// before deleted, then each picture's visible part sent whole (`KittyGraphics.show`) at its
    /// top left visible cell, scaled by the terminal to its cells, between DECSC and DECRC. A
    /// picture with cells drawn over (an overlay) is not shown, so the overlay is seen.
    func kittyBytes() -> [UInt8] {
        var out: [UInt8] = Array("\u{1B}7".utf8) + KittyGraphics.deleteAll
        for p in placements where p.covered.isEmpty {
            out += Array("\u{1B}[\(p.top + 1);\(p.left + 1)H".utf8)
            let whole = p.top == p.row && p.left == p.column && p.bottom - p.top == p.image.rows && p.right - p.left == p.image.columns
            let source = whole ? nil : (x: p.left - p.column, y: 2 * (p.top - p.row), w: p.right - p.left, h: 2 * (p.bottom - p.top))
            out += KittyGraphics.show(
                rgb: p.image.pixels, width: p.image.columns, height: 2 * p.image.rows, columns: p.right - p.left, rows: p.bottom - p.top,
                source: source)
        }
        return out + Array("\u{1B}8".utf8)
    }
}
