import Domain
import Terminal

/// The Tonight scene's ViewController: what airs today (a country's broadcast TV and the
/// streaming services, by air time in the viewer's zone), with `t` the favourite shows'
/// next episodes by day, and with `n` (or `t` again) New this week: the premieres and
/// returning seasons of the next 14 days, each row with its badge. Enter opens a show's
/// details, or shows and hides the episodes of a season released on one day (a folded row);
/// `w` marks the row's episode watched and `u` takes it back, watched rows drawn dim with `✓`;
/// Esc goes back (from New this week, to the list it was opened from). Drawn with the shared
/// `ListView`; a day column names each day's first row.
@MainActor
package final class TonightViewController: SceneViewController, TonightDisplayLogic {
    /// What the keys do.
    package enum Action: Sendable {
        case move(ListMove), open, watched, undo, switchList, newThisWeek, reload, back, quit
    }

    /// The key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] =
        ListMove.bindings(.init(top: "First", bottom: "Last"), action: Action.move)
        + [
            KeyBinding(
                "open", keys: [.enter, .right, .character("l")], label: "⏎ → l", help: "Open the show's details; on a season released on one day, show or hide its episodes",
                action: .open),
            KeyBinding(
                "watched", keys: [.character("w")], label: "w", help: "Mark the episode watched (again: one more play); on a folded season, its episodes not yet watched",
                action: .watched),
            KeyBinding("undo", keys: [.character("u")], label: "u", help: "Undo the last w", action: .undo),
            KeyBinding("switch-list", keys: [.character("t"), .character("v")], label: "t v", help: "Switch list: Tonight, Upcoming (favourites), New this week in turn", action: .switchList),
            KeyBinding("new-this-week", keys: [.character("n")], label: "n", help: "New this week: premieres and returning seasons of the next 14 days", action: .newThisWeek),
            KeyBinding("reload", keys: [.character("r")], label: "r", help: "Load again (after a failure: retry)", action: .reload),
            KeyBinding(
                "back", keys: [.escape, .left, .character("h"), .backspace], label: "Esc ← h",
                help: "Back: from New this week to the list it was opened from, else to the shows or the favourites", action: .back),
            KeyBinding("quit", keys: [.character("q")], label: "q", help: "Quit", action: .quit)
        ].rebound()

    /// The list's hints: open, watched, undo, the given switches, back and help.
    /// - Parameter switches: the actions that switch lists and what each hint says.
    private static func hints(_ switches: [(String, String)]) -> String {
        KeyHints.join(
            [keyMap.hint("open", "open"), keyMap.hint("watched", "watched"), keyMap.hint("undo", "undo")] + switches.map { keyMap.hint($0.0, $0.1) }
                + [keyMap.hint("back", "back"), GlobalKeys.helpHint])
    }

    /// The help overlay's section: the keys, then what the rows' marks mean.
    package static let help = HelpSection(
        title: "Tonight, Upcoming and New this week",
        entries: keyMap.helpEntries() + [
            HelpEntry(keys: "✓ dim", action: "Watched (w marks, u undoes)"),
            HelpEntry(keys: "NEW", action: "Series premiere: the first episode of the first season"),
            HelpEntry(keys: "S3 ▶", action: "A season returns (its show's last season ended 8 weeks or more before)"),
            HelpEntry(keys: "FINALE", action: "The last episode of its season"),
            HelpEntry(keys: "▸ 8 episodes", action: "A season released on one day, folded: Enter shows its episodes (▾), Enter hides them")
        ])

    package var interactor: TonightBusinessLogic?
    package var router: (TonightRoutingLogic & TonightDataPassing)?
    package weak var display: DisplayInvalidating?

    /// The list on screen.
    package private(set) var listing: Tonight.Listing
    /// The list New this week was opened from, where Esc goes back to.
    private var beforeNewThisWeek: Tonight.Listing?
    /// The folded rows opened with Enter, by id, a set a list.
    private var opened: [Tonight.Listing: Set<String>] = [:]
    /// The folded rows opened on the list on screen.
    private var expanded: Set<String> {
        get { opened[listing] ?? [] }
        set { opened[listing] = newValue }
    }
    /// The rows on screen: the list's, without the episode rows of a folded row not opened.
    private var shown: [Tonight.Row] = []
    /// The last mark's line, on the status bar until the next key.
    private var watchedMessage: Tonight.WatchedMessage.ViewModel?
    private var scheduleModel: Tonight.LoadSchedule.ViewModel?
    private var upcomingModel: Tonight.LoadUpcoming.ViewModel?
    private var premieresModel: Tonight.LoadPremieres.ViewModel?
    private var loaded: Set<Tonight.Listing> = []
    private var list = ListView<String>()
    /// True once a key moved the selection: until then it stays on the first row as rows arrive.
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

    /// Every row of the list on screen, the episode rows of folded rows included.
    private var allRows: [Tonight.Row] {
        switch listing {
        case .tonight: return scheduleModel?.rows ?? []
        case .upcoming: return upcomingModel?.rows ?? []
        case .premieres: return premieresModel?.rows ?? []
        }
    }

    /// The rows on screen.
    private var rows: [Tonight.Row] { shown }

    /// Works out the rows on screen again (after new rows, or Enter on a folded row).
    private func refreshShown() {
        let all = allRows
        let open = expanded
        shown = all.contains { $0.childOf != nil } ? all.filter { row in row.childOf.map(open.contains) ?? true } : all
    }

    package var title: String {
        switch listing {
        case .tonight: return scheduleModel?.title ?? "Tonight"
        case .upcoming: return upcomingModel?.title ?? "Upcoming"
        case .premieres: return premieresModel?.title ?? "New this week"
        }
    }

    package let capturesText = false

    package var helpSection: HelpSection { Self.help }

    package var statusBar: StatusBarContent {
        var message: String?, isError: Bool, source: String, hints: String
        switch listing {
        case .tonight:
            (message, isError, source) = (scheduleModel?.message, scheduleModel?.messageIsError ?? false, scheduleModel?.sourceLabel ?? "schedules")
            hints = Self.hints([("switch-list", "upcoming"), ("new-this-week", "new")])
        case .upcoming:
            (message, isError, source) = (upcomingModel?.message, upcomingModel?.messageIsError ?? false, "favourites")
            hints = Self.hints([("switch-list", "new")])
        case .premieres:
            (message, isError, source) = (premieresModel?.message, premieresModel?.messageIsError ?? false, premieresModel?.sourceLabel ?? "schedules")
            hints = Self.hints([("switch-list", "tonight")])
        }
        if let said = watchedMessage { (message, isError) = (said.text, said.isError) }
        return StatusBarContent(source: source, position: list.position(count: rows.count), hints: hints, message: message, messageIsError: isError)
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
        case .premieres: interactor?.loadPremieres(request: .init())
        }
    }

    // MARK: Display logic

    package func displaySchedule(viewModel: Tonight.LoadSchedule.ViewModel) {
        scheduleModel = viewModel
        if listing == .tonight { showSchedule(viewModel) }
        display?.setNeedsDisplay()
    }

    /// Follows the rows; until a key moves it, the selection is the Presenter's start row.
    private func showSchedule(_ viewModel: Tonight.LoadSchedule.ViewModel) {
        refreshShown()
        let rows = shown
        list.rowsChanged(count: rows.count, reset: !moved) { rows[$0].id }
        if !moved, viewModel.rows.indices.contains(viewModel.startIndex) {
            let start = viewModel.rows[viewModel.startIndex].id
            list.move(to: rows.firstIndex { $0.id == start } ?? 0, count: rows.count) { rows[$0].id }
        }
    }

    /// Follows the rows of the list on screen.
    private func showRows() {
        refreshShown()
        let rows = shown
        list.rowsChanged(count: rows.count, reset: !moved) { rows[$0].id }
    }

    package func displayUpcoming(viewModel: Tonight.LoadUpcoming.ViewModel) {
        upcomingModel = viewModel
        if listing == .upcoming { showRows() }
        display?.setNeedsDisplay()
    }

    package func displayPremieres(viewModel: Tonight.LoadPremieres.ViewModel) {
        premieresModel = viewModel
        if listing == .premieres { showRows() }
        display?.setNeedsDisplay()
    }

    package func displayWatched(viewModel: Tonight.WatchedMessage.ViewModel) {
        watchedMessage = viewModel
        display?.setNeedsDisplay()
    }

    // MARK: Keys

    package func handle(key: Key) -> Bool {
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        watchedMessage = nil
        let rows = self.rows
        switch action {
        case .move(let move):
            moved = true
            list.move(move, count: rows.count) { rows[$0].id }
        case .open: open()
        case .watched, .undo:
            // The selection stays on the row acted on as the rows are drawn again.
            moved = true
            if case .undo = action {
                interactor?.undoWatched(request: .init())
            } else if let row = selectedRow {
                let ids = row.opens > 0 ? allRows.filter { $0.childOf == row.id }.map(\.id) : [row.id]
                interactor?.markWatched(request: .init(ids: ids, listing: listing))
            }
        case .switchList, .newThisWeek:
            let all = Tonight.Listing.allCases
            var next = all[((all.firstIndex(of: listing) ?? 0) + 1) % all.count]
            if case .newThisWeek = action { next = .premieres }
            show(next)
        case .reload: load(listing, again: true)
        case .back:
            if listing == .premieres, let before = beforeNewThisWeek {
                show(before)
                return true
            }
            interactor?.cancel()
            router?.routeBack()
        case .quit: router?.routeToQuit()
        }
        return true
    }

    /// Shows a list (loading it on its first showing); New this week remembers the list it was
    /// opened from.
    private func show(_ next: Tonight.Listing) {
        if next == .premieres, listing != .premieres { beforeNewThisWeek = listing }
        if next != .premieres { beforeNewThisWeek = nil }
        listing = next
        moved = false
        refreshShown()
        let shown = self.shown
        list.rowsChanged(count: shown.count, reset: true) { shown[$0].id }
        if listing == .tonight, let model = scheduleModel { showSchedule(model) }
        load(listing, again: false)
    }

    /// The selected row, if any.
    private var selectedRow: Tonight.Row? {
        guard let id = list.cursor.selectedID else { return nil }
        return shown.first { $0.id == id }
    }

    private func open() {
        guard let row = selectedRow else { return }
        if row.opens > 0 {
            // A folded row shows or hides its episodes; the selection stays on it.
            moved = true
            if expanded.remove(row.id) == nil { expanded.insert(row.id) }
            refreshShown()
            let shown = self.shown
            list.rowsChanged(count: shown.count, reset: false) { shown[$0].id }
            return
        }
        if interactor?.openShow(request: .init(id: row.id, listing: listing)) == true {
            router?.routeToShowDetail()
        }
    }

    // MARK: Drawing (the curses View)

    /// Column widths for a list width, in cells: day, time, countdown, show, code, episode, channel.
    /// The episode code gets the width of the longest (`codeWidth`, 3–10) before the show and
    /// episode names share what is left; below 80 columns at most 7.
    /// The countdown gets `countdownWidth` (10–24) from 100 columns on, else 10.
    static func columns(width: Int, timeWidth: Int, dayWidth: Int, codeWidth: Int = 7, countdownWidth: Int = 10, countdown: Bool)
        -> (day: Int, time: Int, countdown: Int, show: Int, code: Int, episode: Int, channel: Int)
    {
        let day = width >= 70 ? dayWidth : 0
        let code = width >= 80 ? codeWidth : width >= 50 ? min(7, codeWidth) : 0, count = countdown && width >= 60 ? (width >= 100 ? countdownWidth : 10) : 0
        let used = 2 + (day > 0 ? day + 1 : 0) + timeWidth + 1 + (count > 0 ? count + 1 : 0) + (code > 0 ? code + 1 : 0)
        let rest = max(2, width - used)
        let channel = countdown || width < 90 ? 0 : min(16, rest / 5)
        let episode = width >= 60 ? (rest - channel - (channel > 0 ? 1 : 0)) * 2 / 5 : 0
        let show = rest - channel - episode - (channel > 0 ? 1 : 0) - (episode > 0 ? 1 : 0)
        return (day, timeWidth, count, max(1, show), code, episode, channel)
    }

    package func draw(on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        let rows = self.rows
        let timeWidth = min(12, max(4, rows.map { canvas.text.width($0.time) }.max() ?? 5))
        let dayWidth = min(10, max(3, rows.map { canvas.text.width($0.day) }.max() ?? 3))
        let codeWidth = min(10, max(3, rows.map { canvas.text.width($0.episodeCode) }.max() ?? 3))
        let countdownWidth = min(24, max(10, rows.map { canvas.text.width($0.countdown) }.max() ?? 10))
        let badgeWidth = min(12, rows.map { canvas.text.width($0.badge) }.max() ?? 0)
        let cols = Self.columns(
            width: rect.width - (badgeWidth > 0 ? badgeWidth + 1 : 0), timeWidth: timeWidth, dayWidth: dayWidth, codeWidth: codeWidth, countdownWidth: countdownWidth,
            countdown: listing == .upcoming)
        let empty = listing == .tonight ? scheduleModel?.emptyMessage : listing == .upcoming ? upcomingModel?.emptyMessage : premieresModel?.emptyMessage
        list.draw(
            on: canvas, in: rect,
            content: .init(
                columns: [
                    ListColumn(title: "Day", width: cols.day, gap: 0),
                    ListColumn(title: "Time", width: cols.time),
                    ListColumn(title: "When", width: cols.countdown),
                    ListColumn(title: "Badge", width: badgeWidth),
                    ListColumn(title: "Show", width: cols.show, pad: 1),
                    ListColumn(title: "Ep.", width: cols.code, gap: 0),
                    ListColumn(title: "Episode", width: cols.episode, pad: 1),
                    ListColumn(title: "Network", width: cols.channel, gap: 0)
                ],
                nameColumn: 4, count: rows.count,
                cells: { [expanded] i in
                    let row = rows[i]
                    // Watched: dim with a tick; an episode row of a folded row: indented; a
                    // folded row: ▸ closed, ▾ open (`v`, `>` and `v` in ASCII, the sanitiser's).
                    let show = (row.childOf == nil ? "" : "  ") + (row.watched ? "✓ " : "") + row.show
                    let name = row.opens > 0 ? (expanded.contains(row.id) ? "▾ " : "▸ ") + row.episodeName : row.episodeName
                    let dim = row.watched
                    return [
                        ListCell(text: row.day, role: .heading), ListCell(text: row.time, role: dim ? .dim : .accent), ListCell(text: row.countdown, role: .dim),
                        ListCell(text: row.badge, role: dim ? .dim : .accent), ListCell(text: show, role: dim ? .dim : .normal),
                        ListCell(text: row.episodeCode, role: .dim), ListCell(text: name, role: dim ? .dim : .normal), ListCell(text: row.channel, role: .dim)
                    ]
                },
                emptyMessage: rows.isEmpty ? (empty ?? "Loading…") : nil))
    }
}

// MARK: Mouse

extension TonightViewController {
    /// A click on a row selects it; a second click on the selected row opens it.
    package func handle(click: SceneClick) -> Bool {
        let rows = self.rows
        guard let done = list.click(click, count: rows.count, id: { rows[$0].id }) else { return false }
        moved = true
        if done == .open { open() }
        return true
    }
}
