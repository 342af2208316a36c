@preconcurrency import CNCursesW
import CTerminalGuard
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

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
    /// How pictures are drawn (`ImageColours.choose`; `.kitty` after `useKittyGraphics()`).
    public private(set) var imageColours: ImageColours
    /// Bytes typed before the screen took the terminal (read by the line discipline in its
    /// normal mode, so the Enter key's CR arrived as LF); `TerminalSession` reads them so.
    public let typedBeforeStart: Int
    private let screen: OpaquePointer
    private let inputFile: UnsafeMutablePointer<FILE>
    private let outputFile: UnsafeMutablePointer<FILE>
    private let inputFD: Int32
    private var ended = false
    private let mouse: Bool
    private var attributesByRole: [TextRole: (attr_t, Int16)] = [:]

    /// Sets up the terminal: raw-ish input (`cbreak`, so Ctrl-C and Ctrl-\ still signal; no
    /// flow control, and Ctrl-Z read as a key for the session to suspend by), no echo, hidden
    /// cursor, default colours, bracketed paste on (and mouse reports when asked for). ncurses
    /// only draws: keys are read and decoded by `InputDecoder`.
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
        self.mouse = options.mouse
        self.termName = name
        self.notice = name == requested ? nil : "no terminfo for TERM=\(requested): using \(name)"
        self.text = CellText(repertoire: options.repertoire)

        cbreak()
        nonl()
        // Keys typed before this point went through the terminal's line discipline, which
        // turned the Enter key's CR into LF (ICRNL): how many bytes wait now, to read as typed.
        // Counted after `nonl` turned ICRNL off, so a key that arrives while the modes change
        // is counted too (counted before it, such a key's LF was read as a pasted line break).
        var waiting: Int32 = 0
        self.typedBeforeStart = ioctl(options.inputFD, UInt(FIONREAD), &waiting) == 0 ? Int(max(0, waiting)) : 0
        noecho()
        Self.takeFlowControlAndSuspendKey(fd: fileno(outputFile))
        intrflush(dc_stdscr(), false)
        // ncurses never reads the terminal: no keypad mode, and no look at pending input that
        // would cut a frame short.
        keypad(dc_stdscr(), false)
        typeahead(-1)
        leaveok(dc_stdscr(), true)
        idlok(dc_stdscr(), true)
        curs_set(0)

        var color = false
        if options.colorEnabled && options.theme != .mono && has_colors() {
            start_color()
            use_default_colors()
            color = true
        }
        self.colorInUse = color
        self.imageColours = ImageColours.choose(
            wanted: options.images, colorInUse: color, unicode: options.repertoire == .unicode, colors: Int(dc_colors()),
            colorterm: options.colorterm)
        configureRoles(color: color, theme: options.theme)
        sendModes(inputModesOn)

        // The sequence that leaves the alternate screen and shows the cursor, for the
        // fatal-signal guard, which cannot call ncurses.
        let leave = inputModesOff + (dc_tigetstr("rmcup").map { String(cString: $0) } ?? "") + (dc_tigetstr("cnorm").map { String(cString: $0) } ?? "")
        leave.withCString { dc_guard_arm($0) }
    }

    /// Turns off what `cbreak` leaves to the line discipline that a full-screen program wants
    /// as keys: output flow control (IXON, so Ctrl-S no longer freezes every frame until
    /// Ctrl-Q) and the suspend character (VSUSP, so Ctrl-Z arrives as a byte and the session
    /// restores the terminal before the job stops, even when a wrapping shell shares the
    /// process group). Ctrl-C and Ctrl-\ still signal. The mode is recorded as ncurses'
    /// program mode, so `reset_prog_mode` on resume brings it back; `endwin` and the guard
    /// restore the terminal's own settings. A terminal that refuses keeps cbreak's mode.
    /// - Parameter fd: the terminal.
    private static func takeFlowControlAndSuspendKey(fd: Int32) {
        var mode = termios()
        guard tcgetattr(fd, &mode) == 0 else { return }
        mode.c_iflag &= ~tcflag_t(IXON)
        // The value that disables a special character (`_POSIX_VDISABLE`, a macro Swift does
        // not import; '\0' on Linux).
        let disabled = fpathconf(fd, Int32(_PC_VDISABLE))
        if disabled >= 0 && disabled <= 255 {
            withUnsafeMutableBytes(of: &mode.c_cc) { cc in
                if Int(VSUSP) < cc.count { cc[Int(VSUSP)] = UInt8(disabled) }
            }
        }
        guard tcsetattr(fd, TCSANOW, &mode) == 0 else { return }
        def_prog_mode()
    }

    /// The modes asked of the terminal while the app owns the screen: bracketed paste
    /// (2004), and mouse reports, SGR form (1000, 1006) when mouse is on.
    private var inputModesOn: String {
        "\u{1B}[?2004h" + (mouse ? "\u{1B}[?1000h\u{1B}[?1006h" : "")
    }

    /// The same modes turned off again.
    private var inputModesOff: String {
        "\u{1B}[?2004l" + (mouse ? "\u{1B}[?1006l\u{1B}[?1000l" : "")
    }

    /// Writes a mode sequence to the terminal at once, after whatever ncurses has handed to
    /// the output stream. (ncurses' `putp` would put it in stdio's standard output buffer,
    /// which is written only at exit.) A failed write (a terminal gone) is given up quietly:
    /// there is nobody left to tell.
    private func sendModes(_ sequence: String) {
        send(Array(sequence.utf8))
    }

    /// Writes bytes to the terminal at once, as `sendModes` does.
    private func send(_ sequence: [UInt8]) {
        fflush(outputFile)
        let fd = fileno(outputFile)
        var bytes = sequence[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                bytes = bytes.dropFirst(n)
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// Writes the background query to the terminal at once (its answer comes as keys do, and
    /// `TerminalSession` reads it). Nothing is written once the screen has ended.
    /// - Parameter query: the query.
    public func ask(_ query: BackgroundQuery) {
        guard !ended else { return }
        send(query.bytes)
    }

    /// Writes bytes to the terminal at once (a query); nothing once the screen has ended.
    /// - Parameter bytes: the bytes.
    public func writeQuery(_ bytes: [UInt8]) {
        guard !ended else { return }
        send(bytes)
    }

    /// Draws with another theme from the next frame on: each role's colours and attributes are
    /// set again (`configureRoles`); without colour in use, `mono` stays. The cells on screen are
    /// repainted on the next frame.
    /// - Parameter theme: the theme.
    public func apply(theme: Theme) {
        guard !ended else { return }
        configureRoles(color: colorInUse, theme: theme)
        invalidate()
    }

    /// Gives each role its attributes and colour pair from the theme's table for the terminal's
    /// palette (`Theme.styles(palette:)`); without colour, the `mono` table. A colour left to the
    /// terminal is -1 (`use_default_colors`); colours are never redefined.
    private func configureRoles(color: Bool, theme: Theme) {
        let palette = Theme.Palette(colors: Int(dc_colors()))
        let styles = (color ? theme : .mono).styles(palette: palette)
        var pairs: [Theme.Style: Int16] = [:]
        attributesByRole = [:]
        for role in TextRole.allCases {
            let style = styles[role] ?? Theme.Style()
            var attr = dc_a_normal()
            if style.attributes.contains(.bold) { attr |= dc_a_bold() }
            if style.attributes.contains(.underline) { attr |= dc_a_underline() }
            if style.attributes.contains(.reverse) { attr |= dc_a_reverse() }
            if style.attributes.contains(.dim) { attr |= dc_a_dim() }
            var pair: Int16 = 0
            if color, style.foreground != nil || style.background != nil {
                let colours = Theme.Style(foreground: style.foreground, background: style.background)
                if let known = pairs[colours] {
                    pair = known
                } else if pairs.count + 1 < Int(dc_color_pairs()) {
                    pair = Int16(pairs.count + 1)
                    init_pair(pair, Int16(style.foreground ?? -1), Int16(style.background ?? -1))
                    pairs[colours] = pair
                }
            }
            attributesByRole[role] = (attr, pair)
        }
    }

    /// The size of the screen in cells.
    public var size: (rows: Int, columns: Int) {
        (Int(dc_getmaxy(dc_stdscr())), Int(dc_getmaxx(dc_stdscr())))
    }

    /// Draws one frame: erases the screen's image, lets `draw` paint it, and sends only the
    /// cells that changed (`werase`, `wnoutrefresh`, one `doupdate`).
    ///
    /// Pictures: the colour pairs of the last frame's picture cells that this frame does not use
    /// are freed (`free_pair`) once it is sent. A 24-bit picture is written after ncurses' frame
    /// only when it is new or moved, when the screen is repainted, or when ncurses writes any of
    /// its cells (another view drawn over it, then gone): otherwise its cells are left alone.
    /// - Parameter draw: paints the frame on a canvas of the screen's size.
    public func present(_ draw: (Canvas) -> Void) {
        guard !ended, let window = dc_stdscr() else { return }
        werase(window)
        let canvas = CursesCanvas(window: window, text: text, roles: attributesByRole, colorInUse: colorInUse, imageColours: imageColours)
        draw(canvas)
        wnoutrefresh(window)
        let placements = canvas.pictures.placements
        let rewrite =
            !placements.isEmpty
            && (repaintPending || placements != shownPictures
                || placements.contains { dc_rect_changes(Int32($0.top), Int32($0.left), Int32($0.bottom - $0.top), Int32($0.right - $0.left)) != 0 })
        doupdate()
        if imageColours == .kitty {
            // Shown again only when new, moved, covered or uncovered, or repainted: a move in a
            // list beside it writes nothing of it.
            if repaintPending || placements != shownPictures { send(canvas.pictures.kittyBytes()) }
        } else if rewrite {
            send(canvas.pictures.truecolourBytes())
        }
        shownPictures = placements
        repaintPending = false
        for pair in picturePairs.subtracting(canvas.pictures.pairs) { free_pair(pair) }
        picturePairs = canvas.pictures.pairs
    }

    /// Draws pictures with the kitty graphics protocol from the next frame on (the terminal
    /// answered `KittyGraphics.query`). Nothing changes unless pictures are drawn at all.
    public func useKittyGraphics() {
        guard !ended, imageColours != .none else { return }
        imageColours = .kitty
        invalidate()
    }

    /// The 24-bit pictures on screen, as last written.
    private var shownPictures: [PictureFrame.Placement] = []
    /// The colour pairs of the picture cells on screen.
    private var picturePairs: Set<Int32> = []
    /// True when the next frame repaints every cell (`invalidate()`).
    private var repaintPending = false

    /// Makes the next frame repaint every cell (after a resize, a resume, or Ctrl-L).
    public func invalidate() {
        clearok(dc_curscr(), true)
        repaintPending = true
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

    /// Erases what the app drew and leaves the cursor at the start of the bottom row, as `less`
    /// does, before curses leaves the alternate screen. Where there is one, the shell's screen
    /// comes back unchanged; where there is none (`vt100`, `linux`) or the terminal does not use
    /// it (GNU screen's default `altscreen off`, mosh), which terminfo cannot tell, the shell's
    /// prompt then starts on a clean line under a clean screen instead of over the last frame.
    private func clearForShell() {
        guard let window = dc_stdscr() else { return }
        werase(window)
        wmove(window, max(0, Int32(size.rows) - 1), 0)
        leaveok(window, false)
        wnoutrefresh(window)
        doupdate()
        leaveok(window, true)
    }

    /// True between `suspend()` and `resume()`: the terminal is in the shell's settings.
    private var handedToShell = false

    /// Leaves curses for the shell: paste and mouse modes off, normal screen, the terminal's
    /// own settings exactly as they were (flow control and the suspend key too), cursor shown,
    /// all of it written out (`tcdrain`) before this returns.
    public func suspend() {
        guard !ended else { return }
        sendModes(inputModesOff)
        clearForShell()
        endwin()
        fflush(outputFile)
        dc_guard_restore_termios()
        tcdrain(fileno(outputFile))
        handedToShell = true
    }

    /// Comes back from `suspend()`: the shell's settings now (changed with `stty` while the
    /// app was stopped, perhaps) are kept as the ones to restore on exit, then program mode
    /// again, the input modes back on, size re-read, full repaint next frame.
    public func resume() {
        guard !ended else { return }
        if handedToShell {
            handedToShell = false
            def_shell_mode()
            _ = dc_guard_save(fileno(outputFile))
        }
        reset_prog_mode()
        sendModes(inputModesOn)
        updateSize()
        invalidate()
    }

    /// Ends curses for good and restores the terminal. Safe to call more than once.
    public func end() {
        guard !ended else { return }
        ended = true
        if imageColours == .kitty { send(KittyGraphics.deleteAll) }
        sendModes(inputModesOff)
        clearForShell()
        curs_set(1)
        endwin()
        fflush(outputFile)
        dc_guard_disarm()
        dc_guard_restore_termios()
    }

    /// Gives up a terminal that hung up: writes nothing to it (no escape codes to a dead
    /// terminal), only disarms the crash guard. Later calls of `end()` and `present` do nothing.
    public func abandon() {
        guard !ended else { return }
        ended = true
        dc_guard_disarm()
    }
}
