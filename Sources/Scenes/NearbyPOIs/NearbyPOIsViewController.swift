import Terminal

/// The NearbyPOIs scene's ViewController: turns keys into Requests and keeps which view is
/// open. The views draw themselves: the list (`ListView`), the mini-map beside it or instead
/// of it (`MiniMapPane`), a place's details (`POIDetailsPage`) and the category picker or the
/// city search over the list (`NearbyPOIsPicker`). The key maps are `NearbyPOIsKeyMaps`; the
/// status bar is `PlacesStatusBar`.
@MainActor
package final class NearbyPOIsViewController: SceneViewController, NearbyPOIsDisplayLogic, FavouriteMarksDisplayLogic {
    /// Which view the scene shows.
    enum Mode: Sendable, Equatable {
        /// The list (with the mini-map beside it when wide, or instead of it after `m`).
        case list
        /// One place's details.
        case details
        /// The category picker over the list.
        case categories
        /// The city search over the list.
        case cities
    }

    package var interactor: NearbyPOIsBusinessLogic?
    package var router: (NearbyPOIsRoutingLogic & NearbyPOIsDataPassing)?
    package weak var display: DisplayInvalidating?
    /// Puts text on the terminal's clipboard (`y`, `Y` in the details); nil where there is none.
    package var clipboard: ClipboardWriting?
    /// The favourite marks (`f` and the stars); nil without favourites.
    package var marks: FavouriteMarksBusinessLogic?

    private(set) var viewModel: NearbyPOIs.LoadPOIs.ViewModel?
    private(set) var citiesViewModel: NearbyPOIs.SearchCities.ViewModel?
    /// The list: selection, scrolling, filter.
    private var list = ListView<String>()
    /// The map beside or instead of the list.
    private(set) var map = MiniMapPane()
    /// The details page, while open.
    private(set) var details: POIDetailsPage?
    /// The picker over the list, while open.
    private var picker: NearbyPOIsPicker?
    /// The marked places and what the last `f` did.
    private var marked = FavouriteMarksState()
    private var didLoad = false
    /// The width and the text last drawn, for the status bar's fitting.
    private var lastWidth = 80
    private var lastText = CellText(repertoire: .unicode)
    /// A message for the status bar until the next key (a limit, a copy).
    private var transientMessage: String?
    /// Moves, Enter and `f` pressed before the first places arrive, applied once they do.
    private var typedAhead = TypedAheadKeys<NearbyPOIsKeyMaps.Action>()
    /// True while the list waits for its first places (before any display, too).
    private var awaitsRows: Bool { viewModel?.awaitsRows ?? true }

    /// Which view is open.
    var mode: Mode {
        if let picker { return picker.kind == .categories ? .categories : .cities }
        return details == nil ? .list : .details
    }

    /// The selection and scroll position of the list.
    var cursor: ListCursor<String> { list.cursor }
    /// The list's name filter.
    var filter: FilterField { list.filter }
    /// The ids of the places that are favourites.
    var favouriteIDs: Set<String> { marked.ids }
    /// The place whose details are open.
    var detailViewModel: NearbyPOIs.ShowPOIDetails.ViewModel? { details?.viewModel }
    /// The selected choice of the open picker.
    var categoryIndex: Int { picker?.view.index ?? 0 }
    /// The city name typed into the city search.
    var cityQuery: String { picker?.query ?? "" }
    /// True when the map replaces the list on a narrow terminal (`m`).
    var isMapShown: Bool { map.isShown }
    /// The screen cell of each place on the map, as last drawn.
    var mapSpots: [(row: Int, column: Int, id: String)] { map.spots }

    package var title: String {
        let base = viewModel?.title ?? "Places"
        if let detail = details?.viewModel { return base + " › " + detail.title }
        return base
    }

    package var capturesText: Bool { list.filter.isEditing || mode == .cities }

    package var helpSection: HelpSection {
        switch mode {
        case .list: return HelpSection(title: "Places", entries: NearbyPOIsKeyMaps.keyMap.helpEntries())
        case .details: return HelpSection(title: "Place details", entries: NearbyPOIsKeyMaps.detailKeyMap.helpEntries())
        case .categories: return HelpSection(title: "Category", entries: NearbyPOIsKeyMaps.categoryKeyMap.helpEntries())
        case .cities: return HelpSection(title: "Find a city", entries: NearbyPOIsKeyMaps.cityKeyMap.helpEntries())
        }
    }

    package var credit: String { viewModel?.credit ?? "" }

    package var statusBar: StatusBarContent {
        let hints: String?
        switch mode {
        case .list where list.filter.isEditing: hints = "type to filter  ⏎ keep  Esc clear"
        case .categories:
            hints = KeyHints.join([NearbyPOIsKeyMaps.categoryKeyMap.hint("choose", "choose"), NearbyPOIsKeyMaps.categoryKeyMap.hint("close", "close")])
        case .cities:
            let keys = NearbyPOIsKeyMaps.cityKeyMap
            hints = KeyHints.join(["type a name", keys.hint(["up", "down"], "pick"), keys.hint("choose", "choose"), keys.hint("close", "close")])
        default: hints = nil
        }
        return PlacesStatusBar(viewModel: viewModel, text: lastText, width: lastWidth)
            .content(
                hints: hints,
                wayOut: (mode == .details ? NearbyPOIsKeyMaps.detailKeyMap.hint("back", "back") : NearbyPOIsKeyMaps.keyMap.hint("quit", "quit")) ?? "",
                position: list.position(count: viewModel?.rows.count ?? 0),
                message: marked.message?.text ?? transientMessage, messageIsError: marked.message?.isError)
    }

    package func sceneDidAppear() {
        marks?.loadMarks(request: .init())
        guard !didLoad else { return }
        didLoad = true
        interactor?.loadPOIs(request: .init())
    }

    // MARK: Display logic

    package func displayPOIs(viewModel: NearbyPOIs.LoadPOIs.ViewModel) {
        let queryChanged = viewModel.query != self.viewModel?.query
        self.viewModel = viewModel
        // Another filter text keeps the selected place while it still matches (`/Sultan` then
        // Backspace to `/S`); only when it is gone does the first match take the selection.
        let stillListed = viewModel.rows.contains { $0.id == cursor.selectedID }
        list.rowsChanged(count: viewModel.rows.count, reset: queryChanged && !viewModel.query.isEmpty && !stillListed) { viewModel.rows[$0].id }
        if !viewModel.awaitsRows {
            // Keys typed ahead apply in order once the places are there (dropped when the
            // load ended without any); after Enter the rest would belong to the details.
            for action in typedAhead.take() where !viewModel.rows.isEmpty && details == nil && picker == nil {
                _ = perform(action)
                if case .open = action { break }
                if case .walk = action { break }
            }
        }
        // A list that does not fill the screen asks for the next page after this display
        // step, never from inside it (the Interactor is not re-entered while it presents).
        Task { [weak self] in self?.loadMoreIfNeeded() }
        display?.setNeedsDisplay()
    }

    package func displayCities(viewModel: NearbyPOIs.SearchCities.ViewModel) {
        citiesViewModel = viewModel
        if viewModel.opensByItself {
            details = nil
            picker = .cities(query: viewModel.query)
        }
        picker?.choicesChanged(count: NearbyPOIsPicker.count(.cities, places: self.viewModel, cities: viewModel))
        display?.setNeedsDisplay()
    }

    package func displayRadiusLimit(viewModel: NearbyPOIs.ChangeRadius.ViewModel) {
        transientMessage = viewModel.message
        display?.setNeedsDisplay()
    }

    package func displayStreets(viewModel: NearbyPOIs.LoadStreets.ViewModel) {
        map.streets = viewModel.lines.isEmpty ? nil : viewModel
        if let message = viewModel.message { transientMessage = message }
        display?.setNeedsDisplay()
    }

    package func displayPOIDetails(viewModel: NearbyPOIs.ShowPOIDetails.ViewModel) {
        if viewModel.isUpdate, details?.viewModel?.id != viewModel.id { return }
        var page = details ?? POIDetailsPage()
        page.show(viewModel)
        details = page
        if !viewModel.isUpdate { picker = nil }
        display?.setNeedsDisplay()
    }

    package func displayMarks(viewModel: FavouriteMarks.ViewModel) {
        marked.display(viewModel)
        display?.setNeedsDisplay()
    }

    // MARK: Keys

    package func handle(key: Key) -> Bool {
        transientMessage = nil
        marked.clearMessage()
        if picker != nil { return handlePickerKey(key) }
        if details != nil { return handleDetailKey(key) }
        return handleListKey(key)
    }

    private func handleListKey(_ key: Key) -> Bool {
        switch list.filter.handle(key) {
        case .changed(let query):
            interactor?.filterPOIs(request: .init(query: query))
            return true
        case .handled:
            return true
        case .ignored:
            break
        }
        guard let action: NearbyPOIsKeyMaps.Action = NearbyPOIsKeyMaps.keyMap.action(for: key) else { return false }
        if typedAhead.keepsUntilRows(action, awaitingRows: awaitsRows) { return true }
        return perform(action)
    }

    /// Does what a list key's action asks.
    /// - Returns: false when the key is not the list's after all (Esc with no kept filter).
    private func perform(_ action: NearbyPOIsKeyMaps.Action) -> Bool {
        switch action {
        case .move(let move):
            guard let rows = viewModel?.rows else { return true }
            list.move(move, count: rows.count) { rows[$0].id }
            loadMoreIfNeeded()
        case .open, .walk:
            // The details open on the walk by the streets, right under the distance.
            guard let id = cursor.selectedID else { return true }
            interactor?.showPOIDetails(request: .init(id: id))
        case .filter:
            list.filter.begin()
        case .clearFilter:
            // Only a kept filter (`/text` then Enter) is cleared; otherwise Esc is not the list's.
            guard case .changed(let query) = list.filter.clearKept() else { return false }
            interactor?.filterPOIs(request: .init(query: query))
        case .category:
            picker = .categories(current: viewModel?.currentCategoryIndex ?? 0, count: viewModel?.categoryChoices.count ?? 0)
        case .wider:
            interactor?.changeRadius(request: .init(wider: true))
        case .narrower:
            interactor?.changeRadius(request: .init(wider: false))
        case .city:
            picker = .cities()
            interactor?.searchCities(request: .init(text: ""))
        case .toggleMap:
            transientMessage = map.toggle(width: lastWidth) ? nil : viewModel?.mapBesideListMessage
        case .favourite:
            marked.toggle(cursor.selectedID, with: marks)
        case .reload:
            interactor?.loadPOIs(request: .init(reload: true))
        case .openNow:
            interactor?.toggleOpenNow(request: .init())
        case .openOnArrival:
            interactor?.toggleOpenNow(request: .init(onArrival: true))
        case .zoomIn:
            map.zoomIn()
        case .zoomOut:
            map.zoomOut()
        case .pan(let east, let north):
            map.panBy(east: east, north: north, radiusMeters: viewModel?.radiusMeters ?? NearbyPOIs.defaultRadiusMeters)
        case .quit:
            router?.routeToQuit()
        }
        return true
    }

    private func handleDetailKey(_ key: Key) -> Bool {
        guard let outcome = details?.handle(key, clipboard: clipboard) else { return false }
        switch outcome {
        case .done(let message): transientMessage = message
        case .favourite: marked.toggle(details?.viewModel?.id, with: marks)
        case .back: details = nil
        }
        return true
    }

    private func handlePickerKey(_ key: Key) -> Bool {
        guard let outcome = picker?.handle(key, places: viewModel, cities: citiesViewModel) else { return false }
        apply(outcome)
        return true
    }

    /// Turns what the picker asks for into a Request.
    private func apply(_ outcome: NearbyPOIsPicker.Outcome) {
        switch outcome {
        case .none: break
        case .close: picker = nil
        case .chooseCategory(let id):
            picker = nil
            interactor?.chooseCategory(request: .init(id: id))
        case .chooseCity(let id):
            picker = nil
            interactor?.chooseCity(request: .init(id: id))
        case .searchCities(let text, let online):
            interactor?.searchCities(request: .init(text: text, online: online))
        }
    }

    private func move(to index: Int) {
        guard let rows = viewModel?.rows else { return }
        list.move(to: index, count: rows.count) { rows[$0].id }
        loadMoreIfNeeded()
    }

    private func loadMoreIfNeeded() {
        guard let viewModel, viewModel.canLoadMore, list.nearsEnd(count: viewModel.rows.count) else { return }
        interactor?.loadNextPage(request: .init())
    }

    // MARK: Drawing (the curses View)

    package func draw(on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        lastWidth = rect.width
        lastText = canvas.text
        map.beginFrame()
        let wide = rect.width >= MiniMapPane.sideMinimumWidth
        var main = rect
        if wide {
            // Two fifths of the width, at least 30 cells, and at least 72 left for the list.
            let mapWidth = max(30, min(rect.width - 72, rect.width * 2 / 5))
            main = Rect(row: rect.row, column: rect.column, height: rect.height, width: rect.width - mapWidth)
            let side = Rect(row: rect.row, column: main.right, height: rect.height, width: mapWidth)
            map.draw(on: canvas, in: side, bordered: true, viewModel: viewModel, selectedID: cursor.selectedID)
        }
        if var page = details {
            page.draw(on: canvas, in: main, isFavourite: page.viewModel.map { marked.contains($0.id) } ?? false)
            details = page
            return
        }
        if !wide && map.isShown {
            let above = Rect(row: main.row, column: main.column, height: main.height - 1, width: main.width)
            map.draw(on: canvas, in: above, bordered: false, viewModel: viewModel, selectedID: cursor.selectedID)
            drawSelectedRowLine(canvas, in: main)
        } else {
            drawList(canvas, in: main)
        }
        picker?.draw(on: canvas, in: rect, places: viewModel, cities: citiesViewModel)
    }

    // MARK: The list (under the summary line, or its selected row under a map that replaces it)

    /// The summary line (with the clock the Now column reads, when it fits), then the list.
    private func drawList(_ canvas: Canvas, in rect: Rect) {
        guard let viewModel else {
            canvas.put("Looking for places…", row: rect.row, column: rect.column + 1, maxWidth: rect.width - 1, role: .dim)
            return
        }
        let used = canvas.put(viewModel.summary, row: rect.row, column: rect.column + 1, maxWidth: rect.width - 1, role: .normal)
        // Which clock the Now column reads, after the summary when it fits whole (the details
        // always say it).
        if let clock = viewModel.hoursClock {
            let phrase = " \(Symbols(canvas.text.repertoire).dot) " + clock
            if used + canvas.text.width(phrase) <= rect.width - 2 {
                canvas.put(phrase, row: rect.row, column: rect.column + 1 + used, maxWidth: rect.width - 2 - used, role: .dim)
            }
        }
        let below = Rect(row: rect.row + 1, column: rect.column, height: rect.height - 1, width: rect.width)
        list.draw(on: canvas, in: below, content: PlacesListColumns.content(viewModel, width: rect.width, unicode: canvas.text.repertoire == .unicode, marked: marked))
    }

    /// Under a map that replaces the list: the selected place's row.
    private func drawSelectedRowLine(_ canvas: Canvas, in rect: Rect) {
        list.hide()
        guard let viewModel else { return }
        let y = rect.bottom - 1
        if let message = viewModel.emptyMessage {
            canvas.put(message, row: y, column: rect.column + 2, maxWidth: rect.width - 2, role: .dim)
            return
        }
        let line = Rect(row: y, column: rect.column, height: 1, width: rect.width)
        list.drawSelectedRow(on: canvas, in: line, content: PlacesListColumns.content(viewModel, width: rect.width, unicode: canvas.text.repertoire == .unicode, marked: marked))
    }

    // MARK: Paste and clicks (the list, the map, the pickers)

    package func paste(_ text: String) {
        if let outcome = picker?.paste(text) {
            apply(outcome)
        } else if case .changed(let query) = list.filter.insert(text) {
            interactor?.filterPOIs(request: .init(query: query))
        }
    }

    /// A click on a row of the list or of a picker, or on a place on the map, selects it; a
    /// double click opens the place or takes the choice.
    package func handle(click: SceneClick) -> Bool {
        transientMessage = nil
        marked.clearMessage()
        if picker != nil {
            guard let outcome = picker?.click(click, places: viewModel, cities: citiesViewModel) else { return false }
            apply(outcome)
            return true
        }
        guard details == nil, let rows = viewModel?.rows else { return false }
        if let id = map.spot(near: click), let index = rows.firstIndex(where: { $0.id == id }) {
            // A place on the map: select it; a second click on it opens it.
            if click.count == 2 && index == cursor.index { return handleListKey(.enter) }
            move(to: index)
            return true
        }
        switch list.click(click, count: rows.count, id: { rows[$0].id }) {
        case nil: return false
        case .open: return handleListKey(.enter)
        case .selected:
            loadMoreIfNeeded()
            return true
        }
    }

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}
}
