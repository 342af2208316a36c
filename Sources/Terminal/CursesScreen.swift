@preconcurrency import CNCursesW
import CTerminalGuard
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why the terminal could not be set up.
public enum TerminalError: Error, Sendable, Equatable {
    /// No terminal description works for `TERM` (the value, possibly empty), even after the
    /// fallbacks.
    case unknownTerminal(String)
    /// The terminal cannot address the cursor (for example `TERM=dumb`).
    case notCapable(String)
}

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

    /// Makes options.
    /// - Parameters:
    ///   - colorEnabled: whether colour may be used.
    ///   - repertoire: `.unicode` only in a UTF-8 locale.
    ///   - inputFD: where keys come from.
    ///   - outputFD: where the screen goes.
    ///   - term: the terminal type to try first.
    public init(colorEnabled: Bool, repertoire: GlyphRepertoire, inputFD: Int32 = 0, outputFD: Int32 = 1, term: String? = nil) {
        self.colorEnabled = colorEnabled
        self.repertoire = repertoire
        self.inputFD = inputFD
        self.outputFD = outputFD
        self.term = term
    }
}

/// The ncursesw screen: its lifecycle (`newterm`, never `initscr`, which exits on an unknown
/// `TERM`), keys, colours, suspend and resume, resize and shutdown. Main actor only.
@MainActor
public final class CursesScreen {
    /// The terminal types tried, in order, when `TERM` has no terminfo entry here.
    public static let fallbackTerms = ["xterm-256color", "xterm", "vt100"]

    /// The terminal type in use.
    public let termName: String
    /// A one-line notice when a fallback terminal type is in use, else nil.
    public let notice: String?
    /// The sanitiser for this terminal.
    public let text: CellText
    /// True when colour is in use.
    public let colorInUse: Bool
    private let screen: OpaquePointer
    private let inputFile: UnsafeMutablePointer<FILE>
    private let outputFile: UnsafeMutablePointer<FILE>
    private let inputFD: Int32
    private var ended = false
    private var attributesByRole: [TextRole: (attr_t, Int16)] = [:]

    /// Sets up the terminal: raw-ish input (`cbreak`, so Ctrl-C and Ctrl-Z still signal),
    /// no echo, keypad decoding, a 25 ms Esc delay, hidden cursor, default colours.
    /// - Parameter options: how to set it up.
    /// - Throws: `TerminalError` when no terminal description works, or the terminal cannot
    ///   address the cursor.
    public init(options: ScreenOptions) throws {
        guard let outputFile = fdopen(dup(options.outputFD), "w"), let inputFile = fdopen(dup(options.inputFD), "r") else {
            throw TerminalError.notCapable("cannot open the terminal's file descriptors")
        }
        let requested = options.term ?? ProcessInfo.processInfo.environment["TERM"] ?? ""
        // The terminal's own settings, saved before curses changes them, for the fatal-signal
        // guard and for the final restore.
        _ = dc_guard_save(options.outputFD)
        use_tioctl(true)
        set_escdelay(25)
        var chosen: (OpaquePointer, String)?
        for candidate in [requested] + Self.fallbackTerms where !candidate.isEmpty {
            if let s = newterm(candidate, outputFile, inputFile) {
                chosen = (s, candidate)
                break
            }
        }
        guard let (screen, name) = chosen else {
            fclose(outputFile)
            fclose(inputFile)
            throw TerminalError.unknownTerminal(requested)
        }
        set_term(screen)
        if dc_tigetstr("cup") == nil {
            endwin()
            delscreen(screen)
            fclose(outputFile)
            fclose(inputFile)
            throw TerminalError.notCapable(name)
        }
        self.screen = screen
        self.inputFile = inputFile
        self.outputFile = outputFile
        self.inputFD = options.inputFD
        self.termName = name
        self.notice = name == requested ? nil : "no terminfo for TERM=\(requested): using \(name)"
        self.text = CellText(repertoire: options.repertoire)

        cbreak()
        noecho()
        nonl()
        intrflush(dc_stdscr(), false)
        keypad(dc_stdscr(), true)
        nodelay(dc_stdscr(), true)
        leaveok(dc_stdscr(), true)
        curs_set(0)
        Self.defineCommonKeySequences()

        var color = false
        if options.colorEnabled && has_colors() {
            start_color()
            use_default_colors()
            color = true
        }
        self.colorInUse = color
        configureRoles(color: color)

        // The sequence that leaves the alternate screen and shows the cursor, for the
        // fatal-signal guard, which cannot call ncurses.
        let leave = (dc_tigetstr("rmcup").map { String(cString: $0) } ?? "") + (dc_tigetstr("cnorm").map { String(cString: $0) } ?? "")
        leave.withCString { dc_guard_arm($0) }
    }

    /// Teaches ncurses the cursor and editing keys in both of the forms terminals send: the
    /// normal-mode ones (`ESC [ A`) and the application-mode ones (`ESC O A`). terminfo lists
    /// only the form for the mode `keypad` asks for, and some terminals, multiplexers and SSH
    /// clients ignore that request.
    private static func defineCommonKeySequences() {
        let sequences: [(String, Int32)] = [
            ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
            ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
            ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END), ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END),
            ("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[8~", KEY_END),
            ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE), ("\u{1B}[3~", KEY_DC), ("\u{1B}[Z", KEY_BTAB),
        ]
        for (sequence, code) in sequences where key_defined(sequence) == 0 {
            define_key(sequence, code)
        }
    }

    private func configureRoles(color: Bool) {
        let bold = dc_a_bold(), reverse = dc_a_reverse(), dim = dc_a_dim(), normal = dc_a_normal(), underline = dc_a_underline()
        if color {
            // Foreground colours on the terminal's own background (-1), never redefined colours.
            let pairs: [(TextRole, Int16, Int16)] = [
                (.heading, 1, Int16(COLOR_CYAN)), (.accent, 2, Int16(COLOR_YELLOW)),
                (.error, 3, Int16(COLOR_RED)), (.border, 4, Int16(COLOR_BLUE)),
            ]
            for (_, pair, fg) in pairs { init_pair(pair, fg, -1) }
            attributesByRole = [
                .normal: (normal, 0), .heading: (bold, 1), .selected: (reverse | bold, 0), .dim: (dim, 0),
                .accent: (normal, 2), .status: (reverse, 0), .error: (bold, 3), .border: (normal, 4),
                .match: (bold | underline, 2), .selectedMatch: (reverse | bold | underline, 0),
            ]
        } else {
            attributesByRole = [
                .normal: (normal, 0), .heading: (bold, 0), .selected: (reverse | bold, 0), .dim: (dim, 0),
                .accent: (bold, 0), .status: (reverse, 0), .error: (bold, 0), .border: (normal, 0),
                .match: (bold | underline, 0), .selectedMatch: (reverse | bold | underline, 0),
            ]
        }
    }

    /// The size of the screen in cells.
    public var size: (rows: Int, columns: Int) {
        (Int(dc_getmaxy(dc_stdscr())), Int(dc_getmaxx(dc_stdscr())))
    }

    /// Reads every key waiting, without blocking. An Escape followed by another key in the
    /// same read is one Alt combination (`Key.alt`); see `pairingAlt(_:)`.
    /// - Returns: the keys, in order; empty when none is waiting.
    public func readKeys() -> [Key] {
        var keys: [Key] = []
        var ch: wint_t = 0
        while keys.count < 4096 {
            let rc = wget_wch(dc_stdscr(), &ch)
            if rc == dc_err() { break }
            keys.append(rc == dc_key_code_yes() ? Self.decode(keyCode: Int32(ch)) : Self.decode(character: UInt32(ch)))
        }
        return Self.pairingAlt(keys)
    }

    /// Joins each Escape that is followed by another key read at the same time into
    /// `.alt(key)`: ncurses gives Alt-q (`ESC q`, sent in one write) as 27 then `q` once its
    /// short ESCDELAY finds no known sequence, and a lone Esc arrives alone. Two Escapes stay
    /// two Escapes, and a resize notice is never paired.
    /// - Parameter keys: the keys of one read, in order.
    /// - Returns: the keys with the pairs joined.
    public nonisolated static func pairingAlt(_ keys: [Key]) -> [Key] {
        var result: [Key] = []
        result.reserveCapacity(keys.count)
        var index = keys.startIndex
        while index < keys.endIndex {
            let key = keys[index]
            let next = keys.index(after: index)
            if key == .escape, next < keys.endIndex, keys[next] != .escape, keys[next] != .resize {
                result.append(.alt(keys[next]))
                index = keys.index(after: next)
            } else {
                result.append(key)
                index = next
            }
        }
        return result
    }

    static func decode(keyCode code: Int32) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME, KEY_A1: return .home
        case KEY_END, KEY_C1: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        case KEY_RESIZE: return .resize
        default:
            for n in 1...12 where code == dc_key_f(Int32(n)) { return .function(n) }
            return .unknown(code)
        }
    }

    static func decode(character value: UInt32) -> Key {
        switch value {
        case 27: return .escape
        case 10, 13: return .enter
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26:
            guard let scalar = Unicode.Scalar(value + 96) else { return .unknown(Int32(value)) }
            return .control(Character(scalar))
        case 0..<32: return .unknown(Int32(value))
        default:
            guard let scalar = Unicode.Scalar(value) else { return .unknown(Int32(bitPattern: value)) }
            return .character(Character(scalar))
        }
    }

    /// Draws one frame: erases the screen's image, lets `draw` paint it, and sends only the
    /// cells that changed (`werase`, `wnoutrefresh`, one `doupdate`).
    /// - Parameter draw: paints the frame on a canvas of the screen's size.
    public func present(_ draw: (Canvas) -> Void) {
        guard !ended, let window = dc_stdscr() else { return }
        werase(window)
        let canvas = CursesCanvas(window: window, text: text, roles: attributesByRole)
        draw(canvas)
        wnoutrefresh(window)
        doupdate()
    }

    /// Makes the next frame repaint every cell (after a resize, a resume, or Ctrl-L).
    public func invalidate() {
        clearok(dc_curscr(), true)
    }

    /// Reads the terminal's size from the kernel (`TIOCGWINSZ`) and resizes ncurses' screens.
    /// - Returns: true when the size changed.
    @discardableResult
    public func updateSize() -> Bool {
        var ws = winsize()
        guard ioctl(inputFD, UInt(TIOCGWINSZ), &ws) == 0 || ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_row > 0, ws.ws_col > 0 else { return false }
        let (rows, cols) = size
        guard Int(ws.ws_row) != rows || Int(ws.ws_col) != cols else { return false }
        resizeterm(Int32(ws.ws_row), Int32(ws.ws_col))
        // resizeterm queues KEY_RESIZE; the caller has already acted on the new size.
        return true
    }

    /// On a terminal without an alternate screen (`vt100`, `linux`) the app's last frame would
    /// stay under the shell's prompt: clear it first, with the cursor at the top left.
    private func clearIfNoAlternateScreen() {
        guard dc_tigetstr("rmcup") == nil, let window = dc_stdscr() else { return }
        werase(window)
        wmove(window, 0, 0)
        leaveok(window, false)
        wnoutrefresh(window)
        doupdate()
        leaveok(window, true)
    }

    /// Leaves curses for the shell: normal screen, cooked mode, cursor shown.
    public func suspend() {
        guard !ended else { return }
        clearIfNoAlternateScreen()
        endwin()
        fflush(outputFile)
    }

    /// Comes back from `suspend()`: program mode again, size re-read, full repaint next frame.
    public func resume() {
        guard !ended else { return }
        reset_prog_mode()
        updateSize()
        invalidate()
    }

    /// Ends curses for good and restores the terminal. Safe to call more than once.
    public func end() {
        guard !ended else { return }
        ended = true
        clearIfNoAlternateScreen()
        curs_set(1)
        endwin()
        fflush(outputFile)
        dc_guard_disarm()
        dc_guard_restore_termios()
    }
}

/// A canvas that draws into an ncurses window with the wide-character API.
@MainActor
final class CursesCanvas: Canvas {
    let window: UnsafeMutablePointer<WINDOW>
    let text: CellText
    let roles: [TextRole: (attr_t, Int16)]
    let height: Int
    let width: Int

    init(window: UnsafeMutablePointer<WINDOW>, text: CellText, roles: [TextRole: (attr_t, Int16)]) {
        self.window = window
        self.text = text
        self.roles = roles
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
