import FoundationEssentials
import Terminal

/// The NearbyPOIs scene's ViewController: turns keys into Requests, keeps the selection, the
/// scroll positions and which view is open (the list, a place's details, the category picker,
/// the city search), and draws the view models with the mini-map (the curses View).
@MainActor
package final class NearbyPOIsViewController: SceneViewController, NearbyPOIsDisplayLogic, FavouriteMarksDisplayLogic {
    /// What the list's keys do.
    package enum Action: Sendable {
        case up, down, pageUp, pageDown, top, bottom, open, filter, clearFilter, category, wider, narrower, city, toggleMap, reload, favourite, openNow, zoomIn, zoomOut, quit
    }

    /// What the detail view's keys do.
    package enum DetailAction: Sendable {
        case up, down, pageUp, pageDown, top, bottom, back, favourite, copyID, copyWebsite
    }

    /// What the pickers' keys do.
    package enum PickerAction: Sendable {
        case up, down, pageUp, pageDown, top, bottom, choose, cancel, erase, eraseWord, clear
    }

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

    /// The list's key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] = [
        KeyBinding(keys: [.up, .character("k")], label: "↑ k", help: "Move up", action: .up),
        KeyBinding(keys: [.down, .character("j")], label: "↓ j", help: "Move down", action: .down),
        KeyBinding(keys: [.pageUp, .control("b")], label: "PgUp", help: "Page up", action: .pageUp),
        KeyBinding(keys: [.pageDown, .control("f"), .character(" ")], label: "PgDn Space", help: "Page down", action: .pageDown),
        KeyBinding(keys: [.home, .character("g")], label: "Home g", help: "Nearest place", action: .top),
        KeyBinding(keys: [.end, .character("G")], label: "End G", help: "Farthest place loaded", action: .bottom),
        KeyBinding(keys: [.enter, .right, .character("l")], label: "⏎ → l", help: "Show the place's details", action: .open),
        KeyBinding(keys: [.character("/")], label: "/", help: "Filter by name (Esc clears, ⏎ keeps)", action: .filter),
        KeyBinding(keys: [.escape], label: "Esc", help: "Clear a kept filter", action: .clearFilter),
        KeyBinding(keys: [.character("c")], label: "c", help: "Choose a category", action: .category),
        KeyBinding(keys: [.character("+"), .character("=")], label: "+", help: "Widen the radius (up to 25 km)", action: .wider),
        KeyBinding(keys: [.character("-"), .character("_")], label: "-", help: "Narrow the radius (down to 250 m)", action: .narrower),
        KeyBinding(keys: [.character("L")], label: "L", help: "Find a city to search around", action: .city),
        KeyBinding(keys: [.character("m")], label: "m", help: "Show or hide the map (under 100 columns)", action: .toggleMap),
        KeyBinding(keys: [.character("r")], label: "r", help: "Search again", action: .reload),
        KeyBinding(keys: [.character("f")], label: "f", help: "Add to or remove from favourites (♥)", action: .favourite),
        KeyBinding(keys: [.character("o")], label: "o", help: "List only places open now, or all again", action: .openNow),
        KeyBinding(keys: [.character("z")], label: "z", help: "Zoom the map in", action: .zoomIn),
        KeyBinding(keys: [.character("Z")], label: "Z", help: "Zoom the map out", action: .zoomOut),
        KeyBinding(keys: [.character("q")], label: "q", help: "Quit", action: .quit),
    ]

    /// The detail view's key map.
    package static let detailKeyMap: [KeyBinding<DetailAction>] = [
        KeyBinding(keys: [.up, .character("k")], label: "↑ k", help: "Scroll up", action: .up),
        KeyBinding(keys: [.down, .character("j")], label: "↓ j", help: "Scroll down", action: .down),
        KeyBinding(keys: [.pageUp, .control("b")], label: "PgUp", help: "Page up", action: .pageUp),
        KeyBinding(keys: [.pageDown, .control("f"), .character(" ")], label: "PgDn Space", help: "Page down", action: .pageDown),
        KeyBinding(keys: [.home, .character("g")], label: "Home g", help: "Top", action: .top),
        KeyBinding(keys: [.end, .character("G")], label: "End G", help: "Bottom", action: .bottom),
        KeyBinding(keys: [.escape, .left, .character("h"), .backspace, .character("q")], label: "Esc ← h q", help: "Back to the list", action: .back),
        KeyBinding(keys: [.character("f")], label: "f", help: "Add to or remove from favourites (♥)", action: .favourite),
        KeyBinding(keys: [.character("y")], label: "y", help: "Copy the whole source id to the clipboard (OSC 52)", action: .copyID),
        KeyBinding(keys: [.character("Y")], label: "Y", help: "Copy the whole web address to the clipboard (OSC 52)", action: .copyWebsite),
    ]

    /// The category picker's key map.
    package static let categoryKeyMap: [KeyBinding<PickerAction>] = [
        KeyBinding(keys: [.up, .character("k")], label: "↑ k", help: "Previous category", action: .up),
        KeyBinding(keys: [.down, .character("j")], label: "↓ j", help: "Next category", action: .down),
        KeyBinding(keys: [.pageUp, .control("b")], label: "PgUp", help: "Page up", action: .pageUp),
        KeyBinding(keys: [.pageDown, .control("f")], label: "PgDn", help: "Page down", action: .pageDown),
        KeyBinding(keys: [.home, .character("g")], label: "Home g", help: "All categories", action: .top),
        KeyBinding(keys: [.end, .character("G")], label: "End G", help: "Last category", action: .bottom),
        KeyBinding(keys: [.enter, .character(" ")], label: "⏎ Space", help: "Search this category", action: .choose),
        KeyBinding(keys: [.escape, .character("c"), .character("q")], label: "Esc c q", help: "Close, keep the category", action: .cancel),
    ]

    /// The city search's key map (letters are typed into the name).
    package static let cityKeyMap: [KeyBinding<PickerAction>] = [
        KeyBinding(keys: [.up], label: "↑", help: "Previous city", action: .up),
        KeyBinding(keys: [.down], label: "↓", help: "Next city", action: .down),
        KeyBinding(keys: [.pageUp], label: "PgUp", help: "Page up", action: .pageUp),
        KeyBinding(keys: [.pageDown], label: "PgDn", help: "Page down", action: .pageDown),
        KeyBinding(keys: [.enter], label: "⏎", help: "Search around the city (or ask online)", action: .choose),
        KeyBinding(keys: [.backspace], label: "⌫", help: "Erase a letter", action: .erase),
        KeyBinding(keys: [.control("w")], label: "Ctrl-W", help: "Erase the last word", action: .eraseWord),
        KeyBinding(keys: [.control("u")], label: "Ctrl-U", help: "Clear the name", action: .clear),
        KeyBinding(keys: [.escape], label: "Esc", help: "Close, keep the place", action: .cancel),
    ]

    /// The narrowest terminal that shows the mini-map beside the list, in cells.
    static let sideMapMinimumWidth = 100

    package var interactor: NearbyPOIsBusinessLogic?
    package var router: (NearbyPOIsRoutingLogic & NearbyPOIsDataPassing)?
    package weak var display: DisplayInvalidating?
    /// Puts text on the terminal's clipboard (`y`, `Y` in the details); nil where there is none.
    package var clipboard: ClipboardWriting?
    /// The favourite marks (`f` and the stars); nil without favourites.
    package var marks: FavouriteMarksBusinessLogic?
    /// The ids of the places that are favourites.
    private(set) var favouriteIDs: Set<String> = []
    private var marksMessage: (text: String, isError: Bool)?

    private(set) var viewModel: NearbyPOIs.LoadPlaces.ViewModel?
    private(set) var detailViewModel: NearbyPOIs.ShowPlaceDetails.ViewModel?
    private(set) var citiesViewModel: NearbyPOIs.SearchCities.ViewModel?
    private(set) var mode: Mode = .list
    private(set) var cursor = ListCursor<String>()
    private(set) var filter = FilterField()
    /// True when the map replaces the list on a narrow terminal (`m`).
    private(set) var isMapShown = false
    /// The map's zoom steps from the framing that fits the places (`z` in, `Z` out).
    private(set) var mapZoom = 0
    private(set) var categoryIndex = 0
    private(set) var cityIndex = 0
    private(set) var cityQuery = ""
    private var visibleRows = 10
    /// Where the list's, the category picker's and the city picker's rows were last drawn.
    private var rowsFrame = ListRowsFrame()
    private var pickerFrame = ListRowsFrame()
    /// The screen cell of each place on the map, as last drawn.
    private(set) var mapSpots: [(row: Int, column: Int, id: String)] = []
    private var detailScroll = 0
    private var detailPageHeight = 10
    private var detailLineCount = 0
    private var didLoad = false
    private var lastWidth = 80
    private var lastText = CellText(repertoire: .unicode)
    private var transientMessage: String?

    package var title: String {
        let base = viewModel?.title ?? "Places"
        if mode == .details, let detail = detailViewModel { return base + " › " + detail.title }
        return base
    }

    package var capturesText: Bool { filter.isEditing || mode == .cities }

    package var helpSection: HelpSection {
        switch mode {
        case .list: return HelpSection(title: "Places", entries: Self.keyMap.helpEntries())
        case .details: return HelpSection(title: "Place details", entries: Self.detailKeyMap.helpEntries())
        case .categories: return HelpSection(title: "Category", entries: Self.categoryKeyMap.helpEntries())
        case .cities: return HelpSection(title: "Find a city", entries: Self.cityKeyMap.helpEntries())
        }
    }

    package var credit: String {
        "Places: OpenStreetMap contributors (ODbL), Geoapify; cities: GeoNames (CC BY 4.0)"
    }

    package var statusBar: StatusBarContent {
        let count = viewModel?.rows.count ?? 0
        let position = count == 0 ? "" : "\(cursor.index + 1)/\(count)"
        let hints: String
        switch mode {
        case .list where filter.isEditing: hints = "type to filter  ⏎ keep  Esc clear"
        case .categories: hints = "⏎ choose  Esc close"
        case .cities: hints = "type a name  ↑↓ pick  ⏎ choose  Esc close"
        default:
            hints = viewModel.map { "\($0.centerLabel) · \($0.radiusLabel)" } ?? ""
        }
        let message = marksMessage?.text ?? transientMessage ?? viewModel?.statusMessage
        let right = message ?? hints
        return StatusBarContent(
            source: fittedSource(position: position, right: right),
            position: position,
            hints: hints,
            message: message,
            messageIsError: marksMessage?.isError ?? (transientMessage == nil && (viewModel?.statusIsError ?? false))
        )
    }

    /// The fewest cells the right-hand text keeps before the status bar drops the credit.
    static let minimumMessageCells = 24

    /// The richest source label that leaves room for the right-hand text in the last width
    /// drawn: with the snapshot's date and the credit, without the date, with the short credit
    /// (`© OSM`). The source's name is never dropped: when even the short form leaves no room,
    /// the right-hand text is cut (while `minimumMessageCells` of it stay), else the credit
    /// goes and the source stays alone.
    private func fittedSource(position: String, right: String) -> String {
        guard let viewModel else { return "loading…" }
        let text = lastText
        let unicode = text.repertoire == .unicode
        let credit = unicode ? viewModel.attribution : viewModel.attributionASCII
        let shortCredit = unicode ? viewModel.attributionShort : viewModel.attributionShortASCII
        let label = viewModel.sourceLabel, short = viewModel.sourceShortLabel
        let dot = " \(Symbols(text.repertoire).dot) "
        let candidates = credit.isEmpty
            ? [label, short]
            : [label + dot + credit, short + dot + credit, short + dot + shortCredit]
        let positionWidth = position.isEmpty ? 0 : 3 + text.width(position)
        // Cells left for the right-hand text beside a candidate (as AppController lays it out).
        func room(_ candidate: String) -> Int { lastWidth - (1 + text.width(candidate) + positionWidth + 1) - 1 }
        let rightWidth = text.width(right)
        if let fitting = candidates.first(where: { room($0) >= rightWidth }) { return fitting }
        if let shortest = candidates.last, room(shortest) >= min(rightWidth, Self.minimumMessageCells) { return shortest }
        return short
    }

    package func sceneDidAppear() {
        marks?.loadMarks(request: .init())
        guard !didLoad else { return }
        didLoad = true
        interactor?.loadPlaces(request: .init())
    }

    // MARK: Display logic

    package func displayPlaces(viewModel: NearbyPOIs.LoadPlaces.ViewModel) {
        let queryChanged = viewModel.query != self.viewModel?.query
        self.viewModel = viewModel
        // Another filter text keeps the selected place while it still matches (`/Sultan` then
        // Backspace to `/S`); only when it is gone does the first match take the selection.
        let stillListed = viewModel.rows.contains { $0.id == cursor.selectedID }
        cursor.rowsChanged(count: viewModel.rows.count, reset: queryChanged && !viewModel.query.isEmpty && !stillListed) { viewModel.rows[$0].id }
        // A list that does not fill the screen asks for the next page after this display
        // step, never from inside it (the Interactor is not re-entered while it presents).
        Task { [weak self] in self?.loadMoreIfNeeded() }
        display?.setNeedsDisplay()
    }

    package func displayCities(viewModel: NearbyPOIs.SearchCities.ViewModel) {
        citiesViewModel = viewModel
        if viewModel.opensByItself {
            mode = .cities
            cityQuery = viewModel.query
            cityIndex = 0
        }
        let count = viewModel.rows.count + (viewModel.onlineLabel == nil ? 0 : 1)
        cityIndex = max(0, min(cityIndex, count - 1))
        display?.setNeedsDisplay()
    }

    package func displayRadiusLimit(viewModel: NearbyPOIs.ChangeRadius.ViewModel) {
        transientMessage = viewModel.message
        display?.setNeedsDisplay()
    }

    package func displayPlaceDetails(viewModel: NearbyPOIs.ShowPlaceDetails.ViewModel) {
        if detailViewModel?.id != viewModel.id { detailScroll = 0 }
        detailViewModel = viewModel
        mode = .details
        display?.setNeedsDisplay()
    }

    package func displayMarks(viewModel: FavouriteMarks.ViewModel) {
        favouriteIDs = viewModel.ids
        if let message = viewModel.message { marksMessage = (message, viewModel.messageIsError) }
        display?.setNeedsDisplay()
    }

    // MARK: Keys

    package func handle(key: Key) -> Bool {
        transientMessage = nil
        marksMessage = nil
        switch mode {
        case .list: return handleListKey(key)
        case .details: return handleDetailKey(key)
        case .categories: return handleCategoryKey(key)
        case .cities: return handleCityKey(key)
        }
    }

    private func handleListKey(_ key: Key) -> Bool {
        switch filter.handle(key) {
        case .changed(let query):
            interactor?.filterPlaces(request: .init(query: query))
            return true
        case .handled:
            return true
        case .ignored:
            break
        }
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        switch action {
        case .up: move(by: -1)
        case .down: move(by: 1)
        case .pageUp: move(by: -max(1, visibleRows - 1))
        case .pageDown: move(by: max(1, visibleRows - 1))
        case .top: move(to: 0)
        case .bottom: move(to: (viewModel?.rows.count ?? 1) - 1)
        case .open:
            guard let id = cursor.selectedID else { return true }
            interactor?.showPlaceDetails(request: .init(id: id))
        case .filter:
            filter.begin()
        case .clearFilter:
            // Only a kept filter (`/text` then Enter) is cleared; otherwise Esc is not the list's.
            guard !filter.text.isEmpty else { return false }
            filter.begin()
            if case .changed(let query) = filter.handle(.escape) {
                interactor?.filterPlaces(request: .init(query: query))
            }
        case .category:
            categoryIndex = viewModel?.currentCategoryIndex ?? 0
            mode = .categories
        case .wider:
            interactor?.changeRadius(request: .init(wider: true))
        case .narrower:
            interactor?.changeRadius(request: .init(wider: false))
        case .city:
            mode = .cities
            cityQuery = ""
            cityIndex = 0
            interactor?.searchCities(request: .init(text: ""))
        case .toggleMap:
            if lastWidth >= Self.sideMapMinimumWidth {
                transientMessage = "The map is always beside the list at \(Self.sideMapMinimumWidth) columns or more"
            } else {
                isMapShown.toggle()
            }
        case .favourite:
            if let id = cursor.selectedID { marks?.toggleMark(request: .init(id: id)) }
        case .reload:
            interactor?.loadPlaces(request: .init(reload: true))
        case .openNow:
            interactor?.toggleOpenNow(request: .init())
        case .zoomIn:
            mapZoom = min(MiniMap.maximumZoom, mapZoom + 1)
        case .zoomOut:
            mapZoom = max(MiniMap.minimumZoom, mapZoom - 1)
        case .quit:
            router?.routeToQuit()
        }
        return true
    }

    private func handleDetailKey(_ key: Key) -> Bool {
        guard let action: DetailAction = Self.detailKeyMap.action(for: key) else { return false }
        switch action {
        case .up: detailScroll -= 1
        case .down: detailScroll += 1
        case .pageUp: detailScroll -= max(1, detailPageHeight - 1)
        case .pageDown: detailScroll += max(1, detailPageHeight - 1)
        case .top: detailScroll = 0
        case .bottom: detailScroll = Int.max / 2
        case .favourite:
            if let id = detailViewModel?.id { marks?.toggleMark(request: .init(id: id)) }
        case .copyID:
            copy(detailViewModel?.copyID, what: "source id")
        case .copyWebsite:
            copy(detailViewModel?.copyWebsite, what: "web address")
        case .back: mode = .list
        }
        detailScroll = max(0, min(detailScroll, detailLineCount - detailPageHeight))
        return true
    }

    /// Copies a whole value and says on the status bar whether it went.
    private func copy(_ value: String?, what: String) {
        guard let value else {
            transientMessage = "This place has no \(what) to copy"
            return
        }
        guard let clipboard else {
            transientMessage = "No clipboard here: the whole \(what) is in --json"
            return
        }
        transientMessage = clipboard.copy(value)
            ? "Whole \(what) sent to the clipboard (OSC 52)"
            : "No clipboard on this terminal: the whole \(what) is in --json"
    }

    private func handleCategoryKey(_ key: Key) -> Bool {
        guard let action: PickerAction = Self.categoryKeyMap.action(for: key) else { return false }
        let count = viewModel?.categoryChoices.count ?? 1
        switch action {
        case .up: categoryIndex -= 1
        case .down: categoryIndex += 1
        case .pageUp: categoryIndex -= 8
        case .pageDown: categoryIndex += 8
        case .top: categoryIndex = 0
        case .bottom: categoryIndex = count - 1
        case .choose:
            mode = .list
            if let choices = viewModel?.categoryChoices, choices.indices.contains(categoryIndex) {
                interactor?.chooseCategory(request: .init(id: choices[categoryIndex].id))
            }
        case .cancel, .erase, .eraseWord, .clear:
            mode = .list
        }
        categoryIndex = max(0, min(categoryIndex, count - 1))
        return true
    }

    private func handleCityKey(_ key: Key) -> Bool {
        let count = (citiesViewModel?.rows.count ?? 0) + (citiesViewModel?.onlineLabel == nil ? 0 : 1)
        if case .character(let c) = key {
            setCityQuery(cityQuery + String(c))
            return true
        }
        guard let action: PickerAction = Self.cityKeyMap.action(for: key) else { return false }
        switch action {
        case .up: cityIndex -= 1
        case .down: cityIndex += 1
        case .pageUp: cityIndex -= 8
        case .pageDown: cityIndex += 8
        case .top: cityIndex = 0
        case .bottom: cityIndex = count - 1
        case .erase: setCityQuery(String(cityQuery.dropLast()))
        case .eraseWord: setCityQuery(FilterField.deletingLastWord(cityQuery))
        case .clear: setCityQuery("")
        case .cancel: mode = .list
        case .choose:
            guard let vm = citiesViewModel else { return true }
            if vm.rows.indices.contains(cityIndex) {
                mode = .list
                interactor?.chooseCity(request: .init(id: vm.rows[cityIndex].id))
            } else if vm.onlineLabel != nil {
                interactor?.searchCities(request: .init(text: cityQuery, online: true))
                cityIndex = 0
            }
        }
        cityIndex = max(0, min(cityIndex, count - 1))
        return true
    }

    private func setCityQuery(_ text: String) {
        guard text != cityQuery else { return }
        cityQuery = text
        cityIndex = 0
        interactor?.searchCities(request: .init(text: text))
    }

    private func move(by delta: Int) {
        move(to: cursor.index + delta)
    }

    private func move(to index: Int) {
        guard let viewModel else { return }
        cursor.move(to: index, count: viewModel.rows.count) { viewModel.rows[$0].id }
        loadMoreIfNeeded()
    }

    private func loadMoreIfNeeded() {
        guard let viewModel, viewModel.canLoadMore else { return }
        if cursor.nearsEnd(count: viewModel.rows.count, visibleRows: visibleRows) {
            interactor?.loadNextPage(request: .init())
        }
    }

    // MARK: Drawing (the curses View)

    /// Column widths of the list for a width, in cells; 0 hides a column.
    struct Columns: Equatable {
        var name: Int, category: Int, distance: Int, bearing: Int
        /// Open or closed now: 0, `shortHours` (`Open`, `Closed`) or `longHours`
        /// (`Closed · opens Mo 08:00`).
        var hours: Int = 0
    }

    /// The short Open/Closed column's width: `Closed`.
    static let shortHours = 6
    /// The medium column's width: `Opens Mo 08:00`.
    static let mediumHours = 14
    /// The long column's width: `Closed · opens Mo 08:00`.
    static let longHours = 23

    /// The list's columns: marker, name, category, open now, distance (right-aligned) and
    /// direction. The long open-now text from 110 cells, the medium from 70, the short from 40.
    static func columns(width: Int) -> Columns {
        var c = Columns(name: 0, category: width >= 64 ? 16 : (width >= 48 ? 11 : 0), distance: 8, bearing: 3)
        c.hours = width >= 110 ? longHours : (width >= 70 ? mediumHours : (width >= 40 ? shortHours : 0))
        let fixed = 2 + (c.category > 0 ? c.category + 1 : 0) + (c.hours > 0 ? c.hours + 1 : 0) + c.distance + 1 + c.bearing + 1
        c.name = max(1, width - fixed)
        return c
    }

    package func draw(on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        lastWidth = rect.width
        lastText = canvas.text
        rowsFrame = ListRowsFrame()
        pickerFrame = ListRowsFrame()
        mapSpots = []
        let wide = rect.width >= Self.sideMapMinimumWidth
        var main = rect
        if wide {
            let mapWidth = min(60, max(30, rect.width - 72))
            main = Rect(row: rect.row, column: rect.column, height: rect.height, width: rect.width - mapWidth)
            let map = Rect(row: rect.row, column: main.right, height: rect.height, width: mapWidth)
            drawMap(canvas, in: map, bordered: true)
        }
        if mode == .details {
            drawDetails(canvas, in: main)
            return
        }
        if !wide && isMapShown {
            drawMap(canvas, in: Rect(row: main.row, column: main.column, height: main.height - 1, width: main.width), bordered: false)
            drawSelectedRowLine(canvas, in: main)
        } else {
            drawList(canvas, in: main)
        }
        switch mode {
        case .categories: drawCategoryPicker(canvas, in: rect)
        case .cities: drawCityPicker(canvas, in: rect)
        case .list, .details: break
        }
    }

    // MARK: The list

    private func drawList(_ canvas: Canvas, in rect: Rect) {
        let symbols = Symbols(canvas.text.repertoire)
        let showFilterBar = filter.isVisible
        let listTop = rect.row + 2
        visibleRows = max(1, rect.height - 2 - (showFilterBar ? 1 : 0))
        guard let viewModel else {
            canvas.put("Looking for places…", row: rect.row, column: rect.column + 1, maxWidth: rect.width - 1, role: .dim)
            return
        }
        let used = canvas.put(viewModel.summary, row: rect.row, column: rect.column + 1, maxWidth: rect.width - 1, role: .normal)
        // Which clock the Now column reads, after the summary when it fits whole (the details
        // always say it).
        if let clock = viewModel.hoursClock {
            let phrase = " \(symbols.dot) " + clock
            if used + canvas.text.width(phrase) <= rect.width - 2 {
                canvas.put(phrase, row: rect.row, column: rect.column + 1 + used, maxWidth: rect.width - 2 - used, role: .dim)
            }
        }
        let cols = Self.columns(width: rect.width)
        drawColumnHeader(canvas, row: rect.row + 1, rect: rect, cols: cols)
        guard rect.height > 2 else { return }

        if let message = viewModel.emptyMessage {
            let lines = canvas.text.wrap(message, toCells: max(1, rect.width - 4))
            let isError = message.contains("retry")
            for (i, line) in lines.prefix(visibleRows).enumerated() {
                canvas.put(line, row: listTop + i, column: rect.column + 2, maxWidth: rect.width - 2, role: isError ? .error : .dim)
            }
        } else {
            let total = viewModel.rows.count + (viewModel.isLoadingMore ? 1 : 0)
            let first = cursor.scroll(visibleRows: visibleRows, totalRows: total)
            rowsFrame = ListRowsFrame(top: listTop, left: rect.column, width: rect.width, rows: visibleRows, first: first)
            for line in 0..<visibleRows {
                let index = first + line
                let y = listTop + line
                if index < viewModel.rows.count {
                    drawRow(canvas, viewModel.rows[index], y: y, rect: rect, cols: cols, selected: index == cursor.index, symbols: symbols)
                } else if index == viewModel.rows.count && viewModel.isLoadingMore {
                    canvas.put("Loading more places…", row: y, column: rect.column + 2, maxWidth: rect.width - 2, role: .dim)
                }
            }
        }
        if showFilterBar {
            filter.draw(on: canvas, row: rect.bottom - 1, in: rect, countLabel: viewModel.countLabel, symbols: symbols)
        }
    }

    private func drawColumnHeader(_ canvas: Canvas, row y: Int, rect: Rect, cols: Columns) {
        var x = rect.column + 2
        canvas.put("Name", row: y, column: x, maxWidth: cols.name, role: .heading)
        x += cols.name + 1
        if cols.category > 0 {
            canvas.put("Category", row: y, column: x, maxWidth: cols.category, role: .heading)
            x += cols.category + 1
        }
        if cols.hours > 0 {
            canvas.put(cols.hours >= Self.longHours ? "Open now" : "Now", row: y, column: x, maxWidth: cols.hours, role: .heading)
            x += cols.hours + 1
        }
        canvas.put(canvas.text.fixed("Distance", cells: cols.distance, alignRight: true), row: y, column: x, maxWidth: cols.distance, role: .heading)
        x += cols.distance + 1
        canvas.put("Dir", row: y, column: x, maxWidth: min(cols.bearing, rect.right - x), role: .heading)
    }

    /// Draws one row. The selection is reverse video over the marker and name (visible without
    /// colour); the other columns keep their roles, so a move rewrites few cells.
    private func drawRow(_ canvas: Canvas, _ row: NearbyPOIs.LoadPlaces.ViewModel.Row, y: Int, rect: Rect, cols: Columns, selected: Bool, symbols: Symbols) {
        let highlighted = 2 + cols.name
        if selected { canvas.fill(row: y, column: rect.column, width: highlighted, role: .selected) }
        func role(_ normal: TextRole) -> TextRole { selected ? .selected : normal }
        var x = rect.column
        canvas.put(selected ? symbols.pointer : " ", row: y, column: x, maxWidth: 1, role: role(.accent))
        x += 2
        let name = favouriteIDs.contains(row.id) ? symbols.favourite + " " + row.name : row.name
        canvas.put(name, row: y, column: x, maxWidth: cols.name - 1, role: role(row.nameIsPlaceholder ? .dim : .normal))
        x += cols.name + 1
        if cols.category > 0 {
            canvas.put(row.category, row: y, column: x, maxWidth: cols.category, role: .dim)
            x += cols.category + 1
        }
        if cols.hours > 0 {
            let text = cols.hours >= Self.longHours ? row.openLong : (cols.hours >= Self.mediumHours ? row.openMedium : row.openShort)
            let role: TextRole = row.isOpen == true ? .accent : (row.isOpen == false ? .normal : .dim)
            canvas.put(text, row: y, column: x, maxWidth: cols.hours, role: role)
            x += cols.hours + 1
        }
        canvas.put(canvas.text.fixed(row.distance, cells: cols.distance, alignRight: true), row: y, column: x, maxWidth: cols.distance, role: .normal)
        x += cols.distance + 1
        let direction = canvas.text.repertoire == .unicode ? row.arrow : row.compass
        canvas.put(direction, row: y, column: x, maxWidth: min(cols.bearing, rect.right - x), role: .accent)
    }

    /// Under a map that replaces the list: the selected place's row and its position.
    private func drawSelectedRowLine(_ canvas: Canvas, in rect: Rect) {
        let y = rect.bottom - 1
        guard let viewModel, viewModel.rows.indices.contains(cursor.index) else {
            if let message = viewModel?.emptyMessage {
                canvas.put(message, row: y, column: rect.column + 2, maxWidth: rect.width - 2, role: .dim)
            }
            return
        }
        drawRow(canvas, viewModel.rows[cursor.index], y: y, rect: rect, cols: Self.columns(width: rect.width), selected: true, symbols: Symbols(canvas.text.repertoire))
    }

    // MARK: The mini-map

    /// Draws the mini-map (see `MiniMap`) at the current zoom, highlighting the selection.
    private func drawMap(_ canvas: Canvas, in rect: Rect, bordered: Bool) {
        mapSpots += MiniMap.draw(on: canvas, in: rect, bordered: bordered, viewModel: viewModel, selectedID: cursor.selectedID, zoom: mapZoom)
    }

    // MARK: Details

    /// A laid-out line of the detail view.
    typealias Line = DetailLines.Line

    /// Lays a place's details out in lines for a width (in cells).
    /// - Parameter marker: drawn before the title (the favourite's star), or nil.
    static func layout(_ vm: NearbyPOIs.ShowPlaceDetails.ViewModel, width: Int, text: CellText, marker: String? = nil) -> [Line] {
        DetailLines.heading(title: marker.map { $0 + " " + vm.title } ?? vm.title, subtitle: vm.subtitle, facts: vm.facts.map { ($0.label, $0.value) },
                            width: width, text: text, oneLine: vm.oneLineLabels)
    }

    private func drawDetails(_ canvas: Canvas, in rect: Rect) {
        guard let detailViewModel else { return }
        let marker = favouriteIDs.contains(detailViewModel.id) ? Symbols(canvas.text.repertoire).favourite : nil
        let lines = Self.layout(detailViewModel, width: rect.width, text: canvas.text, marker: marker)
        detailLineCount = lines.count
        detailPageHeight = rect.height
        detailScroll = max(0, min(detailScroll, detailLineCount - detailPageHeight))
        for (i, line) in lines.dropFirst(detailScroll).prefix(rect.height).enumerated() where line.indent < rect.width {
            canvas.put(line.text, row: rect.row + i, column: rect.column + line.indent, maxWidth: rect.width - line.indent - 1, role: line.role)
        }
    }

    // MARK: Pickers

    /// Draws an empty box with a title; returns its inside.
    private func drawBox(_ canvas: Canvas, in rect: Rect, width: Int, height: Int, title: String) -> Rect? {
        let width = min(width, rect.width - 2), height = min(height, rect.height)
        guard width >= 12, height >= 4 else { return nil }
        let left = rect.column + (rect.width - width) / 2
        let top = rect.row + max(0, (rect.height - height) / 2)
        return BoxFrame.draw(on: canvas, frame: Rect(row: top, column: left, height: height, width: width), title: title)
    }

    /// The first item to show so that the selected one is in view.
    private static func firstVisible(selected: Int, count: Int, room: Int) -> Int {
        guard room > 0, count > room else { return 0 }
        return max(0, min(selected - room / 2, count - room))
    }

    private func drawCategoryPicker(_ canvas: Canvas, in rect: Rect) {
        guard let choices = viewModel?.categoryChoices else { return }
        let current = viewModel?.currentCategoryIndex ?? 0
        let labelWidth = choices.map { canvas.text.width($0.label) }.max() ?? 10
        guard let inside = drawBox(canvas, in: rect, width: labelWidth + 10, height: choices.count + 2, title: "Category") else { return }
        let symbols = Symbols(canvas.text.repertoire)
        let first = Self.firstVisible(selected: categoryIndex, count: choices.count, room: inside.height)
        pickerFrame = ListRowsFrame(top: inside.row, left: inside.column - 1, width: inside.width + 2, rows: min(inside.height, choices.count - first), first: first)
        for (i, choice) in choices.enumerated().dropFirst(first).prefix(inside.height) {
            let y = inside.row + i - first
            let selected = i == categoryIndex
            if selected { canvas.fill(row: y, column: inside.column - 1, width: inside.width + 2, role: .selected) }
            canvas.put(selected ? symbols.pointer : " ", row: y, column: inside.column - 1, maxWidth: 1, role: selected ? .selected : .accent)
            canvas.put(choice.label, row: y, column: inside.column + 1, maxWidth: inside.width - 3, role: selected ? .selected : .normal)
            if i == current {
                canvas.put(canvas.text.repertoire == .unicode ? "✓" : "*", row: y, column: inside.right - 1, maxWidth: 1, role: selected ? .selected : .accent)
            }
        }
    }

    private func drawCityPicker(_ canvas: Canvas, in rect: Rect) {
        let vm = citiesViewModel
        let rows = vm?.rows ?? []
        // The message is word-wrapped on up to four lines at the bottom of the box.
        let boxWidth = 70
        let messageLines = vm?.message.map { Array(canvas.text.wrap($0, toCells: min(boxWidth, rect.width - 2) - 4).prefix(4)) } ?? []
        let extra = (vm?.onlineLabel == nil ? 0 : 1) + messageLines.count
        let height = min(rect.height, max(8, rows.count + extra + 4))
        guard let inside = drawBox(canvas, in: rect, width: boxWidth, height: height, title: vm?.title ?? "Find a city") else { return }
        let symbols = Symbols(canvas.text.repertoire)
        let used = canvas.put("City: ", row: inside.row, column: inside.column, maxWidth: inside.width, role: .accent)
        var shown = cityQuery + symbols.cursor
        while canvas.text.width(shown) > inside.width - used, !shown.isEmpty { shown.removeFirst() }
        canvas.put(shown, row: inside.row, column: inside.column + used, maxWidth: inside.width - used, role: .normal)
        let listTop = inside.row + 2
        let messageRows = min(messageLines.count, max(0, inside.bottom - listTop - 1))
        let room = max(0, inside.bottom - listTop - messageRows)
        var items: [(text: String, detail: String, isOnline: Bool)] = rows.map { ($0.name, $0.detail, false) }
        if let online = vm?.onlineLabel { items.append((online, "", true)) }
        let first = Self.firstVisible(selected: cityIndex, count: items.count, room: room)
        pickerFrame = ListRowsFrame(top: listTop, left: inside.column - 1, width: inside.width + 2, rows: min(room, items.count - first), first: first)
        let nameWidth = min(24, max(8, inside.width / 3))
        for (i, item) in items.enumerated().dropFirst(first).prefix(room) {
            let y = listTop + i - first
            let selected = i == cityIndex
            if selected { canvas.fill(row: y, column: inside.column - 1, width: inside.width + 2, role: .selected) }
            canvas.put(selected ? symbols.pointer : " ", row: y, column: inside.column - 1, maxWidth: 1, role: selected ? .selected : .accent)
            if item.isOnline {
                canvas.put(item.text, row: y, column: inside.column + 1, maxWidth: inside.width - 1, role: selected ? .selected : .accent)
            } else {
                canvas.put(item.text, row: y, column: inside.column + 1, maxWidth: nameWidth, role: selected ? .selected : .normal)
                canvas.put(item.detail, row: y, column: inside.column + 2 + nameWidth, maxWidth: max(0, inside.width - nameWidth - 2), role: selected ? .selected : .dim)
            }
        }
        for (i, line) in messageLines.prefix(messageRows).enumerated() {
            canvas.put(line, row: inside.bottom - messageRows + i, column: inside.column, maxWidth: inside.width, role: (vm?.messageIsError ?? false) ? .error : .dim)
        }
    }

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}
}

// MARK: Paste and mouse

extension NearbyPOIsViewController {
    package func paste(_ text: String) {
        if mode == .cities {
            setCityQuery(cityQuery + text)
        } else if case .changed(let query) = filter.insert(text) {
            interactor?.filterPlaces(request: .init(query: query))
        }
    }

    /// A click on a row of the list or of a picker selects it; a double click opens the
    /// place or takes the choice.
    package func handle(click: SceneClick) -> Bool {
        transientMessage = nil
        marksMessage = nil
        switch mode {
        case .list:
            if let id = mapSpot(near: click), let viewModel, let index = viewModel.rows.firstIndex(where: { $0.id == id }) {
                // A place on the map: select it; a second click on it opens it.
                if click.count == 2 && index == cursor.index { return handleListKey(.enter) }
                move(to: index)
                return true
            }
            guard let viewModel, viewModel.emptyMessage == nil,
                  let index = rowsFrame.index(row: click.row, column: click.column), index < viewModel.rows.count else { return false }
            if click.count == 2 && index == cursor.index {
                return handleListKey(.enter)
            }
            move(to: index)
            return true
        case .categories, .cities:
            guard let index = pickerFrame.index(row: click.row, column: click.column) else { return false }
            let selected = mode == .categories ? categoryIndex : cityIndex
            if click.count == 2 && index == selected {
                return handle(key: .enter)
            }
            if mode == .categories { categoryIndex = index } else { cityIndex = index }
            return true
        case .details:
            return false
        }
    }
}

extension NearbyPOIsViewController {
    /// The place drawn on the map at the clicked cell, or in a cell next to it (the nearest
    /// such; a cell holds up to eight places' dots, and the first listed wins).
    fileprivate func mapSpot(near click: SceneClick) -> String? {
        var best: (distance: Int, id: String)?
        for spot in mapSpots {
            let distance = max(abs(spot.row - click.row), abs(spot.column - click.column))
            guard distance <= 1 else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (distance, spot.id)
        }
        return best?.id
    }
}
