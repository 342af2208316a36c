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

    init(window: UnsafeMutablePointer<WINDOW>, text: CellText, roles: [TextRole: (attr_t, Int16)], colorInUse: Bool) {
        self.window = window
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
        return x - column
    }

    func fill(row: Int, column: Int, width count: Int, role: TextRole) {
        guard row >= 0, row < height else { return }
        let start = max(0, column)
        let n = min(width, column + count) - start
        guard n > 0 else { return }
        let (attr, pair) = roles[role] ?? (dc_a_normal(), 0)
        dc_fill(window, Int32(row), Int32(start), Int32(n), attr, pair)
    }

    func clear() {
        werase(window)
    }
}
