import Terminal

/// The Stats scene's ViewController: a year of the person's viewing (the curses View). From
/// the top: the summary lines, the year's grid (a column a week, a cell a day, shaded by its
/// episodes; two cells a day when the width has room), the top genres, networks and people
/// side by side (one under the other when narrow), and the ratings' counts from 1 to 10.
/// Taller than the screen, it scrolls by lines. Read again each time it appears.
@MainActor
package final class StatsViewController: SceneViewController, StatsDisplayLogic {
    /// What the keys do.
    package enum Action: Sendable {
        case scroll(Int), top, bottom, previousYear, nextYear, reload, back
    }

    /// The key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] = [
        KeyBinding("up", keys: [.up, .character("k")], label: "↑ k", help: "Scroll up a line", action: .scroll(-1)),
        KeyBinding("down", keys: [.down, .character("j")], label: "↓ j", help: "Scroll down a line", action: .scroll(1)),
        KeyBinding("page-up", keys: [.pageUp], label: "PgUp", help: "Scroll up a page", action: .scroll(-pageStep)),
        KeyBinding("page-down", keys: [.pageDown, .character(" ")], label: "PgDn Space", help: "Scroll down a page", action: .scroll(pageStep)),
        KeyBinding("top", keys: [.home, .character("g")], label: "g Home", help: "The top", action: .top),
        KeyBinding("bottom", keys: [.end, .character("G")], label: "G End", help: "The bottom", action: .bottom),
        KeyBinding("previous-year", keys: [.character("["), .character("p")], label: "[ p", help: "The year before", action: .previousYear),
        KeyBinding("next-year", keys: [.character("]"), .character("n")], label: "] n", help: "The year after (up to this one)", action: .nextYear),
        KeyBinding("reload", keys: [.character("r")], label: "r", help: "Count again from the watched episodes", action: .reload),
        KeyBinding("back", keys: [.escape, .left, .character("h"), .backspace, .character("q")], label: "Esc ← q", help: "Back", action: .back)
    ].rebound()

    /// Lines a page key scrolls (a marker: the real step is the screen's height less one).
    static let pageStep = 1000

    package var interactor: StatsBusinessLogic?
    package var router: (StatsRoutingLogic & StatsDataPassing)?
    package weak var display: DisplayInvalidating?

    private(set) var viewModel: Stats.LoadYear.ViewModel?
    /// The first line of the content on screen.
    private(set) var scroll = 0
    /// The content's height and the screen's, as last drawn.
    private var heights = (content: 0, screen: 0)

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}

    package var title: String { viewModel?.title ?? "Your year in TV" }
    package let capturesText = false
    package var credit: String { viewModel?.credit ?? "" }
    package var helpSection: HelpSection { HelpSection(title: "Stats", entries: Self.keyMap.helpEntries()) }

    package var statusBar: StatusBarContent {
        StatusBarContent(
            source: viewModel?.countLabel ?? "", position: "",
            hints: KeyHints.join([
                Self.keyMap.hint(["previous-year", "next-year"], "year"), Self.keyMap.hint(["up", "down"], "scroll"), Self.keyMap.hint("back", "back"),
                GlobalKeys.helpHint
            ]),
            message: viewModel?.message, messageIsError: viewModel?.messageIsError ?? false)
    }

    package func sceneDidAppear() {
        interactor?.loadYear(request: .init())
    }

    package func displayYear(viewModel: Stats.LoadYear.ViewModel) {
        if self.viewModel?.year != viewModel.year { scroll = 0 }
        self.viewModel = viewModel
        display?.setNeedsDisplay()
    }

    package func handle(key: Key) -> Bool {
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        let page = max(1, heights.screen - 1)
        switch action {
        case .scroll(let by): scrolled(to: scroll + (abs(by) == Self.pageStep ? by.signum() * page : by))
        case .top: scroll = 0
        case .bottom: scrolled(to: .max)
        case .previousYear: interactor?.changeYear(request: .init(by: -1))
        case .nextYear: interactor?.changeYear(request: .init(by: 1))
        case .reload: interactor?.loadYear(request: .init())
        case .back: router?.routeBack()
        }
        display?.setNeedsDisplay()
        return true
    }

    private func scrolled(to line: Int) {
        scroll = max(0, min(line, heights.content - heights.screen))
    }

    // MARK: Drawing

    package func draw(on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 0, let viewModel else { return }
        var writer = StatsDrawing(canvas: canvas, rect: rect, scroll: scroll)
        writer.draw(viewModel)
        heights = (writer.line, rect.height)
        if scroll > 0, scroll > max(0, writer.line - rect.height) {
            // The content shrank (another year, a narrower screen): show its end.
            scroll = max(0, writer.line - rect.height)
            for row in rect.row..<rect.bottom { canvas.fill(row: row, column: rect.column, width: rect.width, role: .normal) }
            var again = StatsDrawing(canvas: canvas, rect: rect, scroll: scroll)
            again.draw(viewModel)
        }
    }
}
