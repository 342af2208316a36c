import Terminal

/// The ShowDetail scene's ViewController: asks for the details, scrolls them, goes back, and
/// draws the view model word-wrapped to the screen's width (the curses View).
@MainActor
package final class ShowDetailViewController: SceneViewController, ShowDetailDisplayLogic, FavouriteMarksDisplayLogic {
    package enum Action: Sendable {
        case up, down, pageUp, pageDown, top, bottom, back, retry, favourite
    }

    /// The scene's key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] = [
        KeyBinding(keys: [.up, .character("k")], label: "↑ k", help: "Scroll up", action: .up),
        KeyBinding(keys: [.down, .character("j")], label: "↓ j", help: "Scroll down", action: .down),
        KeyBinding(keys: [.pageUp, .control("b")], label: "PgUp", help: "Page up", action: .pageUp),
        KeyBinding(keys: [.pageDown, .control("f"), .character(" ")], label: "PgDn Space", help: "Page down", action: .pageDown),
        KeyBinding(keys: [.home, .character("g")], label: "Home g", help: "Top", action: .top),
        KeyBinding(keys: [.end, .character("G")], label: "End G", help: "Bottom", action: .bottom),
        KeyBinding(keys: [.escape, .left, .character("h"), .backspace, .character("q")], label: "Esc ← h q", help: "Back to the list", action: .back),
        KeyBinding(keys: [.character("r")], label: "r", help: "Load the details again", action: .retry),
        KeyBinding(keys: [.character("f")], label: "f", help: "Add to or remove from favourites (♥)", action: .favourite),
    ]

    package var interactor: ShowDetailBusinessLogic?
    package var router: (ShowDetailRoutingLogic & ShowDetailDataPassing)?
    package weak var display: DisplayInvalidating?
    /// The favourite marks (`f` and the star before the title); nil without favourites.
    package var marks: FavouriteMarksBusinessLogic?
    /// The ids (as text) of the shows that are favourites.
    private(set) var favouriteIDs: Set<String> = []
    private var marksMessage: (text: String, isError: Bool)?

    private(set) var viewModel: ShowDetail.LoadDetails.ViewModel?
    private(set) var scrollOffset = 0
    private var pageHeight = 10
    private var lineCount = 0
    private var didLoad = false

    package var title: String { viewModel?.title ?? "Show" }
    package let capturesText = false

    package var helpSection: HelpSection {
        HelpSection(title: "Show details", entries: Self.keyMap.helpEntries())
    }

    /// The credit of the source on screen: TVmaze's, or TMDB's notice.
    package var credit: String { viewModel?.credit ?? ShowFormatting.tvmazeCredit }

    package var statusBar: StatusBarContent {
        let shownEnd = min(lineCount, scrollOffset + pageHeight)
        let position = lineCount <= pageHeight ? "" : "\(shownEnd)/\(lineCount) lines"
        return StatusBarContent(
            source: viewModel?.sourceLabel ?? "",
            position: position,
            hints: "Esc back  ↑↓ scroll  f fav  F favourites  ? help",
            message: marksMessage?.text ?? viewModel?.message,
            messageIsError: marksMessage?.isError ?? viewModel?.messageIsError ?? false
        )
    }

    package func sceneDidAppear() {
        marks?.loadMarks(request: .init())
        guard !didLoad else { return }
        didLoad = true
        interactor?.loadDetails(request: .init())
    }

    package func displayDetails(viewModel: ShowDetail.LoadDetails.ViewModel) {
        self.viewModel = viewModel
        display?.setNeedsDisplay()
    }

    package func displayMarks(viewModel: FavouriteMarks.ViewModel) {
        favouriteIDs = viewModel.ids
        if let message = viewModel.message { marksMessage = (message, viewModel.messageIsError) }
        display?.setNeedsDisplay()
    }

    /// True when the show on screen is a favourite.
    var isFavourite: Bool {
        guard let id = router?.dataStore?.show?.id else { return false }
        return favouriteIDs.contains(String(id))
    }

    package func handle(key: Key) -> Bool {
        marksMessage = nil
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        switch action {
        case .up: scrollOffset -= 1
        case .down: scrollOffset += 1
        case .pageUp: scrollOffset -= max(1, pageHeight - 1)
        case .pageDown: scrollOffset += max(1, pageHeight - 1)
        case .top: scrollOffset = 0
        case .bottom: scrollOffset = Int.max / 2
        case .back:
            interactor?.cancel()
            router?.routeBack()
        case .retry:
            interactor?.loadDetails(request: .init(retry: true))
        case .favourite:
            if let id = router?.dataStore?.show?.id { marks?.toggleMark(request: .init(id: String(id))) }
        }
        clampScroll()
        return true
    }

    private func clampScroll() {
        scrollOffset = max(0, min(scrollOffset, lineCount - pageHeight))
    }

    /// A laid-out line of the detail view.
    typealias Line = DetailLines.Line

    /// Lays the view model out in lines for a width (in cells).
    /// - Parameter marker: drawn before the title (the favourite's star), or nil.
    static func layout(_ vm: ShowDetail.LoadDetails.ViewModel, width: Int, text: CellText, marker: String? = nil) -> [Line] {
        var lines = DetailLines.heading(title: marker.map { $0 + " " + vm.title } ?? vm.title, subtitle: vm.subtitle, facts: vm.facts.map { ($0.label, $0.value) }, width: width, text: text)
        let inner = max(1, width - 2)
        for section in vm.sections {
            lines.append(Line(text: "", role: .normal, indent: 0))
            lines.append(Line(text: section.title, role: .heading, indent: 1))
            for paragraph in section.paragraphs {
                for part in text.wrap(paragraph, toCells: max(1, inner - 1)) {
                    lines.append(Line(text: part, role: .normal, indent: 2))
                }
            }
        }
        return lines
    }

    package func draw(on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        guard let viewModel else {
            canvas.put("Loading…", row: rect.row, column: rect.column + 1, maxWidth: rect.width - 1, role: .dim)
            return
        }
        let lines = Self.layout(viewModel, width: rect.width, text: canvas.text, marker: isFavourite ? Symbols(canvas.text.repertoire).favourite : nil)
        lineCount = lines.count
        pageHeight = rect.height
        clampScroll()
        for (i, line) in lines.dropFirst(scrollOffset).prefix(rect.height).enumerated() {
            guard line.indent < rect.width else { continue }
            canvas.put(line.text, row: rect.row + i, column: rect.column + line.indent, maxWidth: rect.width - line.indent, role: line.role)
        }
    }

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}
}
