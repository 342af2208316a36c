/// How a screen can draw pictures.
public enum ImageColours: Sendable, Hashable {
    /// It draws none: no colour, 8 or 16 colours, ASCII, or pictures turned off.
    case none
    /// xterm's 256 colours: each pixel as the nearest colour of the cube (16–231) or the greys
    /// (232–255) in CIELAB, never 0–15 (which themes and terminals redefine).
    case palette
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    case truecolour
    /// The kitty graphics protocol: set once the terminal has answered its query
    /// (`CursesScreen.useKittyGraphics()`); ncurses holds blanks where the picture is.
    case kitty

    /// What a screen can do.
    /// - Parameters:
    ///   - wanted: pictures are asked for (`--images` and the `images` setting).
    ///   - colorInUse: colour is in use (not `NO_COLOR`, `--no-color`, `--theme mono`).
    ///   - unicode: the locale shows `▀` (not `--ascii`).
    ///   - colors: the terminal's colours (ncurses' `COLORS`).
    ///   - colorterm: the `COLORTERM` variable.
    public static func choose(wanted: Bool, colorInUse: Bool, unicode: Bool, colors: Int, colorterm: String?) -> ImageColours {
        guard wanted, colorInUse, unicode else { return .none }
        if let colorterm, ["truecolor", "24bit"].contains(colorterm.lowercased()) { return .truecolour }
        return colors >= 256 ? .palette : .none
    }
}
