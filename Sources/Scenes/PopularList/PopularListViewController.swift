import Domain
import Terminal

/// The PopularList scene's ViewController: turns keys into Requests, keeps the selection and
/// the scroll position, and draws the list view model on the screen (the curses View).
@MainActor
package final class PopularListViewController: SceneViewController, PopularListDisplayLogic, FavouriteMarksDisplayLogic {
    package enum Action: Sendable {
        case up, down, pageUp, pageDown, top, bottom, open, filter, switchList, sort, narrow, reload, favourite, quit
    }

    /// The scene's key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] = [
        KeyBinding(keys: [.up, .character("k")], label: "↑ k", help: "Move up", action: .up),
        KeyBinding(keys: [.down, .character("j")], label: "↓ j", help: "Move down", action: .down),
        KeyBinding(keys: [.pageUp, .control("b")], label: "PgUp", help: "Page up", action: .pageUp),
        KeyBinding(keys: [.pageDown, .control("f"), .character(" ")], label: "PgDn Space", help: "Page down", action: .pageDown),
        KeyBinding(keys: [.home, .character("g")], label: "Home g", help: "First show", action: .top),
        KeyBinding(keys: [.end, .character("G")], label: "End G", help: "Last show", action: .bottom),
        KeyBinding(keys: [.enter, .right, .character("l")], label: "⏎ → l", help: "Open the show's details", action: .open),
        KeyBinding(keys: [.character("/")], label: "/", help: "Filter by name (⏎ keeps it, Esc clears it)", action: .filter),
        KeyBinding(keys: [.character("v")], label: "v", help: "Switch list: Popular now ⇄ All shows", action: .switchList),
        KeyBinding(keys: [.character("s")], label: "s", help: "Order: popularity, rating, newest, name", action: .sort),
        KeyBinding(keys: [.character("n")], label: "n", help: "Narrow to a genre or a network", action: .narrow),
        KeyBinding(keys: [.character("r")], label: "r", help: "Reload the list (after a failure: retry it)", action: .reload),
        KeyBinding(keys: [.character("f")], label: "f", help: "Add to or remove from favourites (♥)", action: .favourite),
        KeyBinding(keys: [.character("q")], label: "q", help: "Quit", action: .quit),
    ]

    /// How the list starts: with a filter applied and the provider's search asked
    /// (`discover search QUERY`), or with a show's details open over it (`discover show`).
    package struct Start: Sendable {
        /// The filter to apply; nil for none.
        package var query: String?
        /// The show whose details open at once (Esc goes to the list); nil for none.
        package var show: TVShow?

        /// Makes one from its parts (the memberwise initialiser, visible to the composition root).
        package init(query: String? = nil, show: TVShow? = nil) {
            self.query = query
            self.show = show
        }
    }

    /// How the list starts; read once, when it first appears.
    package var start = Start()

    package var interactor: PopularListBusinessLogic?
    package var router: (PopularListRoutingLogic & PopularListDataPassing)?
    package weak var display: DisplayInvalidating?
    /// The favourite marks (`f` and the stars); nil without favourites.
    package var marks: FavouriteMarksBusinessLogic?
    /// The ids (as text) of the shows that are favourites.
    private(set) var favouriteIDs: Set<String> = []
    private var marksMessage: (text: String, isError: Bool)?

    private(set) var viewModel: PopularList.LoadShows.ViewModel?
    private(set) var cursor = ListCursor<Int>()
    private(set) var filter = FilterField()
    private var visibleRows = 10
    private var didLoad = false
    private var rowsFrame = ListRowsFrame()

    /// What the list is (`ViewModel.title`), for the header.
    package var title: String { viewModel?.title ?? "Popular shows" }

    package var capturesText: Bool { filter.isEditing }

    package var helpSection: HelpSection {
        HelpSection(title: "Popular shows", entries: Self.keyMap.helpEntries())
    }

    /// The credit of the source on screen: TVmaze's, or TMDB's notice.
    package var credit: String { viewModel?.credit ?? ShowFormatting.tvmazeCredit }

    package var statusBar: StatusBarContent {
        let count = viewModel?.rows.count ?? 0
        let more = (viewModel?.canLoadMore ?? false) || (viewModel?.isLoadingMore ?? false)
        let position = count == 0 ? "" : "\(cursor.index + 1)/\(count)" + (more ? "+" : "")
        let hints = filter.isEditing ? "type to filter  ⏎ keep  Esc clear" : "⏎ open  / filter  f fav  F favourites  ? help  q quit"
        return StatusBarContent(
            source: viewModel?.sourceLabel ?? "loading…",
            position: position,
            hints: hints,
            message: marksMessage?.text ?? viewModel?.statusMessage,
            messageIsError: marksMessage?.isError ?? viewModel?.statusIsError ?? false
        )
    }

    package func sceneDidAppear() {
        marks?.loadMarks(request: .init())
        guard !didLoad else { return }
        didLoad = true
        interactor?.loadShows(request: .init())
        if let query = start.query, !query.isEmpty {
            filter.begin()
            var outcome = FilterField.Outcome.ignored
            for c in query { outcome = filter.handle(.character(c)) }
            _ = filter.handle(.enter)
            if case .changed(let text) = outcome { interactor?.filterShows(request: .init(query: text)) }
            interactor?.searchCatalogue(request: .init())
        }
        if let show = start.show {
            interactor?.openShow(request: .init(show: show))
            router?.routeToShowDetail()
        }
        start = Start()
    }

    // MARK: Display logic

    package func displayShows(viewModel: PopularList.LoadShows.ViewModel) {
        // The selection stays on its show while the show still matches (Backspace widens the
        // filter around it); a query that grows while the top row is selected follows the new
        // best match, as fzf does.
        let previous = self.viewModel?.query ?? ""
        let grew = viewModel.query.count > previous.count && viewModel.query.hasPrefix(previous)
        self.viewModel = viewModel
        cursor.rowsChanged(count: viewModel.rows.count, reset: grew && cursor.index == 0) { viewModel.rows.id(at: $0) }
        if viewModel.selectsLast {
            cursor.move(to: viewModel.rows.count - 1, count: viewModel.rows.count) { viewModel.rows.id(at: $0) }
        }
        display?.setNeedsDisplay()
    }

    package func displayMarks(viewModel: FavouriteMarks.ViewModel) {
        favouriteIDs = viewModel.ids
        if let message = viewModel.message { marksMessage = (message, viewModel.messageIsError) }
        display?.setNeedsDisplay()
    }

    // MARK: Keys

    /// The genre and network picker while it is open (`n`): its lines and the selected one.
    private(set) var picker: (model: PopularList.Narrow.ViewModel, index: Int)?

    package func displayNarrowChoices(viewModel: PopularList.Narrow.ViewModel) {
        picker = (viewModel, viewModel.currentIndex)
        display?.setNeedsDisplay()
    }

    /// Keys while the picker is open: move, Enter chooses, Esc (or n, q) closes it.
    private func handlePickerKey(_ key: Key) -> Bool {
        guard var open = picker else { return false }
        let count = open.model.lines.count
        switch key {
        case .up, .character("k"): open.index -= 1
        case .down, .character("j"): open.index += 1
        case .pageUp, .control("b"): open.index -= max(1, visibleRows - 1)
        case .pageDown, .control("f"), .character(" "): open.index += max(1, visibleRows - 1)
        case .home, .character("g"): open.index = 0
        case .end, .character("G"): open.index = count - 1
        case .enter:
            picker = nil
            if open.model.lines.indices.contains(open.index) {
                interactor?.narrow(request: .init(choice: open.model.lines[open.index].choice))
            }
            return true
        case .escape, .character("n"), .character("q"):
            picker = nil
            display?.setNeedsDisplay()
            return true
        default:
            return true
        }
        open.index = max(0, min(open.index, count - 1))
        picker = open
        display?.setNeedsDisplay()
        return true
    }

    package func handle(key: Key) -> Bool {
        if picker != nil { return handlePickerKey(key) }
        marksMessage = nil
        let wasEditing = filter.isEditing
        switch filter.handle(key) {
        case .changed(let query):
            interactor?.filterShows(request: .init(query: query))
            return true
        case .handled:
            // Enter keeps the filter and asks the provider's search at once.
            if wasEditing && key == .enter { interactor?.searchCatalogue(request: .init()) }
            return true
        case .ignored:
            break
        }
        if key == .escape && filter.isVisible {
            // Esc on the list clears a kept filter.
            filter.begin()
            if case .changed(let query) = filter.handle(.escape) {
                interactor?.filterShows(request: .init(query: query))
            }
            return true
        }
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        switch action {
        case .up: move(by: -1)
        case .down: move(by: 1)
        case .pageUp: move(by: -max(1, visibleRows - 1))
        case .pageDown: move(by: max(1, visibleRows - 1))
        case .top: move(to: 0)
        case .bottom:
            // A snapshot's rest costs nothing: End goes on to its very last show.
            interactor?.loadRest(request: .init())
            move(to: (viewModel?.rows.count ?? 1) - 1)
        case .open: openSelected()
        case .filter:
            filter.begin()
        case .switchList:
            interactor?.switchList(request: .init())
        case .sort:
            interactor?.cycleSort(request: .init())
        case .narrow:
            interactor?.listNarrowChoices(request: .init())
        case .reload:
            interactor?.loadShows(request: .init(reload: true))
        case .favourite:
            if let id = cursor.selectedID { marks?.toggleMark(request: .init(id: String(id))) }
        case .quit:
            router?.routeToQuit()
        }
        return true
    }

    private func move(by delta: Int) {
        move(to: cursor.index + delta)
    }

    func move(to index: Int) {
        guard let viewModel else { return }
        cursor.move(to: index, count: viewModel.rows.count) { viewModel.rows.id(at: $0) }
        if viewModel.canLoadMore && cursor.nearsEnd(count: viewModel.rows.count, visibleRows: visibleRows) {
            interactor?.loadNextPage(request: .init())
        }
    }

    func openSelected() {
        guard let id = cursor.selectedID else { return }
        interactor?.selectShow(request: .init(id: id))
        router?.routeToShowDetail()
    }

    // MARK: Drawing (the curses View)

    /// The genre and network picker, a box over the list (as the places' category picker).
    private func drawPicker(_ canvas: Canvas, _ picker: (model: PopularList.Narrow.ViewModel, index: Int), in rect: Rect, symbols: Symbols) {
        let lines = picker.model.lines
        let width = min(rect.width - 2, max(24, (lines.map { canvas.text.width($0.label) }.max() ?? 10) + 8))
        let height = min(rect.height, lines.count + 2)
        guard width >= 12, height >= 4 else { return }
        let frame = Rect(row: rect.row + max(0, (rect.height - height) / 2), column: rect.column + (rect.width - width) / 2, height: height, width: width)
        let inside = BoxFrame.draw(on: canvas, frame: frame, title: "Narrow")
        let room = max(1, inside.height)
        let first = lines.count > room ? max(0, min(picker.index - room / 2, lines.count - room)) : 0
        for (i, line) in lines.enumerated().dropFirst(first).prefix(room) {
            let y = inside.row + i - first
            let selected = i == picker.index
            if selected { canvas.fill(row: y, column: inside.column - 1, width: inside.width + 2, role: .selected) }
            canvas.put(selected ? symbols.pointer : " ", row: y, column: inside.column - 1, maxWidth: 1, role: selected ? .selected : .accent)
            canvas.put(line.label, row: y, column: inside.column + 1, maxWidth: inside.width - 3, role: selected ? .selected : .normal)
            if i == picker.model.currentIndex {
                canvas.put(canvas.text.repertoire == .unicode ? "✓" : "*", row: y, column: inside.right - 1, maxWidth: 1, role: selected ? .selected : .accent)
            }
        }
    }

    /// Draws again, highlighted, the characters of a name the filter matched, those that are
    /// shown whole before `limit` (the ellipsis of a cut name, or the name's end).
    private func drawHighlights(_ canvas: Canvas, _ row: PopularList.LoadShows.ViewModel.Row, from start: Int, upTo limit: Int, y: Int, selected: Bool) {
        var wanted = row.highlights.makeIterator()
        var next = wanted.next()
        var x = start
        for (index, character) in row.name.enumerated() {
            guard let target = next else { return }
            let text = String(character)
            let width = canvas.text.width(text)
            if x + width > limit { return }
            if index == target {
                canvas.put(text, row: y, column: x, maxWidth: width, role: selected ? .selectedMatch : .match)
                next = wanted.next()
            }
            x += width
        }
    }

    /// Column widths for a list width, in cells; 0 hides a column.
    struct Columns: Equatable {
        var rank: Int, name: Int, years: Int, genres: Int, rating: Int, network: Int
    }

    static func columns(width: Int, rankDigits: Int) -> Columns {
        let rank = max(2, rankDigits)
        var c = Columns(rank: rank, name: 0, years: 9, genres: width >= 100 ? 24 : 16, rating: 6, network: 14)
        func fixed() -> Int {
            // marker + rank + each shown column with its leading gap
            1 + c.rank + 1 + [c.years, c.genres, c.rating, c.network].filter { $0 > 0 }.reduce(0) { $0 + $1 + 1 }
        }
        // Give columns up, least useful first, until the name has room.
        let order: [WritableKeyPath<Columns, Int>] = [\.genres, \.network, \.years, \.rating]
        for path in order where width - fixed() < 16 {
            c[keyPath: path] = 0
        }
        c.name = max(1, width - fixed())
        return c
    }

    package func draw(on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        let symbols = Symbols(canvas.text.repertoire)
        let showFilterBar = filter.isVisible
        let listTop = rect.row + 1
        visibleRows = max(1, rect.height - 1 - (showFilterBar ? 1 : 0))
        guard let viewModel else {
            canvas.put("Loading popular shows…", row: listTop, column: rect.column + 2, maxWidth: rect.width - 2, role: .dim)
            return
        }
        // Ranks go up to the number of shows loaded (a filtered list is not in rank order).
        let rankDigits = max(String(viewModel.rows.last.map { Int($0.rank) ?? 0 } ?? 0).count, viewModel.rankDigits)
        let cols = Self.columns(width: rect.width, rankDigits: rankDigits)
        drawHeader(canvas, rect: rect, cols: cols)

        if let message = viewModel.emptyMessage {
            let lines = canvas.text.wrap(message, toCells: max(1, rect.width - 4))
            for (i, line) in lines.prefix(visibleRows).enumerated() {
                canvas.put(line, row: listTop + i, column: rect.column + 2, maxWidth: rect.width - 2, role: viewModel.statusIsError || message.contains("retry") ? .error : .dim)
            }
        } else {
            // Keep the selection in view; an extra row shows "loading more".
            let total = viewModel.rows.count + (viewModel.isLoadingMore ? 1 : 0)
            let first = cursor.scroll(visibleRows: visibleRows, totalRows: total)
            rowsFrame = ListRowsFrame(top: listTop, left: rect.column, width: rect.width, rows: visibleRows, first: first)
            for line in 0..<visibleRows {
                let index = first + line
                let y = listTop + line
                if index < viewModel.rows.count {
                    drawRow(canvas, viewModel.rows[index], y: y, rect: rect, cols: cols, selected: index == cursor.index, symbols: symbols)
                } else if index == viewModel.rows.count && viewModel.isLoadingMore {
                    canvas.put("Loading more shows…", row: y, column: rect.column + 2 + cols.rank, maxWidth: rect.width - 2 - cols.rank, role: .dim)
                }
            }
        }
        if showFilterBar {
            filter.draw(on: canvas, row: rect.bottom - 1, in: rect, countLabel: viewModel.countLabel, symbols: symbols)
        }
        if let picker { drawPicker(canvas, picker, in: rect, symbols: symbols) }
    }

    private func drawHeader(_ canvas: Canvas, rect: Rect, cols: Columns) {
        let y = rect.row
        var x = rect.column + 1
        canvas.put(canvas.text.fixed("#", cells: cols.rank, alignRight: true), row: y, column: x, maxWidth: cols.rank, role: .heading)
        x += cols.rank + 1
        canvas.put("Name", row: y, column: x, maxWidth: cols.name, role: .heading)
        x += cols.name
        for (title, width) in [("Years", cols.years), ("Genres", cols.genres), ("Rating", cols.rating), ("Network", cols.network)] where width > 0 {
            canvas.put(title, row: y, column: x + 1, maxWidth: width, role: .heading)
            x += width + 1
        }
    }

    /// Draws one row. The selection is the pointer in the marker column and reverse video over
    /// the name's own cells (not the padding after it), so it shows without colour; the rank and
    /// the other columns look the same on every row. A move then rewrites only the two markers,
    /// the two names and the position counter: over a slow link that is a few dozen bytes.
    private func drawRow(_ canvas: Canvas, _ row: PopularList.LoadShows.ViewModel.Row, y: Int, rect: Rect, cols: Columns, selected: Bool, symbols: Symbols) {
        var x = rect.column
        canvas.put(selected ? symbols.pointer : " ", row: y, column: x, maxWidth: 1, role: selected ? .accent : .normal)
        x += 1
        canvas.put(canvas.text.fixed(row.rank, cells: cols.rank, alignRight: true), row: y, column: x, maxWidth: cols.rank,
                   role: row.isSearchResult ? .accent : .normal)
        x += cols.rank + 1
        let mark = favouriteIDs.contains(String(row.id)) ? symbols.favourite + " " : ""
        let used = canvas.put(mark + row.name, row: y, column: x, maxWidth: cols.name - 1,
                              role: selected ? .selected : (row.nameIsPlaceholder ? .dim : .normal))
        if !row.highlights.isEmpty {
            drawHighlights(canvas, row, from: x + canvas.text.width(mark),
                           upTo: x + (canvas.text.width(mark + row.name) > used ? used - 1 : used), y: y, selected: selected)
        }
        x += cols.name
        if cols.years > 0 {
            canvas.put(row.years, row: y, column: x + 1, maxWidth: cols.years, role: .normal)
            x += cols.years + 1
        }
        if cols.genres > 0 {
            canvas.put(row.genres, row: y, column: x + 1, maxWidth: cols.genres - 1, role: .dim)
            x += cols.genres + 1
        }
        if cols.rating > 0 {
            let text = row.rating == ShowFormatting.missing ? row.rating : symbols.star + " " + row.rating
            canvas.put(text, row: y, column: x + 1, maxWidth: cols.rating, role: .accent)
            x += cols.rating + 1
        }
        if cols.network > 0 {
            canvas.put(row.network, row: y, column: x + 1, maxWidth: min(cols.network, rect.right - x - 1), role: .normal)
        }
    }

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}
}

// MARK: Paste and mouse

extension PopularListViewController {
    package func paste(_ text: String) {
        if case .changed(let query) = filter.insert(text) {
            interactor?.filterShows(request: .init(query: query))
        }
    }

    /// A click on a row selects it; a double click on it opens its details.
    package func handle(click: SceneClick) -> Bool {
        guard let viewModel, viewModel.emptyMessage == nil,
              let index = rowsFrame.index(row: click.row, column: click.column), index < viewModel.rows.count else { return false }
        marksMessage = nil
        if click.count == 2 && index == cursor.index {
            openSelected()
        } else {
            move(to: index)
        }
        return true
    }
}
