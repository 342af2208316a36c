@preconcurrency import CNCursesW
import CTerminalGuard
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// How to set up the screen.
public struct ScreenOptions: Sendable {
    /// Use colour when the terminal has it (off for `NO_COLOR` and `--no-color`).
    public var colorEnabled: Bool
    /// The characters the terminal can show.
    public var repertoire: GlyphRepertoire
    /// The file descriptor keys are read from (0, or an opened `/dev/tty`).
    public var inputFD: Int32
    /// The file descriptor the screen is written to (1).
    public var outputFD: Int32
    /// The `TERM` value to try first; nil for the environment's.
    public var term: String?
    /// Ask the terminal for mouse reports (xterm's modes 1000 and 1006) while the app owns
    /// the screen. Off, no mouse mode is ever turned on, and the terminal's own selection works.
    public var mouse: Bool = false
    /// The colour theme (`mono` draws no colour, as `colorEnabled` false does).
    public var theme: Theme = .dark
    /// Draw pictures (posters, photos) in half-blocks where the terminal can (`--images`).
    public var images: Bool = false
    /// The `COLORTERM` variable: `truecolor` or `24bit` draws pictures in 24-bit colour.
    public var colorterm: String?

    /// Makes options.
    /// - Parameters:
    ///   - colorEnabled: whether colour may be used.
    ///   - repertoire: `.unicode` only in a UTF-8 locale.
    ///   - inputFD: where keys come from.
    ///   - outputFD: where the screen goes.
    ///   - term: the terminal type to try first.
    ///   - mouse: whether to ask for mouse reports.
    ///   - theme: the colour theme.
    public init(
        colorEnabled: Bool, repertoire: GlyphRepertoire, inputFD: Int32 = 0, outputFD: Int32 = 1, term: String? = nil, mouse: Bool = false,
        theme: Theme = .dark
    ) {
        self.mouse = mouse
        self.theme = theme
        self.colorEnabled = colorEnabled
        self.repertoire = repertoire
        self.inputFD = inputFD
        self.outputFD = outputFD
        self.term = term
    }
}
