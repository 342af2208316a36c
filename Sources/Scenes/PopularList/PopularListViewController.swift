import Domain
import Terminal

/// The PopularList scene's ViewController: turns keys into Requests, keeps the selection and
/// the scroll position, and draws the list view model on the screen (the curses View).
@MainActor
package final class PopularListViewController: SceneViewController, PopularListDisplayLogic, FavouriteMarksDisplayLogic {
    package enum Action: Sendable {
        case move(ListMove), open, filter, switchList, sort, narrow, reload, favourite, tonight, upcoming, quit
    }

    /// The scene's key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] =
        ListMove.bindings(.init(top: "First show", bottom: "Last show"), action: Action.move)
        + [
            KeyBinding("open", keys: [.enter, .right, .character("l")], label: "⏎ → l", help: "Open the show's details", action: .open),
            KeyBinding("filter", keys: [.character("/")], label: "/", help: "Filter by name (⏎ keeps it, Esc clears it)", action: .filter),
            KeyBinding("switch-list", keys: [.character("v")], label: "v", help: "Switch list: Popular now ⇄ All shows", action: .switchList),
            KeyBinding("sort", keys: [.character("s")], label: "s", help: "Order: popularity, rating, newest, name", action: .sort),
            KeyBinding("narrow", keys: [.character("n")], label: "n", help: "Narrow to a genre or a network", action: .narrow),
            KeyBinding("reload", keys: [.character("r")], label: "r", help: "Reload the list (after a failure: retry it)", action: .reload),
            KeyBinding("favourite", keys: [.character("f")], label: "f", help: "Add to or remove from favourites (♥)", action: .favourite),
            KeyBinding("tonight", keys: [.character("t")], label: "t", help: "Tonight: what airs today, times in your zone", action: .tonight),
            KeyBinding("upcoming", keys: [.character("u")], label: "u", help: "Upcoming: your favourite shows' next episodes", action: .upcoming),
            KeyBinding("quit", keys: [.character("q")], label: "q", help: "Quit", action: .quit)
        ].rebound()

    /// How the list starts: with a filter applied and the provider's search asked
    /// (`discover-tui search QUERY`), or with a show's details open over it (`discover-tui show`).
    package struct Start: Sendable {
        /// The filter to apply; nil for none.
        package var query: String?
        /// The show whose details open at once (Esc goes to the list); nil for none.
        package var show: TVShow?
        /// The Tonight scene's list to open at once (`discover-tui tonight`, `discover-tui upcoming`); nil for none.
        package var listing: Tonight.Listing?

        /// Makes one from its parts (the memberwise initialiser, visible to the composition root).
        package init(query: String? = nil, show: TVShow? = nil, listing: Tonight.Listing? = nil) {
            self.query = query
            self.show = show
            self.listing = listing
        }
    }

    /// How the list starts; read once, when it first appears.
    package var start = Start()

    package var interactor: PopularListBusinessLogic?
    package var router: (PopularListRoutingLogic & PopularListDataPassing)?
    package weak var display: DisplayInvalidating?
    /// The favourite marks (`f` and the stars); nil without favourites.
    package var marks: FavouriteMarksBusinessLogic?
    /// The marked shows and what the last `f` did.
    private var marked = FavouriteMarksState()
    /// The ids (as text) of the shows that are favourites.
    var favouriteIDs: Set<String> { marked.ids }

    private(set) var viewModel: PopularList.LoadShows.ViewModel?
    /// The widths `wantedWidths` measured for the rows of `viewModel`, or nil.
    var measuredWidths: (genres: Int, network: Int)?
    /// The list: selection, scrolling, filter.
    private var list = ListView<Int>()
    /// The selection and scroll position.
    var cursor: ListCursor<Int> { list.cursor }
    /// The name filter.
    var filter: FilterField { list.filter }
    private var didLoad = false
    /// Moves, `f` and Enter pressed before the first rows arrived, applied when they do.
    private var typedAhead = TypedAheadKeys<Action>()
    /// True while the list has no rows yet because they are still loading.
    private var awaitsRows: Bool { viewModel?.awaitsRows ?? true }

    /// What the list is (`ViewModel.title`), for the header.
    package var title: String { viewModel?.title ?? "Popular shows" }

    package var capturesText: Bool { filter.isEditing }

    package var helpSection: HelpSection {
        if narrowChoices != nil { return HelpSection(title: "Narrow", entries: NarrowPicker.helpEntries) }
        return HelpSection(title: "Popular shows", entries: Self.keyMap.helpEntries())
    }

    /// The credit of the source on screen: TVmaze's, or TMDB's notice.
    package var credit: String { viewModel?.credit ?? ShowFormatting.tvmazeCredit }

    package var statusBar: StatusBarContent {
        let more = (viewModel?.canLoadMore ?? false) || (viewModel?.isLoadingMore ?? false)
        let position = list.position(count: viewModel?.rows.count ?? 0, more: more)
        let hints =
            narrowChoices != nil
            ? KeyHints.join([
                "type to jump", NarrowPicker.keyMap.hint(["up", "down"], "move"), NarrowPicker.keyMap.hint("choose", "narrow"),
                NarrowPicker.keyMap.hint("close", "close"), GlobalKeys.helpHint
            ])
            : filter.isEditing
                ? "type to filter  ⏎ keep  Esc clear"
                : KeyHints.join([
                    Self.keyMap.hint("open", "open"), Self.keyMap.hint("filter", "filter"), Self.keyMap.hint("favourite", "fav"),
                    GlobalKeys.keyMap.hint("favourites", "favourites"), GlobalKeys.keyMap.hint("continue", "continue"), GlobalKeys.helpHint,
                    Self.keyMap.hint("quit", "quit")
                ])
        return StatusBarContent(
            source: viewModel?.sourceLabel ?? "loading…",
            position: position,
            hints: hints,
            message: marked.message?.text ?? viewModel?.statusMessage,
            messageIsError: marked.message?.isError ?? viewModel?.statusIsError ?? false
        )
    }

    package func sceneDidAppear() {
        marks?.loadMarks(request: .init())
        guard !didLoad else { return }
        didLoad = true
        interactor?.loadShows(request: .init())
        if let query = start.query, !query.isEmpty {
            if case .changed(let text) = list.filter.keep(query) { interactor?.filterShows(request: .init(query: text)) }
            interactor?.searchCatalogue(request: .init())
        }
        if let show = start.show {
            interactor?.openShow(request: .init(show: show))
            router?.routeToShowDetail()
        }
        if let listing = start.listing {
            router?.routeToTonight(listing: listing)
        }
        start = Start()
    }

    // MARK: Display logic

    package func displayShows(viewModel: PopularList.LoadShows.ViewModel) {
        // The selection stays on its show while the show still matches (Backspace widens the
        // filter around it); a query that grows while the top row is selected follows the new
        // best match, as fzf does, and so do matches that arrive for the same query (the rest
        // of a snapshot read when the filter started).
        let previous = self.viewModel?.query ?? ""
        let grew = viewModel.query.count > previous.count && viewModel.query.hasPrefix(previous)
        let sameFilter = !viewModel.query.isEmpty && viewModel.query == previous
        self.viewModel = viewModel
        measuredWidths = nil
        let rows = viewModel.rows
        list.rowsChanged(count: rows.count, reset: (grew || sameFilter || viewModel.keepsTop) && cursor.index == 0) { rows.id(at: $0) }
        if viewModel.selectsLast {
            list.move(to: rows.count - 1, count: rows.count) { rows.id(at: $0) }
        }
        if !viewModel.awaitsRows {
            // Keys typed ahead apply in order once the rows are there (dropped when the load
            // ended without rows); after Enter the rest would belong to the details.
            for action in typedAhead.take() where !rows.isEmpty {
                perform(action)
                if case .open = action { break }
            }
        }
        display?.setNeedsDisplay()
    }

    package func displayMarks(viewModel: FavouriteMarks.ViewModel) {
        marked.display(viewModel)
        display?.setNeedsDisplay()
    }

    // MARK: Keys

    /// The genre, network and services picker (`n`).
    private var narrowPicker = NarrowPicker()
    /// The picker's choices while it is open; nil when it is closed.
    var narrowChoices: PopularList.Narrow.ViewModel? { narrowPicker.choices }

    package func displayNarrowChoices(viewModel: PopularList.Narrow.ViewModel) {
        narrowPicker.open(viewModel)
        display?.setNeedsDisplay()
    }

    package func handle(key: Key) -> Bool {
        if narrowChoices != nil {
            // Keys while the picker is open go to it; Enter narrows to its choice.
            if case .chose(let choice) = narrowPicker.handle(key) { interactor?.narrow(request: .init(choice: choice)) }
            display?.setNeedsDisplay()
            return true
        }
        marked.clearMessage()
        let wasEditing = list.filter.isEditing
        switch list.filter.handle(key) {
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
        if key == .escape, case .changed(let query) = list.filter.clearKept() {
            // Esc on the list clears a kept filter.
            interactor?.filterShows(request: .init(query: query))
            return true
        }
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        if typedAhead.keepsUntilRows(action, awaitingRows: awaitsRows) { return true }
        perform(action)
        return true
    }

    /// Does what a key's action asks.
    private func perform(_ action: Action) {
        switch action {
        case .move(let move):
            // A snapshot's rest costs nothing: End goes on to its very last show.
            if move == .bottom { interactor?.loadRest(request: .init()) }
            guard let rows = viewModel?.rows else { return }
            list.move(move, count: rows.count) { rows.id(at: $0) }
            loadMoreIfNeeded()
        case .open: openSelected()
        case .filter: list.filter.begin()
        case .switchList: interactor?.switchList(request: .init())
        case .sort:
            // The new order is shown from its top: the selection goes to its first row.
            interactor?.cycleSort(request: .init())
            move(to: 0)
        case .narrow: interactor?.listNarrowChoices(request: .init())
        case .reload: interactor?.loadShows(request: .init(reload: true))
        case .favourite: marked.toggle(cursor.selectedID.map(String.init), with: marks)
        case .tonight: router?.routeToTonight(listing: .tonight)
        case .upcoming: router?.routeToTonight(listing: .upcoming)
        case .quit: router?.routeToQuit()
        }
    }

    func move(to index: Int) {
        guard let rows = viewModel?.rows else { return }
        list.move(to: index, count: rows.count) { rows.id(at: $0) }
        loadMoreIfNeeded()
    }

    private func loadMoreIfNeeded() {
        guard let viewModel, viewModel.canLoadMore, list.nearsEnd(count: viewModel.rows.count) else { return }
        interactor?.loadNextPage(request: .init())
    }

    func openSelected() {
        guard let id = cursor.selectedID else { return }
        interactor?.selectShow(request: .init(id: id))
        router?.routeToShowDetail()
    }

    // MARK: Drawing (the curses View)

    /// Column widths for a list width, in cells; 0 hides a column.
    struct Columns: Equatable {
        var rank: Int, name: Int, years: Int, genres: Int, rating: Int, network: Int
    }

    /// The list's columns: rank, name, years, genres, rating, network.
    static func listColumns(_ c: Columns) -> [ListColumn] {
        [
            ListColumn(title: "#", width: c.rank, gap: 0, alignRight: true),
            ListColumn(title: "Name", width: c.name, pad: 1),
            ListColumn(title: "Years", width: c.years),
            ListColumn(title: "Genres", width: c.genres, pad: 1),
            ListColumn(title: "Rating", width: c.rating),
            ListColumn(title: "Network", width: c.network)
        ]
    }

    package func draw(on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        guard let viewModel else {
            canvas.put("Loading popular shows…", row: rect.row + 1, column: rect.column + 2, maxWidth: rect.width - 2, role: .dim)
            return
        }
        let symbols = Symbols(canvas.text.repertoire)
        // Ranks go up to the number of shows loaded (a filtered list is not in rank order).
        let rankDigits = max(String(viewModel.rows.last.map { Int($0.rank) ?? 0 } ?? 0).count, viewModel.rankDigits)
        let rows = viewModel.rows
        list.draw(
            on: canvas, in: rect,
            content: .init(
                columns: Self.listColumns(
                    Self.columns(
                        width: rect.width, rankDigits: rankDigits,
                        wanted: rect.width > Self.sharedFrom ? wantedWidths(rows, text: canvas.text) : (0, 0))),
                nameColumn: 1, count: rows.count,
                cells: { Self.cells(rows[$0], symbols: symbols) },
                isMarked: { [marked] in marked.contains(String(rows.id(at: $0))) },
                emptyMessage: viewModel.emptyMessage, emptyStyle: viewModel.emptyMessageStyle,
                loadingMore: viewModel.isLoadingMore ? "Loading more shows…" : nil, countLabel: viewModel.countLabel))
        narrowPicker.draw(on: canvas, in: rect)
    }

    /// A row's cells: the rank (accent for a search result), the name with the filter's
    /// matches (dim for a placeholder or a close match), and the other columns.
    static func cells(_ row: PopularList.LoadShows.ViewModel.Row, symbols: Symbols) -> [ListCell] {
        [
            ListCell(text: row.rank, role: row.isSearchResult ? .accent : .normal),
            ListCell(text: row.name, role: row.nameIsPlaceholder || row.isCloseMatch ? .dim : .normal, highlights: row.highlights),
            ListCell(text: row.years),
            ListCell(text: row.genres, role: .dim),
            ListCell(text: row.rating == ShowFormatting.missing ? row.rating : symbols.star + " " + row.rating, role: .accent),
            ListCell(text: row.network)
        ]
    }

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}
}

// MARK: Paste and mouse

extension PopularListViewController {
    package func paste(_ text: String) {
        if case .changed(let query) = list.filter.insert(text) {
            interactor?.filterShows(request: .init(query: query))
        }
    }

    /// A click on a row selects it; a double click on it opens its details.
    package func handle(click: SceneClick) -> Bool {
        guard let rows = viewModel?.rows, let done = list.click(click, count: rows.count, id: { rows.id(at: $0) }) else { return false }
        marked.clearMessage()
        if done == .open { openSelected() } else { loadMoreIfNeeded() }
        return true
    }
}

// MARK: Palette commands

extension PopularListViewController: PaletteCommandTaking {
    /// `:sort ORDER`: the list in that order (by the order's name), shown from its top.
    package func perform(command: String, argument: String) -> PaletteCommandAnswer {
        guard command == "sort" else { return .notHere }
        let names = ShowSortOrder.allCases.map(\.rawValue)
        guard let order = ShowSortOrder(rawValue: argument.lowercased()) else {
            return .bad("sort takes \(names.joined(separator: ", ")) (got '\(argument.prefix(40))')")
        }
        interactor?.setSort(request: .init(order: order))
        move(to: 0)
        return .done
    }
}

extension PopularListViewController.Action: RowActing {
    var actsOnRows: Bool {
        switch self {
        case .move, .open, .favourite: true
        default: false
        }
    }
}
