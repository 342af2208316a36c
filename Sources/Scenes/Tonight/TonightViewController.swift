import Domain
import Terminal

/// The Tonight scene's ViewController: what airs today (a country's broadcast TV and the
/// streaming services, by air time in the viewer's zone) and, with `u`, the favourite shows'
/// next episodes grouped by day. Enter opens a show's details; Esc goes back. It follows the
/// Favourites list's drawing (cursor, scrolling, pointer and reverse video over the name).
@MainActor
package final class TonightViewController: SceneViewController, TonightDisplayLogic {
    /// What the keys do.
    package enum Action: Sendable {
        case up, down, pageUp, pageDown, top, bottom, open, switchList, reload, back, quit
    }

    /// The key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] = [
        KeyBinding(keys: [.up, .character("k")], label: "↑ k", help: "Move up", action: .up),
        KeyBinding(keys: [.down, .character("j")], label: "↓ j", help: "Move down", action: .down),
        KeyBinding(keys: [.pageUp, .control("b")], label: "PgUp", help: "Page up", action: .pageUp),
        KeyBinding(keys: [.pageDown, .control("f"), .character(" ")], label: "PgDn Space", help: "Page down", action: .pageDown),
        KeyBinding(keys: [.home, .character("g")], label: "Home g", help: "First", action: .top),
        KeyBinding(keys: [.end, .character("G")], label: "End G", help: "Last", action: .bottom),
        KeyBinding(keys: [.enter, .right, .character("l")], label: "⏎ → l", help: "Open the show's details", action: .open),
        KeyBinding(keys: [.character("u"), .character("t"), .character("v")], label: "u t v", help: "Switch list: Tonight ⇄ Upcoming (favourites)", action: .switchList),
        KeyBinding(keys: [.character("r")], label: "r", help: "Load again (after a failure: retry)", action: .reload),
        KeyBinding(keys: [.escape, .left, .character("h"), .backspace], label: "Esc ← h", help: "Back to the shows", action: .back),
        KeyBinding(keys: [.character("q")], label: "q", help: "Quit", action: .quit),
    ]

    package var interactor: TonightBusinessLogic?
    package var router: (TonightRoutingLogic & TonightDataPassing)?
    package weak var display: DisplayInvalidating?

    /// The list on screen.
    package private(set) var listing: Tonight.Listing
    private var scheduleModel: Tonight.LoadSchedule.ViewModel?
    private var upcomingModel: Tonight.LoadUpcoming.ViewModel?
    private var loaded: Set<Tonight.Listing> = []
    private var cursor = ListCursor<String>()
    private var visibleRows = 10
    private var firstLine = 0
    /// True once a key moved the cursor: until then it stays on the first row as rows arrive.
    private var moved = false
    private let date: CalendarDate?

    /// Makes the view on a list.
    /// - Parameters:
    ///   - listing: the list shown first.
    ///   - date: the day of the schedules (`--date`); nil for today in the viewer's zone.
    package init(listing: Tonight.Listing, date: CalendarDate? = nil) {
        self.listing = listing
        self.date = date
    }

    package var credit: String { ShowFormatting.tvmazeCredit }

    private var rows: [Tonight.Row] {
        listing == .tonight ? scheduleModel?.rows ?? [] : upcomingModel?.rows ?? []
    }

    package var title: String {
        listing == .tonight ? scheduleModel?.title ?? "Tonight" : upcomingModel?.title ?? "Upcoming"
    }

    package let capturesText = false

    package var helpSection: HelpSection { HelpSection(title: "Tonight and Upcoming", entries: Self.keyMap.helpEntries()) }

    package var statusBar: StatusBarContent {
        let count = rows.count
        let message = listing == .tonight ? scheduleModel?.message : upcomingModel?.message
        let isError = listing == .tonight ? scheduleModel?.messageIsError ?? false : upcomingModel?.messageIsError ?? false
        return StatusBarContent(
            source: listing == .tonight ? scheduleModel?.sourceLabel ?? "schedules" : "favourites",
            position: count == 0 ? "" : "\(cursor.index + 1)/\(count)",
            hints: listing == .tonight ? "⏎ open  u upcoming  Esc back  ? help" : "⏎ open  u tonight  Esc back  ? help",
            message: message, messageIsError: isError)
    }

    package func sceneDidAppear() {
        load(listing, again: false)
    }

    private func load(_ listing: Tonight.Listing, again: Bool) {
        guard again || !loaded.contains(listing) else { return }
        loaded.insert(listing)
        switch listing {
        case .tonight: interactor?.loadSchedule(request: .init(date: date))
        case .upcoming: interactor?.loadUpcoming(request: .init())
        }
    }

    // MARK: Display logic

    package func displaySchedule(viewModel: Tonight.LoadSchedule.ViewModel) {
        scheduleModel = viewModel
        if listing == .tonight { cursor.rowsChanged(count: viewModel.rows.count, reset: !moved) { viewModel.rows[$0].id } }
        display?.setNeedsDisplay()
    }

    package func displayUpcoming(viewModel: Tonight.LoadUpcoming.ViewModel) {
        upcomingModel = viewModel
        if listing == .upcoming { cursor.rowsChanged(count: viewModel.rows.count, reset: !moved) { viewModel.rows[$0].id } }
        display?.setNeedsDisplay()
    }

    // MARK: Keys

    package func handle(key: Key) -> Bool {
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        switch action {
        case .up: move(to: cursor.index - 1)
        case .down: move(to: cursor.index + 1)
        case .pageUp: move(to: cursor.index - max(1, visibleRows - 1))
        case .pageDown: move(to: cursor.index + max(1, visibleRows - 1))
        case .top: move(to: 0)
        case .bottom: move(to: rows.count - 1)
        case .open:
            if let id = cursor.selectedID, interactor?.openShow(request: .init(id: id, listing: listing)) == true {
                router?.routeToShowDetail()
            }
        case .switchList:
            listing = listing == .tonight ? .upcoming : .tonight
            let rows = self.rows
            cursor = ListCursor<String>()
            firstLine = 0
            moved = false
            cursor.rowsChanged(count: rows.count, reset: true) { rows[$0].id }
            load(listing, again: false)
        case .reload: load(listing, again: true)
        case .back: router?.routeBack()
        case .quit: router?.routeToQuit()
        }
        return true
    }

    private func move(to index: Int) {
        moved = true
        let rows = self.rows
        cursor.move(to: index, count: rows.count) { rows[$0].id }
    }

    // MARK: Drawing (the curses View)

    /// The lines drawn: a day's heading before the rows it starts, then the rows.
    private enum Line { case heading(String), row(Int) }

    private func lines() -> [Line] {
        var out: [Line] = []
        for (index, row) in rows.enumerated() {
            if let heading = row.dayHeading { out.append(.heading(heading)) }
            out.append(.row(index))
        }
        return out
    }

    /// Column widths for a list width, in cells: time, countdown, show, code, episode, channel.
    static func columns(width: Int, timeWidth: Int, countdown: Bool) -> (time: Int, countdown: Int, show: Int, code: Int, episode: Int, channel: Int) {
        let lead = 2, code = width >= 50 ? 7 : 0, count = countdown && width >= 60 ? 11 : 0
        let rest = max(2, width - lead - timeWidth - 1 - count - code)
        let channel = countdown || width < 70 ? 0 : min(18, rest / 5)
        let episode = width >= 60 ? (rest - channel) * 2 / 5 : 0
        return (timeWidth, count, rest - channel - episode, code, episode, channel)
    }

    package func draw(on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        let symbols = Symbols(canvas.text.repertoire)
        visibleRows = max(1, rect.height)
        let rows = self.rows
        let empty = listing == .tonight ? scheduleModel?.emptyMessage : upcomingModel?.emptyMessage
        if rows.isEmpty {
            for (i, line) in canvas.text.wrap(empty ?? "Loading…", toCells: max(1, rect.width - 4)).prefix(visibleRows).enumerated() {
                canvas.put(line, row: rect.row + i, column: rect.column + 2, maxWidth: rect.width - 2, role: .dim)
            }
            return
        }
        let lines = self.lines()
        let cursorLine = lines.firstIndex { if case .row(let i) = $0 { return i == cursor.index }; return false } ?? 0
        // The row's own heading stays in view above it when there is room.
        let wanted = cursorLine > 0 && { if case .heading = lines[cursorLine - 1] { return true }; return false }() ? cursorLine - 1 : cursorLine
        if wanted < firstLine { firstLine = wanted }
        if cursorLine >= firstLine + visibleRows { firstLine = cursorLine - visibleRows + 1 }
        firstLine = max(0, min(firstLine, max(0, lines.count - visibleRows)))
        let timeWidth = min(12, rows.map { canvas.text.width($0.time) }.max() ?? 5)
        let cols = Self.columns(width: rect.width, timeWidth: timeWidth, countdown: listing == .upcoming)
        for offset in 0..<visibleRows {
            let index = firstLine + offset
            guard index < lines.count else { break }
            let y = rect.row + offset
            switch lines[index] {
            case .heading(let text):
                canvas.put(text, row: y, column: rect.column + 1, maxWidth: rect.width - 2, role: .heading)
            case .row(let rowIndex):
                let row = rows[rowIndex]
                let selected = rowIndex == cursor.index
                var x = rect.column
                canvas.put(selected ? symbols.pointer : " ", row: y, column: x, maxWidth: 1, role: selected ? .accent : .normal)
                x += 2
                canvas.put(row.time, row: y, column: x, maxWidth: cols.time, role: .accent)
                x += cols.time + 1
                if cols.countdown > 0 {
                    canvas.put(row.countdown, row: y, column: x, maxWidth: cols.countdown - 1, role: .dim)
                    x += cols.countdown
                }
                canvas.put(row.show, row: y, column: x, maxWidth: cols.show - 1, role: selected ? .selected : .normal)
                x += cols.show
                if cols.code > 0 {
                    canvas.put(row.episodeCode, row: y, column: x, maxWidth: cols.code - 1, role: .dim)
                    x += cols.code
                }
                if cols.episode > 0 {
                    canvas.put(row.episodeName, row: y, column: x, maxWidth: cols.episode - 1, role: .normal)
                    x += cols.episode
                }
                if cols.channel > 0 {
                    canvas.put(row.channel, row: y, column: x, maxWidth: max(0, min(cols.channel, rect.right - x)), role: .dim)
                }
            }
        }
    }
}
