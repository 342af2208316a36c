import Domain
import Terminal

/// The Tonight scene's ViewController: what airs today (a country's broadcast TV and the
/// streaming services, by air time in the viewer's zone), with `u` the favourite shows'
/// next episodes by day, and with `n` (or `u` again) New this week: the premieres and
/// returning seasons of the next 14 days, each row with its badge. Enter opens a show's details; Esc goes back. Drawn with the shared
/// `ListView`; a day column names each day's first row.
@MainActor
package final class TonightViewController: SceneViewController, TonightDisplayLogic {
    /// What the keys do.
    package enum Action: Sendable {
        case move(ListMove), open, switchList, newThisWeek, reload, back, quit
    }

    /// The key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] =
        ListMove.bindings(.init(top: "First", bottom: "Last"), action: Action.move) + [
            KeyBinding(keys: [.enter, .right, .character("l")], label: "⏎ → l", help: "Open the show's details", action: .open),
            KeyBinding(keys: [.character("u"), .character("t"), .character("v")], label: "u t v", help: "Switch list: Tonight, Upcoming (favourites), New this week in turn", action: .switchList),
            KeyBinding(keys: [.character("n")], label: "n", help: "New this week: premieres and returning seasons of the next 14 days", action: .newThisWeek),
            KeyBinding(keys: [.character("r")], label: "r", help: "Load again (after a failure: retry)", action: .reload),
            KeyBinding(keys: [.escape, .left, .character("h"), .backspace], label: "Esc ← h", help: "Back (to the shows or the favourites)", action: .back),
            KeyBinding(keys: [.character("q")], label: "q", help: "Quit", action: .quit)
        ]

    package var interactor: TonightBusinessLogic?
    package var router: (TonightRoutingLogic & TonightDataPassing)?
    package weak var display: DisplayInvalidating?

    /// The list on screen.
    package private(set) var listing: Tonight.Listing
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

    private var rows: [Tonight.Row] {
        switch listing {
        case .tonight: return scheduleModel?.rows ?? []
        case .upcoming: return upcomingModel?.rows ?? []
        case .premieres: return premieresModel?.rows ?? []
        }
    }

    package var title: String {
        switch listing {
        case .tonight: return scheduleModel?.title ?? "Tonight"
        case .upcoming: return upcomingModel?.title ?? "Upcoming"
        case .premieres: return premieresModel?.title ?? "New this week"
        }
    }

    package let capturesText = false

    package var helpSection: HelpSection { HelpSection(title: "Tonight, Upcoming and New this week", entries: Self.keyMap.helpEntries()) }

    package var statusBar: StatusBarContent {
        let message: String?, isError: Bool, source: String, hints: String
        switch listing {
        case .tonight:
            (message, isError, source) = (scheduleModel?.message, scheduleModel?.messageIsError ?? false, scheduleModel?.sourceLabel ?? "schedules")
            hints = "⏎ open  u upcoming  n new  Esc back  ? help"
        case .upcoming:
            (message, isError, source) = (upcomingModel?.message, upcomingModel?.messageIsError ?? false, "favourites")
            hints = "⏎ open  u new  Esc back  ? help"
        case .premieres:
            (message, isError, source) = (premieresModel?.message, premieresModel?.messageIsError ?? false, premieresModel?.sourceLabel ?? "schedules")
            hints = "⏎ open  u tonight  Esc back  ? help"
        }
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
        let rows = viewModel.rows
        list.rowsChanged(count: rows.count, reset: !moved) { rows[$0].id }
        if !moved { list.move(to: viewModel.startIndex, count: rows.count) { rows[$0].id } }
    }

    package func displayUpcoming(viewModel: Tonight.LoadUpcoming.ViewModel) {
        upcomingModel = viewModel
        if listing == .upcoming { list.rowsChanged(count: viewModel.rows.count, reset: !moved) { viewModel.rows[$0].id } }
        display?.setNeedsDisplay()
    }

    package func displayPremieres(viewModel: Tonight.LoadPremieres.ViewModel) {
        premieresModel = viewModel
        if listing == .premieres { list.rowsChanged(count: viewModel.rows.count, reset: !moved) { viewModel.rows[$0].id } }
        display?.setNeedsDisplay()
    }

    // MARK: Keys

    package func handle(key: Key) -> Bool {
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        let rows = self.rows
        switch action {
        case .move(let move):
            moved = true
            list.move(move, count: rows.count) { rows[$0].id }
        case .open: open()
        case .switchList, .newThisWeek:
            let all = Tonight.Listing.allCases
            if case .newThisWeek = action { listing = .premieres } else { listing = all[((all.firstIndex(of: listing) ?? 0) + 1) % all.count] }
            moved = false
            let shown = self.rows
            list.rowsChanged(count: shown.count, reset: true) { shown[$0].id }
            if listing == .tonight, let model = scheduleModel { showSchedule(model) }
            load(listing, again: false)
        case .reload: load(listing, again: true)
        case .back:
            interactor?.cancel()
            router?.routeBack()
        case .quit: router?.routeToQuit()
        }
        return true
    }

    private func open() {
        if let id = list.cursor.selectedID, interactor?.openShow(request: .init(id: id, listing: listing)) == true {
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
                cells: { i in
                    let row = rows[i]
                    return [
                        ListCell(text: row.day, role: .heading), ListCell(text: row.time, role: .accent), ListCell(text: row.countdown, role: .dim),
                        ListCell(text: row.badge, role: .accent), ListCell(text: row.show), ListCell(text: row.episodeCode, role: .dim), ListCell(text: row.episodeName),
                        ListCell(text: row.channel, role: .dim)
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
