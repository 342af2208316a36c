import Terminal

/// The ShowDetail scene's ViewController: asks for the details, scrolls them, goes back, and
/// draws the view model word-wrapped to the screen's width (the curses View).
@MainActor
package final class ShowDetailViewController: SceneViewController, ShowDetailDisplayLogic, FavouriteMarksDisplayLogic {
    package enum Action: Sendable {
        case scroll(ListMove), back, retry, favourite, episodes, open
    }

    /// The scene's key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] = ListMove.bindings(.page, action: Action.scroll) + [
        KeyBinding(keys: [.escape, .left, .character("h"), .backspace, .character("q")], label: "Esc ← h q", help: "Back to the list", action: .back),
        KeyBinding(keys: [.character("r")], label: "r", help: "Load the details again", action: .retry),
        KeyBinding(keys: [.character("f")], label: "f", help: "Add to or remove from favourites (♥)", action: .favourite),
        KeyBinding(keys: [.character("e")], label: "e", help: "Episode guide: ratings chart and episodes", action: .episodes),
        KeyBinding(keys: [.enter], label: "⏎", help: "Pick a season (↑↓ move, Esc stops); again: its episodes", action: .open),
    ]

    package var interactor: ShowDetailBusinessLogic?
    package var router: (ShowDetailRoutingLogic & ShowDetailDataPassing)?
    package weak var display: DisplayInvalidating?
    /// The favourite marks (`f` and the star before the title); nil without favourites.
    package var marks: FavouriteMarksBusinessLogic?
    /// The marked shows and what the last `f` did.
    private var marked = FavouriteMarksState()

    private(set) var viewModel: ShowDetail.LoadDetails.ViewModel?
    private var page = ScrolledPage()
    private var didLoad = false
    /// The season picked in the seasons section (Enter), whose episodes Enter opens; nil
    /// while the page scrolls.
    private(set) var selectedSeason: Int?
    private var episodesMessage: String?
    /// True to scroll the picked season's line into view on the next frame.
    private var scrollsToSeason = false

    package var title: String { viewModel?.title ?? "Show" }
    package let capturesText = false

    package var helpSection: HelpSection {
        HelpSection(title: "Show details", entries: Self.keyMap.helpEntries())
    }

    /// The credit of the source on screen: TVmaze's, or TMDB's notice.
    package var credit: String { viewModel?.credit ?? ShowFormatting.tvmazeCredit }

    package var statusBar: StatusBarContent {
        StatusBarContent(
            source: viewModel?.sourceLabel ?? "",
            position: page.position,
            hints: selectedSeason == nil ? "Esc back  ↑↓ scroll  e episodes  f fav  ? help" : "↑↓ season  ⏎ its episodes  Esc stop",
            message: episodesMessage ?? marked.message?.text ?? viewModel?.message,
            messageIsError: episodesMessage != nil || (marked.message?.isError ?? viewModel?.messageIsError ?? false)
        )
    }

    package func sceneDidAppear() {
        marks?.loadMarks(request: .init())
        interactor?.loadProgress(request: .init())
        guard !didLoad else { return }
        didLoad = true
        interactor?.loadDetails(request: .init())
    }

    package func displayDetails(viewModel: ShowDetail.LoadDetails.ViewModel) {
        self.viewModel = viewModel
        display?.setNeedsDisplay()
    }

    package func displayMarks(viewModel: FavouriteMarks.ViewModel) {
        marked.display(viewModel)
        display?.setNeedsDisplay()
    }

    /// True when the show on screen is a favourite.
    var isFavourite: Bool {
        guard let id = viewModel?.id else { return false }
        return marked.contains(String(id))
    }

    package func handle(key: Key) -> Bool {
        marked.clearMessage()
        episodesMessage = nil
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        if selectedSeason != nil, handleInSeasons(action) { return true }
        switch action {
        case .scroll(let move): page.scroll(move)
        case .back:
            interactor?.cancel()
            router?.routeBack()
        case .retry:
            interactor?.loadDetails(request: .init(retry: true))
        case .favourite:
            marked.toggle(viewModel.map { String($0.id) }, with: marks)
        case .episodes:
            openEpisodes(season: nil)
        case .open:
            if let first = seasonNumbers.first {
                selectedSeason = first
                scrollToSelectedSeason()
            } else {
                openEpisodes(season: nil)
            }
        }
        return true
    }

    /// The season numbers of the seasons section, in order.
    private var seasonNumbers: [Int] {
        viewModel?.sections.first { !$0.seasonNumbers.isEmpty }?.seasonNumbers ?? []
    }

    /// Keys while a season is picked: ↑↓ move it, Enter opens its episodes, Esc stops picking.
    /// - Returns: false for the keys that act as on the page.
    private func handleInSeasons(_ action: Action) -> Bool {
        let numbers = seasonNumbers
        guard let current = selectedSeason, let index = numbers.firstIndex(of: current) else {
            selectedSeason = nil
            return false
        }
        switch action {
        case .scroll(.up): selectedSeason = numbers[max(0, index - 1)]
        case .scroll(.down): selectedSeason = numbers[min(numbers.count - 1, index + 1)]
        case .open, .episodes: openEpisodes(season: current)
        case .back: selectedSeason = nil
        default: return false
        }
        scrollToSelectedSeason()
        return true
    }

    private func openEpisodes(season: Int?) {
        if router?.routeToEpisodeGuide(season: season) != true {
            episodesMessage = "No episode guide in this source."
        }
        display?.setNeedsDisplay()
    }

    private func scrollToSelectedSeason() {
        scrollsToSeason = true
        display?.setNeedsDisplay()
    }

    /// A laid-out line of the detail view.
    typealias Line = DetailLines.Line

    /// Lays the view model out in lines for a width (in cells).
    /// - Parameters:
    ///   - marker: drawn before the title (the favourite's star), or nil.
    ///   - selectedSeason: the season whose line is drawn selected, if any.
    static func layout(_ vm: ShowDetail.LoadDetails.ViewModel, width: Int, text: CellText, marker: String? = nil, selectedSeason: Int? = nil) -> [Line] {
        var lines = DetailLines.heading(title: marker.map { $0 + " " + vm.title } ?? vm.title, subtitle: vm.subtitle, facts: vm.facts.map { ($0.label, $0.value) }, width: width, text: text)
        let inner = max(1, width - 2)
        for section in vm.sections {
            lines.append(Line(text: "", role: .normal, indent: 0))
            lines.append(Line(text: section.title, role: .heading, indent: 1))
            for (i, paragraph) in section.paragraphs.enumerated() {
                let selected = selectedSeason != nil && section.seasonNumbers.indices.contains(i) && section.seasonNumbers[i] == selectedSeason
                for part in text.wrap(paragraph, toCells: max(1, inner - 1)) {
                    lines.append(Line(text: part, role: selected ? .selected : .normal, indent: 2))
                }
            }
        }
        return lines
    }

    package func draw(on canvas: Canvas, in rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        guard let viewModel else {
            canvas.put("Loading…", row: rect.row, column: rect.column + 1, maxWidth: rect.width - 1, role: .dim)
            return
        }
        let lines = Self.layout(viewModel, width: rect.width, text: canvas.text, marker: isFavourite ? Symbols(canvas.text.repertoire).favourite : nil,
                                selectedSeason: selectedSeason)
        if scrollsToSeason, let first = lines.firstIndex(where: { $0.role == .selected }),
           let last = lines.lastIndex(where: { $0.role == .selected }) {
            page.reveal(first...last, pageHeight: rect.height)
        }
        scrollsToSeason = false
        page.draw(lines, on: canvas, in: rect)
    }

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}
}
