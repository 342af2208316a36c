import Terminal

/// The Continue scene's ViewController, the Continue section's first scene (`C` from anywhere):
/// every started show with its next episode to watch, most recently watched first (the curses
/// View). Read again each time it appears.
@MainActor
package final class ContinueViewController: SceneViewController, ContinueDisplayLogic {
    /// What the keys do.
    package enum Action: Sendable {
        case move(ListMove), open, watch, undo, reload, stats, quit
    }

    /// The key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] =
        ListMove.bindings(.init(top: "Most recently watched", bottom: "Least recently watched"), action: Action.move)
        + [
            KeyBinding("open", keys: [.enter, .right, .character("l")], label: "⏎ → l", help: "Open the episode guide on the next episode", action: .open),
            KeyBinding("watched", keys: [.character("w")], label: "w", help: "Mark the next episode watched (on a rewatch: one more play)", action: .watch),
            KeyBinding("undo", keys: [.character("u")], label: "u", help: "Undo the last w", action: .undo),
            KeyBinding("reload", keys: [.character("r")], label: "r", help: "Read the watched episodes again", action: .reload),
            KeyBinding("stats", keys: [.character("S")], label: "S", help: "Stats: your year in TV, from your watched episodes", action: .stats),
            KeyBinding("quit", keys: [.character("q")], label: "q", help: "Quit", action: .quit)
        ].rebound()

    package var interactor: ContinueBusinessLogic?
    package var router: (ContinueRoutingLogic & ContinueDataPassing)?
    package weak var display: DisplayInvalidating?

    private(set) var viewModel: ContinueWatching.LoadList.ViewModel?
    private var list = ListView<String>()
    /// Moves, Enter and `w` pressed before the first rows arrive (`C` then Enter in one write).
    private var typedAhead = TypedAheadKeys<Action>()

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
            hints: KeyHints.join([
                Self.keyMap.hint("open", "guide"), Self.keyMap.hint("watched", "watched"), Self.keyMap.hint("undo", "undo"), Self.keyMap.hint("stats", "stats"),
                GlobalKeys.helpHint, Self.keyMap.hint("quit", "quit")
            ]), message: viewModel?.message, messageIsError: viewModel?.messageIsError ?? false)
    }

    package func sceneDidAppear() {
        interactor?.loadList(request: .init())
    }

    package func displayList(viewModel: ContinueWatching.LoadList.ViewModel) {
        self.viewModel = viewModel
        list.rowsChanged(count: viewModel.rows.count, reset: false) { viewModel.rows[$0].id }
        if !viewModel.isLoading {
            // Keys typed ahead apply in order once the rows are there (dropped when there are
            // none); after Enter the rest would belong to the guide.
            for action in typedAhead.take() where !viewModel.rows.isEmpty {
                perform(action)
                if case .open = action { break }
            }
        }
        display?.setNeedsDisplay()
    }

    package func handle(key: Key) -> Bool {
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        if typedAhead.keepsUntilRows(action, awaitingRows: viewModel?.isLoading ?? true) { return true }
        perform(action)
        return true
    }

    /// Does what a key's action asks.
    private func perform(_ action: Action) {
        let rows = viewModel?.rows ?? []
        switch action {
        case .move(let move): list.move(move, count: rows.count) { rows[$0].id }
        case .open:
            guard let id = list.cursor.selectedID else { return }
            interactor?.openNext(request: .init(id: id))
            router?.routeToGuide()
        case .watch:
            if let id = list.cursor.selectedID { interactor?.markNext(request: .init(id: id)) }
        case .undo: interactor?.undoMark(request: .init())
        case .reload: interactor?.loadList(request: .init())
        case .stats: router?.routeToStats()
        case .quit: router?.routeToQuit()
        }
    }

    package func draw(on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 0, let viewModel else { return }
        let rows = viewModel.rows
        let badge = min(12, rows.map { canvas.text.width($0.badge) }.max() ?? 0)
        let rating = rows.map { canvas.text.width($0.rating) }.max() ?? 0
        let width = rect.width - (badge > 0 ? badge + 1 : 0) - (rating > 0 ? rating + 1 : 0)
        let next = max(12, (width - 4) * 2 / 5)
        let detail = width >= 70 ? 24 : 0
        let name = max(4, width - 4 - next - (detail > 0 ? detail + 2 : 0))
        list.draw(
            on: canvas, in: rect,
            content: .init(
                columns: [
                    ListColumn(title: "Show", width: name, pad: 1),
                    ListColumn(title: "You", width: rating),
                    ListColumn(title: "Badge", width: badge),
                    ListColumn(title: "Next", width: next, gap: 1, pad: 1),
                    ListColumn(title: "", width: detail, gap: 1)
                ],
                nameColumn: 0, count: rows.count,
                cells: { i in
                    [
                        ListCell(text: rows[i].name), ListCell(text: rows[i].rating, role: .dim), ListCell(text: rows[i].badge, role: .accent),
                        ListCell(text: rows[i].next, role: rows[i].isDone ? .dim : .normal), ListCell(text: rows[i].detail, role: .dim)
                    ]
                },
                emptyMessage: viewModel.emptyMessage))
    }
}

extension ContinueViewController.Action: RowActing {
    var actsOnRows: Bool {
        switch self {
        case .move, .open, .watch: true
        default: false
        }
    }
}
