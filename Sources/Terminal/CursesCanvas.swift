@preconcurrency import CNCursesW
import CTerminalGuard
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A canvas that draws into an ncurses window with the wide-character API.
@MainActor
final class CursesCanvas: Canvas {
    let window: UnsafeMutablePointer<WINDOW>
    let text: CellText
    let roles: [TextRole: (attr_t, Int16)]
    let colorInUse: Bool
    let height: Int
    let width: Int
    let imageColours: ImageColours
    /// The colour pairs and 24-bit pictures of this frame, for the screen.
    let pictures = PictureFrame()

    init(
        window: UnsafeMutablePointer<WINDOW>, text: CellText, roles: [TextRole: (attr_t, Int16)], colorInUse: Bool,
        imageColours: ImageColours = .none
    ) {
        self.window = window
        self.imageColours = imageColours
        self.text = text
        self.roles = roles
        self.colorInUse = colorInUse
        self.height = Int(dc_getmaxy(window))
        self.width = Int(dc_getmaxx(window))
    }

    @discardableResult
    func put(_ string: String, row: Int, column: Int, maxWidth: Int?, role: TextRole) -> Int {
        guard row >= 0, row < height, column >= 0, column < width else { return 0 }
        let room = min(width - column, maxWidth ?? Int.max)
        let glyphs = text.fit(text.glyphs(string), cells: room)
        let (attr, pair) = roles[role] ?? (dc_a_normal(), 0)
        var x = column
        var buffer: [wchar_t] = []
        for glyph in glyphs {
            buffer.removeAll(keepingCapacity: true)
            for scalar in glyph.scalars { buffer.append(wchar_t(bitPattern: scalar.value)) }
            buffer.append(0)
            _ = dc_put_cell(window, Int32(row), Int32(x), buffer, attr, pair)
            x += glyph.width
        }
        cover(row: row, from: column, to: x)
        return x - column
    }

    /// Records cells written after a 24-bit picture, over it (an overlay), so that it is not
    /// written over them.
    private func cover(row: Int, from: Int, to: Int) {
        for i in pictures.placements.indices { pictures.placements[i].cover(row: row, from: from, to: to) }
    }

    func fill(row: Int, column: Int, width count: Int, role: TextRole) {
        guard row >= 0, row < height else { return }
        let start = max(0, column)
        let n = min(width, column + count) - start
        guard n > 0 else { return }
        let (attr, pair) = roles[role] ?? (dc_a_normal(), 0)
        dc_fill(window, Int32(row), Int32(start), Int32(n), attr, pair)
        cover(row: row, from: start, to: start + n)
    }

    func clear() {
        werase(window)
        pictures.placements = []
    }

    /// Blank characters that ncurses tells apart (its scrolling compares rows by their
    /// characters alone): U+00A0 and U+2000–U+200A, each one cell wide.
    private static let rowMarks: [wchar_t] = [0xA0] + (0x2000...0x200A).map { wchar_t($0) }

    /// Writes, in the cell left and the cell right of a picture's rows, a pair of blanks unique
    /// to each screen row. ncurses' scrolling matches rows by their characters only: without
    /// the marks, a row beside a picture (all `▀` or blanks to ncurses) could be taken for another
    /// and scrolled with the text, moving the picture and writing it again.
    private func markRows(_ rows: Range<Int>, left: Int, right: Int) {
        let marks = Self.rowMarks
        for y in rows {
            let first: [wchar_t] = [marks[y % marks.count], 0]
            let second: [wchar_t] = [marks[y / marks.count % marks.count], 0]
            if left >= 0 && left < width { _ = dc_put_cell(window, Int32(y), Int32(left), first, dc_a_normal(), 0) }
            if right >= 0 && right < width { _ = dc_put_cell(window, Int32(y), Int32(right), second, dc_a_normal(), 0) }
        }
    }

    /// In the 256-colour palette: `▀` cells, each with a pair of the two nearest palette colours
    /// made by `alloc_pair` (ncurses' extended pairs, kept while on screen). In 24-bit colour:
    /// blanks on each row's mean colour for ncurses, and the picture recorded for the screen to
    /// write over them after ncurses' frame (`PictureFrame`). Either way the cells left and right
    /// of its rows get the rows' marks (`markRows`).
    func draw(_ image: HalfBlockImage, row: Int, column: Int, maxRows: Int) {
        let top = max(0, row)
        let left = max(0, column)
        let bottom = min(height, row + min(maxRows, image.rows))
        let right = min(width, column + image.columns)
        guard imageColours != .none, top < bottom, left < right else { return }
        markRows(top..<bottom, left: column - 1, right: column + image.columns)
        switch imageColours {
        case .none: return
        case .truecolour, .kitty:
            pictures.placements.append(PictureFrame.Placement(image: image, row: row, column: column, top: top, left: left, bottom: bottom, right: right))
            // ncurses holds each row as blanks on the row's mean colour (nearest in the palette):
            // never cleared as empty by an erase to the end of a row, rows unlike each other so
            // that its scrolling does not move them with the text beside them, a few bytes, and
            // a coarse picture should the 24-bit one ever be lost.
            let blank: [wchar_t] = [0x20, 0]
            for y in top..<bottom {
                var sums = (0, 0, 0)
                for x in left..<right {
                    for half in 0..<2 {
                        let (r, g, b) = image.pixel(x: x - column, y: 2 * (y - row) + half)
                        sums = (sums.0 + Int(r), sums.1 + Int(g), sums.2 + Int(b))
                    }
                }
                let n = 2 * (right - left)
                let colour = PaletteMatch.nearest(UInt8(sums.0 / n), UInt8(sums.1 / n), UInt8(sums.2 / n))
                let pair = pictures.pair(colour, colour)
                for x in left..<right { _ = dc_put_cell_pair(window, Int32(y), Int32(x), blank, dc_a_normal(), max(0, pair)) }
            }
        case .palette:
            let glyph: [wchar_t] = [0x2580, 0]
            for y in top..<bottom {
                for x in left..<right {
                    let upper = image.paletteColour(x: x - column, y: 2 * (y - row))
                    let lower = image.paletteColour(x: x - column, y: 2 * (y - row) + 1)
                    let pair = pictures.pair(upper, lower)
                    guard pair > 0 else { continue }
                    _ = dc_put_cell_pair(window, Int32(y), Int32(x), glyph, dc_a_normal(), pair)
                }
            }
        }
    }
}
