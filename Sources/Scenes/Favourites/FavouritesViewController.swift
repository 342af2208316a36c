import Terminal

/// The Favourites scene's ViewController: the favourite shows and places, newest first; Enter
/// opens a show's details or a favourite's stored facts; `f`, `d` or Delete removes one. The
/// list is read again from the file each time the scene appears (the curses View).
@MainActor
package final class FavouritesViewController: SceneViewController, FavouritesDisplayLogic {
    /// What the list's keys do.
    package enum Action: Sendable {
        case move(ListMove), open, remove, reload, upcoming, continueWatching, stats, quit
    }

    /// What the facts view's keys do.
    package enum DetailAction: Sendable {
        case back, remove
    }

    /// The list's key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] =
        ListMove.bindings(.init(top: "Newest", bottom: "Oldest"), action: Action.move)
        + [
            KeyBinding("open", keys: [.enter, .right, .character("l")], label: "⏎ → l", help: "Open a show's details, or a place's facts", action: .open),
            KeyBinding("remove", keys: [.character("f"), .character("d"), .delete], label: "f d Del", help: "Remove from favourites", action: .remove),
            KeyBinding("reload", keys: [.character("r")], label: "r", help: "Read the favourites file again", action: .reload),
            KeyBinding("upcoming", keys: [.character("u")], label: "u", help: "Upcoming: each favourite show's next episode, by day", action: .upcoming),
            KeyBinding("open-continue", keys: [.character("c")], label: "c", help: "Continue: each started show's next episode (the Continue section, as C)", action: .continueWatching),
            KeyBinding("stats", keys: [.character("S")], label: "S", help: "Stats: your year in TV, from your watched episodes", action: .stats),
            KeyBinding("quit", keys: [.character("q")], label: "q", help: "Quit", action: .quit)
        ].rebound()

    /// The facts view's key map.
    package static let detailKeyMap: [KeyBinding<DetailAction>] = [
        KeyBinding("back", keys: [.escape, .left, .character("h"), .backspace, .character("q"), .enter], label: "Esc ← h q", help: "Back to the favourites", action: .back),
        KeyBinding("remove", keys: [.character("f"), .character("d"), .delete], label: "f d Del", help: "Remove from favourites", action: .remove)
    ].rebound()

    package var interactor: FavouritesBusinessLogic?
    package var router: (FavouritesRoutingLogic & FavouritesDataPassing)?
    package weak var display: DisplayInvalidating?

    private(set) var viewModel: Favourites.LoadFavourites.ViewModel?
    private(set) var detailViewModel: Favourites.OpenFavourite.ViewModel?
    /// The list: selection and scrolling.
    private var list = ListView<String>()
    /// The selection and scroll position.
    var cursor: ListCursor<String> { list.cursor }
    private var message: String?
    private var messageIsError = false

    package var title: String {
        if let detailViewModel { return "Favourites › " + detailViewModel.title }
        return "Favourites"
    }

    package let capturesText = false

    package var helpSection: HelpSection {
        detailViewModel == nil
            ? HelpSection(title: "Favourites", entries: Self.keyMap.helpEntries())
            : HelpSection(title: "Favourite", entries: Self.detailKeyMap.helpEntries())
    }

    package var credit: String { viewModel?.credit ?? "" }

    package var statusBar: StatusBarContent {
        let position = detailViewModel != nil ? "" : list.position(count: viewModel?.rows.count ?? 0)
        let keys = Self.keyMap
        let middle = viewModel?.continueHint.map { keys.hint("open-continue", $0) } ?? keys.hint("reload", "reread")
        let list = KeyHints.join([
            keys.hint("open", "open"), keys.hint("remove", "remove"), middle, GlobalKeys.keyMap.hint("next-section", "sections"), GlobalKeys.helpHint,
            keys.hint("quit", "quit")
        ])
        let hints = detailViewModel == nil ? list : KeyHints.join([Self.detailKeyMap.hint("back", "back"), Self.detailKeyMap.hint("remove", "remove")])
        return StatusBarContent(
            source: viewModel?.countLabel ?? "favourites",
            position: position,
            hints: hints,
            message: message,
            messageIsError: messageIsError
        )
    }

    package func sceneDidAppear() {
        // Every time: another running Discover may have changed the file.
        interactor?.loadFavourites(request: .init())
    }

    // MARK: Display logic

    package func displayFavourites(viewModel: Favourites.LoadFavourites.ViewModel) {
        self.viewModel = viewModel
        list.rowsChanged(count: viewModel.rows.count, reset: false) { viewModel.rows[$0].id }
        if let detail = detailViewModel, !viewModel.rows.contains(where: { $0.id == detail.id }) {
            detailViewModel = nil
        }
        if let status = viewModel.statusMessage {
            message = status
            messageIsError = viewModel.statusIsError
        }
        display?.setNeedsDisplay()
    }

    package func displayOpenFavourite(viewModel: Favourites.OpenFavourite.ViewModel) {
        if viewModel.opensShowDetail {
            router?.routeToShowDetail()
        } else {
            detailViewModel = viewModel
        }
        display?.setNeedsDisplay()
    }

    // MARK: Keys

    package func handle(key: Key) -> Bool {
        message = nil
        if let detail = detailViewModel {
            guard let action: DetailAction = Self.detailKeyMap.action(for: key) else { return false }
            switch action {
            case .back: detailViewModel = nil
            case .remove:
                detailViewModel = nil
                interactor?.removeFavourite(request: .init(id: detail.id))
            }
            return true
        }
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        switch action {
        case .move(let move):
            guard let rows = viewModel?.rows else { return true }
            list.move(move, count: rows.count) { rows[$0].id }
        case .open:
            if let id = cursor.selectedID { interactor?.openFavourite(request: .init(id: id)) }
        case .remove:
            if let id = cursor.selectedID { interactor?.removeFavourite(request: .init(id: id)) }
        case .reload:
            interactor?.loadFavourites(request: .init())
        case .upcoming:
            router?.routeToUpcoming()
        case .continueWatching:
            router?.routeToContinue()
        case .stats:
            router?.routeToStats()
        case .quit:
            router?.routeToQuit()
        }
        return true
    }

    // MARK: Drawing (the curses View)

    /// Column widths for a list width, in cells: pointer and marker (`lead` cells: the pointer,
    /// a space, the favourite mark and a space), kind, name, subtitle, added.
    static func columns(width: Int, lead: Int = 4) -> (kind: Int, name: Int, subtitle: Int, added: Int) {
        let kind = 5, added = width >= 60 ? 10 : 0
        let rest = max(2, width - lead - kind - 1 - (added > 0 ? added + 1 : 0))
        let subtitle = width >= 50 ? rest * 2 / 5 : 0
        return (kind, rest - subtitle, subtitle, added)
    }

    package func draw(on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        let symbols = Symbols(canvas.text.repertoire)
        if let detailViewModel {
            let lines = DetailLines.heading(
                title: symbols.favourite + " " + detailViewModel.title, subtitle: detailViewModel.subtitle,
                facts: detailViewModel.facts.map { ($0.label, $0.value) }, width: rect.width, text: canvas.text)
            DetailLines.draw(lines, on: canvas, in: rect, from: 0)
            return
        }
        guard let viewModel else { return }
        // Every row is a favourite: its mark (`♥`, or `<3` in ASCII) is a column of its own.
        let mark = canvas.text.width(symbols.favourite)
        let cols = Self.columns(width: rect.width, lead: 3 + mark)
        let rows = viewModel.rows
        list.draw(
            on: canvas, in: rect,
            content: .init(
                columns: [
                    ListColumn(title: "", width: mark),
                    ListColumn(title: "Kind", width: cols.kind),
                    ListColumn(title: "Name", width: cols.name, pad: 1),
                    ListColumn(title: "About", width: cols.subtitle, gap: 0, pad: 1),
                    ListColumn(title: "Added", width: cols.added)
                ],
                nameColumn: 2, count: rows.count,
                cells: { i in
                    [
                        ListCell(text: symbols.favourite, role: .accent), ListCell(text: rows[i].kind, role: .dim),
                        ListCell(text: rows[i].name, role: rows[i].nameIsPlaceholder ? .dim : .normal),
                        ListCell(text: rows[i].subtitle, role: .dim), ListCell(text: rows[i].added)
                    ]
                },
                emptyMessage: viewModel.emptyMessage))
    }

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}
}

// MARK: Mouse

extension FavouritesViewController {
    /// A click on a row selects it; a double click on it opens it.
    package func handle(click: SceneClick) -> Bool {
        guard detailViewModel == nil, let rows = viewModel?.rows, let done = list.click(click, count: rows.count, id: { rows[$0].id }) else { return false }
        message = nil
        if done == .open, let id = cursor.selectedID { interactor?.openFavourite(request: .init(id: id)) }
        return true
    }
}
