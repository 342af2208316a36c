import Scenes
import Terminal

/// The composition root at run time: holds one scene stack per section (Shows, Places,
/// Favourites, Continue), routes keys to the scene on top of the current section, handles the
/// global keys (help, repaint, Tab to the next section, `F` and `C` to theirs), and draws the
/// frame: header with the section tabs, scene, status bar, and the help overlay.
@MainActor
final class AppController: TerminalSessionDelegate, SceneNavigating, SectionHosting, DisplayInvalidating {
    /// The smallest terminal the scenes lay out in, in cells.
    static let minimumSize = (columns: 30, rows: 6)

    private var stacks: [AppSection: [SceneViewController]] = [:]
    /// The section on screen.
    private(set) var section: AppSection = .shows
    private var showingHelp = false
    /// True while the help box shows "About this data" instead of the keys (`a` in the help).
    private var showingAbout = false
    /// The "About this data" page's sections (the snapshot's recorded parts); nil for none.
    var about: (() -> [HelpSection])?
    /// The page once made (on the first `a`): it is read from the embedded files.
    private var aboutSections: [HelpSection]?
    /// What the overlay lists while `showingHelp`: the keys (`?`, F1) or the recent messages (`M`).
    private var overlayShowsMessages = false
    /// The `:` palette while open.
    var palette: CommandPalette?
    /// The palette's earlier lines, read when it first opens.
    var paletteLines: [String]?
    /// Where the palette's lines are kept; nil keeps none.
    var paletteHistory: PaletteHistory?
    /// The status bar, its notice and its kept messages.
    private(set) var statusBar: StatusBar
    /// The help box's scroll position.
    private var helpOverlay = HelpOverlay()
    /// True when the last frame was the "terminal too small" notice.
    private var tooSmall = false
    weak var session: TerminalSession?
    /// True with `--mouse`: mouse reports act (else stray ones are dropped).
    var mouseEnabled = false
    /// The last left click, for telling a double click.
    private var lastClick: (row: Int, column: Int, at: ContinuousClock.Instant)?
    /// The screen columns of each section's tab in the header, as last drawn.
    private var tabColumns: [(AppSection, Range<Int>)] = []
    /// The scene's rectangle, as last drawn.
    private var sceneRect = Rect(row: 1, column: 0, height: 0, width: 0)
    /// Switches sections on Tab (builds a section's first scene on its first visit).
    var sectionRouter: SectionRoutingLogic?

    /// The most characters a paste puts into a field.
    static let maximumPastedCharacters = 1_000

    /// Makes the controller.
    /// - Parameter notice: a one-line notice to show at start (for example a terminal fallback).
    init(notice: String?) {
        self.statusBar = StatusBar(notice: notice)
    }

    /// The current section's stack.
    private var stack: [SceneViewController] {
        get { stacks[section] ?? [] }
        set { stacks[section] = newValue }
    }

    /// Sets the first scene of the current section and shows it.
    func setRoot(_ scene: SceneViewController) {
        stack = [scene]
        scene.sceneDidAppear()
    }

    var top: SceneViewController? { stack.last }

    /// The scenes of a section, bottom first (for tests and the router).
    func scenes(in section: AppSection) -> [SceneViewController] {
        stacks[section] ?? []
    }

    /// Shows a one-line notice on the status bar until the next key (for example that the
    /// favourites file was corrupt and moved aside).
    /// - Parameter notice: the notice, already one line.
    func post(notice: String) {
        statusBar.notice = notice
        setNeedsDisplay()
    }

    // MARK: SectionHosting

    func hasRoot(in section: AppSection) -> Bool {
        !(stacks[section] ?? []).isEmpty
    }

    func setRoot(_ scene: SceneViewController, in section: AppSection) {
        stacks[section] = [scene]
    }

    func show(section: AppSection) {
        self.section = section
        top?.sceneDidAppear()
        setNeedsDisplay()
    }

    // MARK: SceneNavigating

    func push(_ scene: SceneViewController) {
        stack.append(scene)
        scene.sceneDidAppear()
        setNeedsDisplay()
    }

    func pop() {
        guard stack.count > 1 else { return }
        stack.removeLast()
        stack.last?.sceneDidAppear()
        setNeedsDisplay()
    }

    /// Says a line on the status bar until the next key.
    func say(_ text: String) {
        statusBar.notice = text
    }

    func quit() {
        if let session {
            session.exit(status: 0)
        }
    }

    func setNeedsDisplay() {
        session?.setNeedsDisplay()
    }

    // MARK: TerminalSessionDelegate

    func session(_ session: TerminalSession, didReceive key: Key) {
        handle(key: key)
    }

    func session(_ session: TerminalSession, didReceivePaste text: String) {
        handle(paste: text)
    }

    func session(_ session: TerminalSession, didReceive mouse: MouseEvent) {
        handle(mouse: mouse)
    }

    /// Alt combinations belong to the scene on top (none while the help or the too-small
    /// notice is shown).
    func session(_ session: TerminalSession, bindsAlt key: Key) -> Bool {
        !tooSmall && !showingHelp && (top?.bindsAlt(key) ?? false)
    }

    /// True while the scene on top has a field that takes typing, on screen.
    var takesText: Bool {
        !tooSmall && !showingHelp && (top?.capturesText ?? false)
    }

    /// Pasted text goes into the focused field as one line; with no field focused it is
    /// ignored: a paste never acts as keys.
    func handle(paste text: String) {
        if palette != nil {
            palette?.type(String(InputDecoder.singleLine(text).prefix(200)))
            return
        }
        guard takesText, let top else { return }
        statusBar.notice = nil
        // A field holds a name or a query: a paste longer than that (a whole file by mistake)
        // is cut, so that typing into it stays quick.
        let line = String(InputDecoder.singleLine(text).prefix(Self.maximumPastedCharacters))
        guard !line.isEmpty else { return }
        top.paste(line)
    }

    /// A mouse report, with `--mouse`: the wheel scrolls by 3 rows (as three arrow keys, so
    /// every scene scrolls the way its arrows do); a left click on a tab switches to it, in
    /// the scene selects what is under it, and a second click there within 0.4 s opens it.
    /// Without `--mouse`, reports (from a terminal left in mouse mode) are dropped.
    func handle(mouse: MouseEvent) {
        guard mouseEnabled, !tooSmall else { return }
        switch (mouse.button, mouse.action) {
        case (.wheelUp, .press), (.wheelDown, .press):
            lastClick = nil
            let key: Key = mouse.button == .wheelUp ? .up : .down
            for _ in 0..<3 { handle(key: key) }
        case (.left, .press):
            let now = ContinuousClock.now
            let double = lastClick.map { $0.row == mouse.row && $0.column == mouse.column && now - $0.at < .milliseconds(400) } ?? false
            lastClick = double ? nil : (mouse.row, mouse.column, now)
            click(row: mouse.row, column: mouse.column, count: double ? 2 : 1)
        default:
            break
        }
    }

    private func click(row: Int, column: Int, count: Int) {
        statusBar.notice = nil
        if showingHelp {
            showingHelp = false
            showingAbout = false
            helpOverlay.reset()
            return
        }
        if row == 0 {
            if let (section, _) = tabColumns.first(where: { $0.1.contains(column) }), section != self.section {
                sectionRouter?.routeToSection(section)
            }
            return
        }
        guard let top, sceneRect.height > 0,
            row >= sceneRect.row, row < sceneRect.row + sceneRect.height,
            column >= sceneRect.column, column < sceneRect.column + sceneRect.width
        else { return }
        _ = top.handle(click: SceneClick(row: row, column: column, count: count))
    }

    /// Handles a key: the help overlay and global keys first, then the scene on top.
    func handle(key: Key) {
        statusBar.notice = nil
        if tooSmall {
            // Nothing can be seen, so nothing is acted on but quitting.
            if key == .character("q") { quit() }
            return
        }
        if showingHelp {
            handleHelpKey(key)
            return
        }
        if palette != nil {
            handlePaletteKey(key)
            return
        }
        guard let top else {
            if GlobalKeys.action(for: key, typing: false) == .repaint { session?.forceFullRepaint() }
            return
        }
        guard let action = GlobalKeys.action(for: key, typing: top.capturesText) else {
            _ = top.handle(key: key)
            return
        }
        perform(action)
    }

    /// Does what a global key's action asks (`GlobalKeys`).
    private func perform(_ action: GlobalKeys.Action) {
        switch action {
        case .repaint: session?.forceFullRepaint()
        case .help, .messages:
            showingHelp = true
            overlayShowsMessages = action == .messages
        case .nextSection: sectionRouter?.routeToNextSection()
        case .previousSection: sectionRouter?.routeToPreviousSection()
        case .favourites: sectionRouter?.routeToSection(.favourites)
        case .continueWatching: sectionRouter?.routeToSection(.continueWatching)
        case .palette: openPalette()
        }
    }

    /// Keys while the help is open: close it, switch to "About this data", or scroll it;
    /// others are ignored.
    private func handleHelpKey(_ key: Key) {
        let global = GlobalKeys.action(for: key, typing: false)
        switch key {
        case _ where global == .help || global == .messages, .escape, .character("q"), .enter:
            showingHelp = false
            showingAbout = false
            overlayShowsMessages = false
            helpOverlay.reset()
        case .character("a") where about != nil:
            if aboutSections == nil { aboutSections = about?() }
            showingAbout.toggle()
            overlayShowsMessages = false
            helpOverlay.reset()
        default:
            helpOverlay.scroll(key)
        }
    }

    func render(on canvas: Canvas) {
        draw(on: canvas)
    }

    /// Draws a whole frame on a canvas (also used by tests on a `GridCanvas`).
    func draw(on canvas: Canvas) {
        let (minCols, minRows) = Self.minimumSize
        tooSmall = canvas.width < minCols || canvas.height < minRows
        guard !tooSmall else {
            drawTooSmall(canvas)
            return
        }
        guard let top else { return }
        let symbols = Symbols(canvas.text.repertoire)
        drawHeader(canvas, symbols: symbols)
        // The scene.
        // A message too long for the bar takes rows above it: the scene gives them up, so that
        // nothing of it is hidden.
        let messageRows = statusBar.rowsAbove(canvas, content: top.statusBar, symbols: symbols)
        let body = Rect(row: 1, column: 0, height: canvas.height - 2 - messageRows, width: canvas.width)
        sceneRect = body
        top.draw(on: canvas, in: body)
        // Read again once the scene is drawn: a scene fits its source to the width it drew at.
        statusBar.draw(canvas, content: top.statusBar, symbols: symbols)
        if showingHelp && overlayShowsMessages {
            helpOverlay.draw(canvas, sections: [statusBar.messagesSection(width: canvas.width, text: canvas.text)], credit: "", symbols: symbols, title: "Messages")
        } else if showingHelp && showingAbout, let aboutSections {
            helpOverlay.draw(
                canvas, sections: aboutSections, credit: "Recorded public answers; PROVENANCE.md names each file's origin. a: the keys again",
                symbols: symbols, title: "About this data")
        } else if let palette {
            PaletteView.draw(palette, on: canvas)
        } else if showingHelp {
            let help = [top.helpSection, about == nil ? GlobalHelp.everywhere : GlobalHelp.everywhereWithAbout] + (mouseEnabled ? [GlobalHelp.mouse] : [])
            helpOverlay.draw(canvas, sections: help, credit: top.credit, symbols: symbols)
        }
    }

    /// The fewest cells of the path the header keeps beside every tab before it shows the
    /// current section's tab alone.
    static let shortestPath = 24

    /// The header: the app's name, the section tabs (the current one in brackets, as
    /// `Discover  [Shows]  Places`), then the breadcrumb of the section's scenes.
    private func drawHeader(_ canvas: Canvas, symbols: Symbols) {
        canvas.fill(row: 0, column: 0, width: canvas.width, role: .heading)
        let separator = " \(symbols.separator) "
        let titles = Breadcrumb.parts(stack.map(\.title))
        let crumbs = titles.joined(separator: separator)
        // When the whole path would not fit, the app's name goes first, then the path is cut
        // down to `Self.shortestPath` cells, and only then do the other sections' tabs go (so
        // every tab, Continue's included, is named on an 80-column first screen).
        let tabsWidth = AppSection.allCases.reduce(0) { $0 + canvas.text.width($1.title) + 3 } - 1
        let pathWidth = 3 + canvas.text.width(crumbs)
        let showName = 11 + tabsWidth + pathWidth <= canvas.width
        let allTabs = showName || 1 + tabsWidth + 3 + min(pathWidth - 3, Self.shortestPath) <= canvas.width
        var x = canvas.put(showName ? " Discover  " : " ", row: 0, column: 0, maxWidth: canvas.width, role: .heading)
        let tabs = allTabs ? AppSection.allCases : [section]
        tabColumns = []
        for (i, tab) in tabs.enumerated() {
            let active = tab == section
            // The same width either way, so the tabs never move.
            let label = active ? "[\(tab.title)]" : " \(tab.title) "
            if i > 0 { x += canvas.put(" ", row: 0, column: x, maxWidth: max(0, canvas.width - x), role: .heading) }
            let width = canvas.put(label, row: 0, column: x, maxWidth: max(0, canvas.width - x), role: active ? .accent : .heading)
            tabColumns.append((tab, x..<(x + width)))
            x += width
        }
        let room = canvas.width - x - 3
        canvas.put(
            " \(symbols.vertical) " + Breadcrumb.shortened(titles, separator: separator, room: room, text: canvas.text),
            row: 0, column: x, maxWidth: max(0, canvas.width - x), role: .heading)
    }

    /// Says the terminal is too small, centred, instead of the frame.
    private func drawTooSmall(_ canvas: Canvas) {
        let (minCols, minRows) = Self.minimumSize
        let message = "Terminal too small (needs \(minCols)×\(minRows))"
        let lines = canvas.text.wrap(message, toCells: max(1, canvas.width))
        let top = max(0, (canvas.height - lines.count) / 2)
        for (i, line) in lines.prefix(canvas.height).enumerated() {
            let w = canvas.text.width(line)
            canvas.put(line, row: top + i, column: max(0, (canvas.width - w) / 2), maxWidth: canvas.width, role: .error)
        }
    }
}
