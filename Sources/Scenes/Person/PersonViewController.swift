import Terminal

/// The Person scene's ViewController: the person's name and facts over their shows (drawn
/// with the shared `ListView`), cast first, then crew; `s` orders them, Enter opens a show's
/// details, Esc goes back to the show's cast line it came from.
@MainActor
package final class PersonViewController: SceneViewController, PersonDisplayLogic, FavouriteMarksDisplayLogic {
    /// What the keys do.
    package enum Action: Sendable {
        case move(ListMove), open, sort, reload, favourite, back
    }

    /// The key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] =
        ListMove.bindings(.init(top: "First", bottom: "Last"), action: Action.move)
        + [
            KeyBinding("open", keys: [.enter, .right, .character("l")], label: "⏎ → l", help: "Open the show's details", action: .open),
            KeyBinding("sort", keys: [.character("s")], label: "s", help: "Order: newest, rating, name, popularity", action: .sort),
            KeyBinding("favourite", keys: [.character("f")], label: "f", help: "Add the show to or remove it from favourites (♥)", action: .favourite),
            KeyBinding("reload", keys: [.character("r")], label: "r", help: "Load again (after a failure: retry)", action: .reload),
            KeyBinding("back", keys: [.escape, .left, .character("h"), .backspace, .character("q")], label: "Esc ← h q", help: "Back to the show's cast", action: .back)
        ].rebound()

    package var interactor: PersonBusinessLogic?
    package var router: (PersonRoutingLogic & PersonDataPassing)?
    package weak var display: DisplayInvalidating?
    /// The favourite marks (`f` and the ♥ before a show); nil without favourites.
    package var marks: FavouriteMarksBusinessLogic?
    private var marked = FavouriteMarksState()

    /// The view model on screen.
    package private(set) var viewModel: PersonScene.LoadPerson.ViewModel?
    private var list = ListView<String>()
    private var order = PersonScene.SortOrder.newest
    private var didLoad = false
    private var openMessage: String?
    /// Why the photo is missing, on the status bar until the next key; said once.
    private var photoNotice: String?
    /// The last photo failure said.
    private var photoSaid: String?
    /// The photo in half-blocks for the box last drawn.
    private var photoCache = HalfBlockCache()

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}

    package var title: String { viewModel?.title ?? "Person" }
    package let capturesText = false
    package var credit: String { viewModel?.credit ?? ShowFormatting.tvmazeCredit }
    package var helpSection: HelpSection { HelpSection(title: "Person", entries: Self.keyMap.helpEntries()) }

    private var rows: [PersonScene.LoadPerson.Row] { viewModel?.rows ?? [] }

    package var statusBar: StatusBarContent {
        StatusBarContent(
            source: viewModel?.sourceLabel ?? "",
            position: list.position(count: rows.count),
            hints: KeyHints.join([
                Self.keyMap.hint("open", "open"), Self.keyMap.hint("sort", "order"), Self.keyMap.hint("back", "back"), GlobalKeys.helpHint
            ]),
            message: openMessage ?? photoNotice ?? marked.message?.text ?? viewModel?.message,
            messageIsError: openMessage != nil || (marked.message?.isError ?? viewModel?.messageIsError ?? false))
    }

    /// The id of the selected row (`cast-143-0`), if any.
    package var selectedRowID: String? { list.cursor.selectedID }

    package func sceneDidAppear() {
        marks?.loadMarks(request: .init())
        guard !didLoad else { return }
        didLoad = true
        interactor?.loadPerson(request: .init())
    }

    package func displayPerson(viewModel: PersonScene.LoadPerson.ViewModel) {
        let reset = self.viewModel?.rows.isEmpty ?? true
        self.viewModel = viewModel
        if let said = viewModel.photoMessage, said != photoSaid {
            photoSaid = said
            photoNotice = said
        }
        let rows = viewModel.rows
        list.rowsChanged(count: rows.count, reset: reset) { rows[$0].id }
        display?.setNeedsDisplay()
    }

    package func displayMarks(viewModel: FavouriteMarks.ViewModel) {
        marked.display(viewModel)
        display?.setNeedsDisplay()
    }

    package func handle(key: Key) -> Bool {
        marked.clearMessage()
        photoNotice = nil
        openMessage = nil
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        let rows = self.rows
        switch action {
        case .move(let move): list.move(move, count: rows.count) { rows[$0].id }
        case .open: open()
        case .sort:
            order = order.next
            interactor?.sortCredits(request: .init(order: order))
        case .reload: interactor?.loadPerson(request: .init(retry: true))
        case .favourite:
            let id = rows.first { $0.id == list.cursor.selectedID }.map { String($0.showID) }
            marked.toggle(id, with: marks)
        case .back:
            interactor?.cancel()
            router?.routeBack()
        }
        display?.setNeedsDisplay()
        return true
    }

    private func open() {
        guard let id = list.cursor.selectedID else { return }
        if interactor?.openShow(request: .init(id: id)) == true {
            router?.routeToShowDetail()
        } else {
            openMessage = "This show is not recorded here: it cannot be opened."
        }
    }

    /// Column widths for a list width, in cells: credit kind, show, part, years, rating.
    /// Below 60 columns the part goes, below 36 the kind and the years.
    static func columns(width: Int) -> (kind: Int, show: Int, part: Int, years: Int, rating: Int) {
        let kind = width >= 36 ? 4 : 0, years = width >= 36 ? 9 : 0, rating = 4
        let used = 2 + (kind > 0 ? kind + 1 : 0) + (years > 0 ? years + 1 : 0) + rating + 1
        let rest = max(2, width - used)
        let part = width >= 60 ? rest * 2 / 5 : 0
        return (kind, max(1, rest - part - (part > 0 ? 1 : 0)), part, years, rating)
    }

    package func draw(on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        guard let viewModel else {
            canvas.put("Loading…", row: rect.row, column: rect.column + 1, maxWidth: rect.width - 1, role: .dim)
            return
        }
        // At 100 columns and more, the photo on the right of the heading; the list starts below
        // it, so moving in the list never moves or rewrites it.
        let box = PersonScene.photoBox
        let photoRows = min(box.rows, rect.height * 2 / 5)
        let withPhoto = viewModel.hasPhoto && canvas.imageColours != .none && rect.width >= 100 && photoRows >= 4
        let headWidth = withPhoto ? rect.width - box.columns - 3 : rect.width - 1
        // The heading: name, facts, what the credits cover; as much as the height leaves for two rows.
        let heading = [(viewModel.title, TextRole.heading), (viewModel.facts, .normal), (viewModel.coverage, .dim)].filter { !$0.0.isEmpty }
        let headRows = min(heading.count, max(0, rect.height - 3))
        for (i, line) in heading.prefix(headRows).enumerated() {
            _ = canvas.put(line.0, row: rect.row + i, column: rect.column + 1, maxWidth: headWidth, role: line.1)
        }
        var top = headRows > 0 ? headRows + 1 : 0
        if withPhoto {
            let photoRect = Rect(row: rect.row, column: rect.column + rect.width - box.columns - 1, height: photoRows, width: box.columns)
            if viewModel.photo == nil { interactor?.loadPhoto() }
            if let image = photoCache.image(viewModel.photo, fitting: photoRect) {
                canvas.draw(image, row: photoRect.row, column: photoRect.column + (photoRect.width - image.columns) / 2, maxRows: photoRect.height)
            }
            top = max(top, photoRows + 1)
        }
        let listRect = Rect(row: rect.row + top, column: rect.column, height: rect.height - top, width: rect.width)
        let rows = viewModel.rows
        let cols = Self.columns(width: rect.width)
        let marked = self.marked
        list.draw(
            on: canvas, in: listRect,
            content: .init(
                columns: [
                    ListColumn(title: "", width: cols.kind, gap: 0),
                    ListColumn(title: "Show", width: cols.show, pad: 1),
                    ListColumn(title: "Part", width: cols.part, pad: 1),
                    ListColumn(title: "Years", width: cols.years),
                    ListColumn(title: "★", width: cols.rating, alignRight: true)
                ],
                nameColumn: 1, count: rows.count,
                cells: { i in
                    let row = rows[i]
                    return [
                        ListCell(text: i < viewModel.castCount ? "cast" : "crew", role: .dim), ListCell(text: row.show, role: row.canOpen ? .normal : .dim),
                        ListCell(text: row.part, role: i < viewModel.castCount ? .normal : .accent), ListCell(text: row.years, role: .dim),
                        ListCell(text: row.rating, role: .accent)
                    ]
                },
                isMarked: { marked.contains(String(rows[$0].showID)) },
                emptyMessage: viewModel.emptyMessage,
                emptyStyle: viewModel.messageIsError ? .error : .info))
    }

    /// A click on a row selects it; a second click on the selected row opens it.
    package func handle(click: SceneClick) -> Bool {
        let rows = self.rows
        guard let done = list.click(click, count: rows.count, id: { rows[$0].id }) else { return false }
        if done == .open { open() }
        display?.setNeedsDisplay()
        return true
    }
}
