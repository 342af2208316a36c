import Terminal

/// The ShowDetail scene's ViewController: asks for the details, scrolls them, goes back, and
/// draws the view model word-wrapped to the screen's width (the curses View).
@MainActor
package final class ShowDetailViewController: SceneViewController, ShowDetailDisplayLogic, FavouriteMarksDisplayLogic {
    package enum Action: Sendable {
        case scroll(ListMove), back, retry, favourite
    }

    /// The scene's key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] = ListMove.bindings(.page, action: Action.scroll) + [
        KeyBinding(keys: [.escape, .left, .character("h"), .backspace, .character("q")], label: "Esc ← h q", help: "Back to the list", action: .back),
        KeyBinding(keys: [.character("r")], label: "r", help: "Load the details again", action: .retry),
        KeyBinding(keys: [.character("f")], label: "f", help: "Add to or remove from favourites (♥)", action: .favourite),
    ]

    package var interactor: ShowDetailBusinessLogic?
    package var router: (ShowDetailRoutingLogic & ShowDetailDataPassing)?
    package weak var display: DisplayInvalidating?
    /// The favourite marks (`f` and the star before the title); nil without favourites.
    package var marks: FavouriteMarksBusinessLogic?
    /// The marked shows and what the last `f` did.
    private var marked = FavouriteMarksState()

    private(set) var viewModel: ShowDetail.LoadDetails.ViewModel?
    private var page = ScrolledPage()
    private var didLoad = false

    package var title: String { viewModel?.title ?? "Show" }
    package let capturesText = false

    package var helpSection: HelpSection {
        HelpSection(title: "Show details", entries: Self.keyMap.helpEntries())
    }

    /// The credit of the source on screen: TVmaze's, or TMDB's notice.
    package var credit: String { viewModel?.credit ?? ShowFormatting.tvmazeCredit }

    package var statusBar: StatusBarContent {
        StatusBarContent(
            source: viewModel?.sourceLabel ?? "",
            position: page.position,
            hints: "Esc back  ↑↓ scroll  f fav  F favourites  ? help",
            message: marked.message?.text ?? viewModel?.message,
            messageIsError: marked.message?.isError ?? viewModel?.messageIsError ?? false
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
        marked.display(viewModel)
        display?.setNeedsDisplay()
    }

    /// True when the show on screen is a favourite.
    var isFavourite: Bool {
        guard let id = viewModel?.id else { return false }
        return marked.contains(String(id))
    }

    package func handle(key: Key) -> Bool {
        marked.clearMessage()
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        switch action {
        case .scroll(let move): page.scroll(move)
        case .back:
            interactor?.cancel()
            router?.routeBack()
        case .retry:
            interactor?.loadDetails(request: .init(retry: true))
        case .favourite:
            marked.toggle(viewModel.map { String($0.id) }, with: marks)
        }
        return true
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
        page.draw(lines, on: canvas, in: rect)
    }

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}
}
