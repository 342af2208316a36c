import Domain
import Terminal

/// The EpisodeGuide scene's ViewController: the ratings chart with its cell cursor, the cursor
/// season's episode list, and an episode's page over them (the curses View).
@MainActor
package final class EpisodeGuideViewController: SceneViewController, EpisodeGuideDisplayLogic {
    package enum Action: Sendable {
        case up, down, left, right, pageUp, pageDown, firstSeason, lastSeason, open, back, retry, watch, watchThrough, unwatch, undoWatch
        case rate, clearRating, compare, countSpecials, order
    }

    /// The scene's key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] = [
        KeyBinding("up", keys: [.up, .character("k")], label: "↑ k", help: "Previous episode (the episode page: scroll up)", action: .up),
        KeyBinding("down", keys: [.down, .character("j")], label: "↓ j", help: "Next episode (the episode page: scroll down)", action: .down),
        KeyBinding("left", keys: [.left, .character("h")], label: "← h", help: "Previous season", action: .left),
        KeyBinding("right", keys: [.right, .character("l")], label: "→ l", help: "Next season", action: .right),
        KeyBinding("page-up", keys: [.pageUp, .control("b")], label: "PgUp", help: "A screenful of episodes up", action: .pageUp),
        KeyBinding("page-down", keys: [.pageDown, .control("f"), .character(" ")], label: "PgDn Space", help: "A screenful of episodes down", action: .pageDown),
        KeyBinding("top", keys: [.home, .character("g")], label: "Home g", help: "First season", action: .firstSeason),
        KeyBinding("bottom", keys: [.end, .character("G")], label: "End G", help: "Last column: the specials (Sp) when there are any, else the last season", action: .lastSeason),
        KeyBinding("open", keys: [.enter], label: "⏎", help: "Open the episode under the cursor", action: .open),
        KeyBinding("back", keys: [.escape, .character("q")], label: "Esc q", help: "Close the episode, or back to the show", action: .back),
        KeyBinding("reload", keys: [.character("r")], label: "r", help: "Load the episodes again", action: .retry),
        KeyBinding(
            "rate", keys: (1...9).map { .character(Character(String($0))) } + [.character("0")], label: "1-9 0",
            help: "Rate the episode 1 to 10 (0 is 10), in the chart or on its page", action: .rate),
        KeyBinding("clear-rating", keys: [.backspace, .delete], label: "⌫ Del", help: "Clear your rating of the episode", action: .clearRating),
        KeyBinding("compare", keys: [.character("v")], label: "v", help: "Chart your ratings against the source's, or the source's again", action: .compare),
        KeyBinding("watched", keys: [.character("w")], label: "w", help: "Mark the episode watched; watched already: one more play (a rewatch)", action: .watch),
        KeyBinding(
            "watched-up-to", keys: [.character("W")], label: "W", help: "Mark every aired episode up to this one watched (on a season's heading: that season's aired episodes)", action: .watchThrough),
        KeyBinding("unwatched", keys: [.character("x")], label: "x", help: "Mark the episode unwatched, every play of it", action: .unwatch),
        KeyBinding("undo", keys: [.character("u")], label: "u", help: "Undo the last w, W or x (and the favourite it added)", action: .undoWatch),
        KeyBinding("count-specials", keys: [.character("S")], label: "S", help: "Count the specials towards progress, or not (this show)", action: .countSpecials),
        KeyBinding("order", keys: [.character("o")], label: "o", help: "Next episode after the furthest watched (aired), or the first unwatched (any) (this show)", action: .order)
    ].rebound()

    package var interactor: EpisodeGuideBusinessLogic?
    package var router: (EpisodeGuideRoutingLogic & EpisodeGuideDataPassing)?
    package weak var display: DisplayInvalidating?

    private(set) var viewModel: EpisodeGuide.LoadGuide.ViewModel?
    /// The episode page on screen, if one is open.
    private(set) var episode: EpisodeGuide.ShowEpisode.ViewModel?
    private(set) var cursor = ChartCursor()
    /// True while the chart shows the person's ratings against the source's (`v`).
    private(set) var comparing = false
    private var episodeList = EpisodeListView()
    private var placedStart = false
    private var didLoad = false
    private var pageRows = 10
    private var episodeScroll = 0
    private var episodeLineCount = 0

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}

    package var title: String { viewModel?.title ?? "Episodes" }
    package let capturesText = false

    /// The credit of the source on screen: TVmaze's, or TMDB's notice.
    package var credit: String { viewModel?.credit ?? ShowFormatting.tvmazeCredit }

    package var helpSection: HelpSection {
        HelpSection(title: "Episode guide", entries: Self.keyMap.helpEntries())
    }

    package var statusBar: StatusBarContent {
        var position = ""
        if let viewModel, viewModel.seasons.indices.contains(cursor.season) {
            let column = viewModel.seasons[cursor.season]
            position = (column.isSpecials ? "Sp" : "S\(column.number)") + (cursor.onHeading ? "" : " E\(cursor.row + 1)") + " · \(cursor.season + 1)/\(viewModel.seasons.count)"
        }
        let keys = Self.keyMap
        return StatusBarContent(
            source: viewModel?.sourceLabel ?? "",
            position: position,
            hints: episode != nil
                ? KeyHints.join([keys.hint(["up", "down"], "scroll"), keys.hint("rate", "rate"), keys.hint("back", "back to the chart")])
                : viewModel?.seasons.isEmpty ?? true
                    ? KeyHints.join([keys.hint("back", "back"), keys.hint("reload", "reload"), GlobalKeys.helpHint])
                    : KeyHints.join([
                        keys.hint(["left", "right", "up", "down"], "move"), keys.hint("open", "episode"), keys.hint("rate", "rate"),
                        keys.hint("watched", "watched"), keys.hint("compare", "you"), keys.hint("back", "back"), GlobalKeys.helpHint
                    ]),
            message: viewModel?.message,
            messageIsError: viewModel?.messageIsError ?? false
        )
    }

    package func sceneDidAppear() {
        guard !didLoad else { return }
        didLoad = true
        interactor?.loadGuide(request: .init())
    }

    package func displayGuide(viewModel: EpisodeGuide.LoadGuide.ViewModel) {
        self.viewModel = viewModel
        let counts = viewModel.seasons.map(\.cells.count)
        if !placedStart, !counts.isEmpty {
            placedStart = true
            cursor.jump(toSeason: viewModel.startSeasonIndex, counts: counts)
            cursor.move(seasons: 0, rows: viewModel.startRow, counts: counts)
        } else {
            cursor.move(seasons: 0, rows: 0, counts: counts)
        }
        display?.setNeedsDisplay()
    }

    package func displayEpisode(viewModel: EpisodeGuide.ShowEpisode.ViewModel) {
        // The same episode again (its rating changed) keeps its scroll.
        if episode == nil || episode?.episodeID != viewModel.episodeID { episodeScroll = 0 }
        episode = viewModel
        display?.setNeedsDisplay()
    }

    package func handle(key: Key) -> Bool {
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        if case .character(let c) = key, action == .rate { return rate(UserRating.ofDigitKey(c)) }
        if action == .clearRating { return rate(nil) }
        if episode != nil { return handleOnEpisodePage(action) }
        let counts = viewModel?.seasons.map(\.cells.count) ?? []
        switch action {
        case .up: cursor.move(seasons: 0, rows: -1, counts: counts)
        case .down: cursor.move(seasons: 0, rows: 1, counts: counts)
        case .left: cursor.move(seasons: -1, rows: 0, counts: counts)
        case .right: cursor.move(seasons: 1, rows: 0, counts: counts)
        case .pageUp: cursor.move(seasons: 0, rows: -max(1, pageRows - 1), counts: counts)
        case .pageDown: cursor.move(seasons: 0, rows: max(1, pageRows - 1), counts: counts)
        case .firstSeason: cursor.jump(toSeason: 0, counts: counts)
        case .lastSeason: cursor.jump(toSeason: counts.count - 1, counts: counts)
        case .open:
            guard let viewModel, viewModel.seasons.indices.contains(cursor.season) else { return true }
            let column = viewModel.seasons[cursor.season]
            interactor?.showEpisode(request: .init(season: column.number, index: cursor.row, specials: column.isSpecials))
        case .back:
            interactor?.cancel()
            router?.routeBack()
        case .retry:
            interactor?.loadGuide(request: .init(retry: true))
        case .watch, .watchThrough:
            guard let column = cursorColumn else { return true }
            interactor?.markWatched(
                request: .init(
                    season: column.number, index: cursor.row, throughHere: action == .watchThrough,
                    specials: column.isSpecials, wholeSeason: cursor.onHeading))
        case .unwatch:
            guard let column = cursorColumn else { return true }
            interactor?.markUnwatched(request: .init(season: column.number, index: cursor.row, specials: column.isSpecials, onHeading: cursor.onHeading))
        case .undoWatch:
            interactor?.undoWatched(request: .init())
        case .compare:
            comparing.toggle()
            display?.setNeedsDisplay()
        case .countSpecials:
            interactor?.changeSettings(request: .init(setting: .specials))
        case .order:
            interactor?.changeSettings(request: .init(setting: .order))
        case .rate, .clearRating:
            break
        }
        return true
    }

    /// The chart's column under the cursor, once the guide has columns.
    private var cursorColumn: EpisodeGuide.LoadGuide.ViewModel.Season? {
        guard let viewModel, viewModel.seasons.indices.contains(cursor.season) else { return nil }
        return viewModel.seasons[cursor.season]
    }

    /// Rates the cursor's episode (the episode page's, which is the same) or clears its rating.
    private func rate(_ rating: UserRating?) -> Bool {
        guard let column = cursorColumn else { return true }
        interactor?.rateEpisode(
            request: .init(
                season: column.number, index: cursor.row, specials: column.isSpecials, onHeading: cursor.onHeading && episode == nil,
                rating: rating, onPage: episode != nil))
        return true
    }

    private func handleOnEpisodePage(_ action: Action) -> Bool {
        switch action {
        case .up: episodeScroll -= 1
        case .down: episodeScroll += 1
        case .pageUp: episodeScroll -= max(1, pageRows - 1)
        case .pageDown: episodeScroll += max(1, pageRows - 1)
        case .back, .left: episode = nil
        default: break
        }
        episodeScroll = max(0, min(episodeScroll, episodeLineCount - pageRows))
        return true
    }

    /// Where the header, the chart and the list go in a rectangle: the header on the first
    /// row, the list beside the chart when both fit across, else under it; the chart's episode
    /// rows; whether the legend fits.
    package struct Layout: Equatable {
        /// The chart's rectangle.
        package var chart: Rect
        /// The episode rows the chart shows.
        package var visibleRows: Int
        /// Whether the legend line is drawn.
        package var legend: Bool
        /// The list's rectangle; empty when there is no room.
        package var list: Rect
        /// The header's row (progress and settings); nil without one.
        package var header: Rect? = nil
    }

    /// Lays the scene out.
    /// - Parameters:
    ///   - rect: the scene's rectangle.
    ///   - seasons: the chart's columns (the seasons, and the specials).
    ///   - rows: the chart's rows (the longest column).
    ///   - noteWidth: the cells of the note under the chart (0 for none): a line of its own,
    ///     and a chart beside the list at least that wide, so the note is never cut.
    ///   - header: true to give the header its row (from 12 rows up), taken from the list's
    ///     least rows rather than the chart's.
    package static func layout(_ rect: Rect, seasons: Int, rows: Int, noteWidth: Int = 0, header: Bool = false) -> Layout {
        let top = header && rect.height >= 12 ? 1 : 0
        let headerRect = top == 1 ? Rect(row: rect.row, column: rect.column, height: 1, width: rect.width) : nil
        let chartWidth = max(RatingChartView.fullWidth(seasons: seasons), noteWidth)
        let legend = rect.height >= 14
        let fixed = RatingChartView.fixedLines + (legend ? 1 : 0) + (noteWidth > 0 ? 1 : 0)
        let body = Rect(row: rect.row + top, column: rect.column, height: rect.height - top, width: rect.width)
        if rect.width >= chartWidth + 2 + 56 {
            let visible = max(1, min(rows, body.height - fixed))
            let listColumn = rect.column + chartWidth + 2
            return Layout(
                chart: Rect(row: body.row, column: rect.column + 1, height: body.height, width: chartWidth),
                visibleRows: visible, legend: legend,
                list: Rect(row: body.row, column: listColumn, height: body.height, width: rect.right - listColumn), header: headerRect)
        }
        let listMinimum = rect.height >= 10 ? min(6, rect.height / 3) - top : 0
        let visible = max(1, min(rows, body.height - fixed - listMinimum - 1))
        let chartHeight = min(body.height, visible + fixed)
        let listTop = body.row + chartHeight + 1
        return Layout(
            chart: Rect(row: body.row, column: rect.column + 1, height: chartHeight, width: max(0, rect.width - 1)),
            visibleRows: visible, legend: legend,
            list: Rect(row: listTop, column: rect.column, height: max(0, rect.bottom - listTop), width: rect.width), header: headerRect)
    }

    package func draw(on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        if let episode {
            drawEpisode(episode, on: canvas, in: rect)
            return
        }
        guard let viewModel, !viewModel.seasons.isEmpty else {
            let line = viewModel?.message ?? "Loading…"
            canvas.put(line, row: rect.row, column: rect.column + 1, maxWidth: rect.width - 1, role: viewModel?.messageIsError == true ? .error : .dim)
            return
        }
        let layout = Self.layout(
            rect, seasons: viewModel.seasons.count, rows: viewModel.rowCount,
            noteWidth: viewModel.note.map { canvas.text.width($0) } ?? 0, header: viewModel.watchLine != nil)
        if let header = layout.header, let line = viewModel.watchLine {
            canvas.put(line, row: header.row, column: header.column + 1, maxWidth: header.width - 1, role: .dim)
        }
        pageRows = layout.visibleRows
        cursor.scroll(
            visibleColumns: RatingChartView.visibleColumns(width: layout.chart.width), visibleRows: layout.visibleRows,
            seasonCount: viewModel.seasons.count, rowCount: viewModel.rowCount)
        RatingChartView.draw(
            viewModel, cursor: cursor, visibleRows: layout.visibleRows, legend: layout.legend, comparing: comparing, on: canvas, in: layout.chart)
        if layout.list.height > 0, let column = cursorColumn {
            let marks = viewModel.seasons.contains { $0.rows.contains(where: \.watched) }
            episodeList.draw(column, selectedRow: cursor.row, marks: marks, yours: viewModel.hasYourRatings, on: canvas, in: layout.list)
        }
    }

    private func drawEpisode(_ episode: EpisodeGuide.ShowEpisode.ViewModel, on canvas: Canvas, in rect: Rect) {
        var lines = DetailLines.heading(
            title: episode.title, subtitle: episode.subtitle, facts: episode.facts.map { ($0.label, $0.value) },
            width: rect.width, text: canvas.text)
        lines.append(DetailLines.Line(text: "", role: .normal, indent: 0))
        lines.append(DetailLines.Line(text: "Summary", role: .heading, indent: 1))
        for paragraph in episode.summary {
            for part in canvas.text.wrap(paragraph, toCells: max(1, rect.width - 3)) {
                lines.append(DetailLines.Line(text: part, role: .normal, indent: 2))
            }
        }
        episodeLineCount = lines.count
        pageRows = rect.height
        episodeScroll = max(0, min(episodeScroll, lines.count - rect.height))
        for (i, line) in lines.dropFirst(episodeScroll).prefix(rect.height).enumerated() where line.indent < rect.width {
            canvas.put(line.text, row: rect.row + i, column: rect.column + line.indent, maxWidth: rect.width - line.indent, role: line.role)
        }
    }
}
