import Terminal

/// The Continue scene's ViewController: every started show with its next unwatched aired
/// episode, most recently watched first (the curses View). Read again each time it appears.
@MainActor
package final class ContinueViewController: SceneViewController, ContinueDisplayLogic {
    /// What the keys do.
    package enum Action: Sendable {
        case move(ListMove), open, watch, reload, back
    }

    /// The key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] =
        ListMove.bindings(.init(top: "Most recently watched", bottom: "Least recently watched"), action: Action.move) + [
            KeyBinding(keys: [.enter, .right, .character("l")], label: "⏎ → l", help: "Open the episode guide at the next episode's season", action: .open),
            KeyBinding(keys: [.character("w")], label: "w", help: "Mark the next episode watched; the row moves on to the one after", action: .watch),
            KeyBinding(keys: [.character("r")], label: "r", help: "Read the watched episodes again", action: .reload),
            KeyBinding(keys: [.escape, .left, .character("h"), .backspace, .character("q")], label: "Esc ← q", help: "Back", action: .back)
        ]

    package var interactor: ContinueBusinessLogic?
    package var router: (ContinueRoutingLogic & ContinueDataPassing)?
    package weak var display: DisplayInvalidating?

    private(set) var viewModel: ContinueWatching.LoadList.ViewModel?
    private var list = ListView<String>()

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}

    package var title: String { viewModel?.title ?? "Continue" }
    package let capturesText = false
    package var credit: String { "" }
    package var helpSection: HelpSection { HelpSection(title: "Continue", entries: Self.keyMap.helpEntries()) }

    package var statusBar: StatusBarContent {
        let source = [viewModel?.countLabel, viewModel?.listsAge].compactMap { $0 }.joined(separator: " · ")
        return StatusBarContent(
            source: source, position: list.position(count: viewModel?.rows.count ?? 0),
            hints: "⏎ guide  w watched  Esc back  ? help", message: viewModel?.message, messageIsError: viewModel?.messageIsError ?? false)
    }

    package func sceneDidAppear() {
        interactor?.loadList(request: .init())
    }

    package func displayList(viewModel: ContinueWatching.LoadList.ViewModel) {
        self.viewModel = viewModel
        list.rowsChanged(count: viewModel.rows.count, reset: false) { viewModel.rows[$0].id }
        display?.setNeedsDisplay()
    }

    package func handle(key: Key) -> Bool {
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        let rows = viewModel?.rows ?? []
        switch action {
        case .move(let move): list.move(move, count: rows.count) { rows[$0].id }
        case .open:
            guard let id = list.cursor.selectedID else { return true }
            interactor?.openNext(request: .init(id: id))
            router?.routeToGuide()
        case .watch:
            if let id = list.cursor.selectedID { interactor?.markNext(request: .init(id: id)) }
        case .reload: interactor?.loadList(request: .init())
        case .back: router?.routeBack()
        }
        return true
    }

    package func draw(on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 0, let viewModel else { return }
        let rows = viewModel.rows
        let badge = min(12, rows.map { canvas.text.width($0.badge) }.max() ?? 0)
        let width = rect.width - (badge > 0 ? badge + 1 : 0)
        let next = max(12, (width - 4) * 2 / 5)
        let detail = width >= 70 ? 24 : 0
        let name = max(4, width - 4 - next - (detail > 0 ? detail + 2 : 0))
        list.draw(
            on: canvas, in: rect,
            content: .init(
                columns: [
                    ListColumn(title: "Show", width: name, pad: 1),
                    ListColumn(title: "Badge", width: badge),
                    ListColumn(title: "Next", width: next, gap: 1, pad: 1),
                    ListColumn(title: "", width: detail, gap: 1)
                ],
                nameColumn: 0, count: rows.count,
                cells: { i in
                    [
                        ListCell(text: rows[i].name), ListCell(text: rows[i].badge, role: .accent), ListCell(text: rows[i].next, role: rows[i].isDone ? .dim : .normal),
                        ListCell(text: rows[i].detail, role: .dim)
                    ]
                },
                emptyMessage: viewModel.emptyMessage))
    }
}
