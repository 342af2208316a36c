import Terminal

/// The Favourites scene's ViewController: the favourite shows and places, newest first; Enter
/// opens a show's details or a favourite's stored facts; `f`, `d` or Delete removes one. The
/// list is read again from the file each time the scene appears (the curses View).
@MainActor
package final class FavouritesViewController: SceneViewController, FavouritesDisplayLogic {
    /// What the list's keys do.
    package enum Action: Sendable {
        case up, down, pageUp, pageDown, top, bottom, open, remove, reload, quit
    }

    /// What the facts view's keys do.
    package enum DetailAction: Sendable {
        case back, remove
    }

    /// The list's key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] = [
        KeyBinding(keys: [.up, .character("k")], label: "↑ k", help: "Move up", action: .up),
        KeyBinding(keys: [.down, .character("j")], label: "↓ j", help: "Move down", action: .down),
        KeyBinding(keys: [.pageUp, .control("b")], label: "PgUp", help: "Page up", action: .pageUp),
        KeyBinding(keys: [.pageDown, .control("f"), .character(" ")], label: "PgDn Space", help: "Page down", action: .pageDown),
        KeyBinding(keys: [.home, .character("g")], label: "Home g", help: "Newest", action: .top),
        KeyBinding(keys: [.end, .character("G")], label: "End G", help: "Oldest", action: .bottom),
        KeyBinding(keys: [.enter, .right, .character("l")], label: "⏎ → l", help: "Open a show's details, or a place's facts", action: .open),
        KeyBinding(keys: [.character("f"), .character("d"), .delete], label: "f d Del", help: "Remove from favourites", action: .remove),
        KeyBinding(keys: [.character("r")], label: "r", help: "Read the favourites file again", action: .reload),
        KeyBinding(keys: [.character("q")], label: "q", help: "Quit", action: .quit),
    ]

    /// The facts view's key map.
    package static let detailKeyMap: [KeyBinding<DetailAction>] = [
        KeyBinding(keys: [.escape, .left, .character("h"), .backspace, .character("q"), .enter], label: "Esc ← h q", help: "Back to the favourites", action: .back),
        KeyBinding(keys: [.character("f"), .character("d"), .delete], label: "f d Del", help: "Remove from favourites", action: .remove),
    ]

    package var interactor: FavouritesBusinessLogic?
    package var router: (FavouritesRoutingLogic & FavouritesDataPassing)?
    package weak var display: DisplayInvalidating?

    private(set) var viewModel: Favourites.LoadFavourites.ViewModel?
    private(set) var detailViewModel: Favourites.OpenFavourite.ViewModel?
    private(set) var cursor = ListCursor<String>()
    private var visibleRows = 10
    private var rowsFrame = ListRowsFrame()
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

    package var credit: String { "Favourites are kept in favorites.json in Discover's data folder" }

    package var statusBar: StatusBarContent {
        let count = viewModel?.rows.count ?? 0
        let position = count == 0 || detailViewModel != nil ? "" : "\(cursor.index + 1)/\(count)"
        let hints = detailViewModel == nil ? "⏎ open  f remove  r reread  Tab sections  ? help" : "Esc back  f remove"
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
        cursor.rowsChanged(count: viewModel.rows.count, reset: false) { viewModel.rows[$0].id }
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
        case .up: move(to: cursor.index - 1)
        case .down: move(to: cursor.index + 1)
        case .pageUp: move(to: cursor.index - max(1, visibleRows - 1))
        case .pageDown: move(to: cursor.index + max(1, visibleRows - 1))
        case .top: move(to: 0)
        case .bottom: move(to: (viewModel?.rows.count ?? 1) - 1)
        case .open:
            if let id = cursor.selectedID { interactor?.openFavourite(request: .init(id: id)) }
        case .remove:
            if let id = cursor.selectedID { interactor?.removeFavourite(request: .init(id: id)) }
        case .reload:
            interactor?.loadFavourites(request: .init())
        case .quit:
            router?.routeToQuit()
        }
        return true
    }

    private func move(to index: Int) {
        guard let viewModel else { return }
        cursor.move(to: index, count: viewModel.rows.count) { viewModel.rows[$0].id }
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
        if let detailViewModel {
            let lines = DetailLines.heading(title: Symbols(canvas.text.repertoire).favourite + " " + detailViewModel.title, subtitle: detailViewModel.subtitle,
                                            facts: detailViewModel.facts.map { ($0.label, $0.value) }, width: rect.width, text: canvas.text)
            for (i, line) in lines.prefix(rect.height).enumerated() where line.indent < rect.width {
                canvas.put(line.text, row: rect.row + i, column: rect.column + line.indent, maxWidth: rect.width - line.indent - 1, role: line.role)
            }
            return
        }
        let symbols = Symbols(canvas.text.repertoire)
        visibleRows = max(1, rect.height - 1)
        guard let viewModel else { return }
        // The pointer, a space, the mark (`♥`, or `<3` in ASCII) and a space.
        let lead = 3 + canvas.text.width(symbols.favourite)
        let cols = Self.columns(width: rect.width, lead: lead)
        var x = rect.column + lead
        canvas.put("Kind", row: rect.row, column: x, maxWidth: cols.kind, role: .heading)
        x += cols.kind + 1
        canvas.put("Name", row: rect.row, column: x, maxWidth: cols.name, role: .heading)
        x += cols.name
        if cols.subtitle > 0 { canvas.put("About", row: rect.row, column: x, maxWidth: cols.subtitle, role: .heading); x += cols.subtitle }
        if cols.added > 0 { canvas.put("Added", row: rect.row, column: x + 1, maxWidth: cols.added, role: .heading) }
        if let empty = viewModel.emptyMessage {
            for (i, line) in canvas.text.wrap(empty, toCells: max(1, rect.width - 4)).prefix(visibleRows).enumerated() {
                canvas.put(line, row: rect.row + 1 + i, column: rect.column + 2, maxWidth: rect.width - 2, role: .dim)
            }
            return
        }
        let first = cursor.scroll(visibleRows: visibleRows, totalRows: viewModel.rows.count)
        rowsFrame = ListRowsFrame(top: rect.row + 1, left: rect.column, width: rect.width, rows: visibleRows, first: first)
        for line in 0..<visibleRows {
            let index = first + line
            guard index < viewModel.rows.count else { break }
            let row = viewModel.rows[index]
            let y = rect.row + 1 + line
            let selected = index == cursor.index
            // As in the shows list: the pointer and reverse video over the name's own cells, so
            // a move rewrites only the two markers and the two names.
            var x = rect.column
            canvas.put(selected ? symbols.pointer : " ", row: y, column: x, maxWidth: 1, role: selected ? .accent : .normal)
            canvas.put(symbols.favourite, row: y, column: x + 2, maxWidth: lead - 3, role: .accent)
            x += lead
            canvas.put(row.kind, row: y, column: x, maxWidth: cols.kind, role: .dim)
            x += cols.kind + 1
            canvas.put(row.name, row: y, column: x, maxWidth: cols.name - 1, role: selected ? .selected : (row.nameIsPlaceholder ? .dim : .normal))
            x += cols.name
            if cols.subtitle > 0 {
                canvas.put(row.subtitle, row: y, column: x, maxWidth: cols.subtitle - 1, role: .dim)
                x += cols.subtitle
            }
            if cols.added > 0 {
                canvas.put(row.added, row: y, column: x + 1, maxWidth: min(cols.added, rect.right - x - 1), role: .normal)
            }
        }
    }

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}
}

// MARK: Mouse

extension FavouritesViewController {
    /// A click on a row selects it; a double click on it opens it.
    package func handle(click: SceneClick) -> Bool {
        guard detailViewModel == nil, let viewModel, viewModel.emptyMessage == nil,
              let index = rowsFrame.index(row: click.row, column: click.column), index < viewModel.rows.count else { return false }
        message = nil
        if click.count == 2 && index == cursor.index {
            if let id = cursor.selectedID { interactor?.openFavourite(request: .init(id: id)) }
        } else {
            move(to: index)
        }
        return true
    }
}
