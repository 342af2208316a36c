import Domain
import Terminal

/// The ShowDetail scene's ViewController: asks for the details, scrolls them, goes back, and
/// draws the view model word-wrapped to the screen's width (the curses View).
@MainActor
package final class ShowDetailViewController: SceneViewController, ShowDetailDisplayLogic, FavouriteMarksDisplayLogic {
    package enum Action: Sendable {
        case scroll(ListMove), back, retry, favourite, episodes, open, cast, copyWatchPage, rate, clearRating
    }

    /// A line picked with Enter or `c`: a cast member (by their place in the cast section) or
    /// a season (by number).
    package enum Pick: Sendable, Equatable {
        case cast(Int), season(Int), similar(Int)
    }

    /// The scene's key map; the help overlay lists it.
    package static let keyMap: [KeyBinding<Action>] =
        ListMove.bindings(.page, action: Action.scroll)
        + [
            KeyBinding("back", keys: [.escape, .left, .character("h"), .character("q")], label: "Esc ← h q", help: "Back to the list", action: .back),
            KeyBinding("reload", keys: [.character("r")], label: "r", help: "Load the details again", action: .retry),
            KeyBinding("favourite", keys: [.character("f")], label: "f", help: "Add to or remove from favourites (♥)", action: .favourite),
            KeyBinding("episodes", keys: [.character("e")], label: "e", help: "Episode guide: ratings chart and episodes", action: .episodes),
            KeyBinding("seasons", keys: [.enter], label: "⏎", help: "Pick a season (↑↓ move, Esc stops); again: its episodes", action: .open),
            KeyBinding("copy-watch-page", keys: [.character("Y")], label: "Y", help: "Copy the TMDB watch page (Where to watch, with a TMDB key)", action: .copyWatchPage),
            KeyBinding("cast", keys: [.character("c")], label: "c", help: "Pick a cast member (↑↓ move, Esc stops); ⏎: their shows", action: .cast),
            KeyBinding(
                "rate", keys: (1...9).map { .character(Character(String($0))) } + [.character("0")], label: "1-9 0", help: "Rate the show 1 to 10 (0 is 10)",
                action: .rate),
            KeyBinding("clear-rating", keys: [.backspace, .delete], label: "⌫ Del", help: "Clear your rating of the show", action: .clearRating)
        ].rebound()

    package var interactor: ShowDetailBusinessLogic?
    package var router: (ShowDetailRoutingLogic & ShowDetailDataPassing)?
    package weak var display: DisplayInvalidating?
    /// The favourite marks (`f` and the star before the title); nil without favourites.
    package var marks: FavouriteMarksBusinessLogic?
    /// The terminal's clipboard (`Y`); nil where there is none.
    package var clipboard: ClipboardWriting?
    /// The marked shows and what the last `f` did.
    private var marked = FavouriteMarksState()

    private(set) var viewModel: ShowDetail.LoadDetails.ViewModel?
    private var page = ScrolledPage()
    private var didLoad = false
    /// The cast line or season picked (Enter, `c`), which Enter opens; nil while the page scrolls.
    package private(set) var picked: Pick?
    /// The season picked in the seasons section (Enter), whose episodes Enter opens; nil
    /// while the page scrolls or a cast line is picked.
    var selectedSeason: Int? {
        if case .season(let number)? = picked { return number }
        return nil
    }
    /// The place in the cast section of the cast line picked (`c`), whose person Enter opens.
    package var selectedCast: Int? {
        if case .cast(let index)? = picked { return index }
        return nil
    }
    /// The place in "More like this" of the show picked, whose details Enter opens.
    package var selectedSimilar: Int? {
        if case .similar(let index)? = picked { return index }
        return nil
    }
    private var episodesMessage: String?
    /// Why the poster is missing, on the status bar until the next key; said once.
    private var posterNotice: String?
    /// The last poster failure said, so a redraw does not say it again.
    private var posterSaid: String?
    /// The poster in half-blocks for the box last drawn.
    private var posterCache = HalfBlockCache()
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
        // `e` and a season's episodes are offered only where there is a guide to open.
        let guide = viewModel?.hasEpisodeGuide ?? true
        let keys = Self.keyMap
        return StatusBarContent(
            source: viewModel?.sourceLabel ?? "",
            position: page.position,
            hints: picked == nil
                ? KeyHints.join([
                    keys.hint("back", "back"), keys.hint(["up", "down"], "scroll"), keys.hint("cast", "cast"), guide ? keys.hint("episodes", "episodes") : nil,
                    keys.hint("favourite", "fav"), keys.hint("rate", "rate"), GlobalKeys.helpHint
                ])
                : selectedCast != nil
                    ? KeyHints.join([keys.hint(["up", "down"], "pick"), keys.hint("seasons", "their shows"), keys.hint("back", "stop")])
                    : selectedSimilar != nil
                        ? KeyHints.join([keys.hint(["up", "down"], "pick"), keys.hint("seasons", "its details"), keys.hint("back", "stop")])
                        : KeyHints.join([keys.hint(["up", "down"], "season"), guide ? keys.hint("seasons", "its episodes") : nil, keys.hint("back", "stop")]),
            message: episodesMessage ?? posterNotice ?? marked.message?.text ?? viewModel?.message,
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
        if let said = viewModel.posterMessage, said != posterSaid {
            posterSaid = said
            posterNotice = said
        }
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
        posterNotice = nil
        guard let action: Action = Self.keyMap.action(for: key) else { return false }
        if case .rate = action, case .character(let digit) = key {
            interactor?.rateShow(request: .init(rating: UserRating.ofDigitKey(digit)))
            return true
        }
        if picked != nil, handleInPicks(action) { return true }
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
                picked = .season(first)
                scrollToSelectedSeason()
            } else if !castPeople.isEmpty {
                picked = .cast(0)
                scrollToSelectedSeason()
            } else {
                openEpisodes(season: nil)
            }
        case .copyWatchPage:
            if let link = viewModel?.watchLink {
                episodesMessage = clipboard?.copy(link) == true ? "Copied the TMDB watch page." : "This terminal has no clipboard to copy to."
            } else {
                episodesMessage = "No TMDB watch page for this show here (it needs a TMDB key)."
            }
        case .clearRating:
            interactor?.rateShow(request: .init(rating: nil))
        case .rate:
            break
        case .cast:
            if castPeople.isEmpty {
                episodesMessage = "No cast to pick in this source."
            } else {
                picked = .cast(0)
                scrollToSelectedSeason()
            }
        }
        return true
    }

    /// The people of the cast section's lines, in order.
    private var castPeople: [PersonReference] {
        viewModel?.sections.first { !$0.people.isEmpty }?.people ?? []
    }

    /// Every line that can be picked, in page order (the cast comes before the seasons).
    private var picks: [Pick] {
        var all: [Pick] = []
        for section in viewModel?.sections ?? [] {
            all += section.people.indices.map { Pick.cast($0) } + section.seasonNumbers.map { Pick.season($0) } + section.shows.indices.map { Pick.similar($0) }
        }
        return all
    }

    /// Keys while a line is picked: ↑↓ move it, Enter opens it, Esc stops picking.
    /// - Returns: false for the keys that act as on the page.
    private func handleInPicks(_ action: Action) -> Bool {
        let all = picks
        guard let current = picked, let index = all.firstIndex(of: current) else {
            picked = nil
            return false
        }
        switch action {
        case .scroll(.up): picked = all[max(0, index - 1)]
        case .scroll(.down): picked = all[min(all.count - 1, index + 1)]
        case .open, .episodes:
            switch current {
            case .season(let number): openEpisodes(season: number)
            case .cast(let i):
                if case .episodes = action { openEpisodes(season: nil) } else { openPerson(at: i) }
            case .similar(let i):
                if case .episodes = action { openEpisodes(season: nil) } else { openSimilar(at: i) }
            }
        case .cast: picked = all.first { if case .cast = $0 { return true } else { return false } }
        case .back: picked = nil
        default: return false
        }
        scrollToSelectedSeason()
        return true
    }

    private func openSimilar(at index: Int) {
        guard let shows = viewModel?.sections.first(where: { !$0.shows.isEmpty })?.shows, shows.indices.contains(index) else { return }
        router?.routeToShow(shows[index])
    }

    private func openPerson(at index: Int) {
        let people = castPeople
        guard people.indices.contains(index) else { return }
        if router?.routeToPerson(people[index]) != true {
            episodesMessage = "No pages of people in this source."
        }
        display?.setNeedsDisplay()
    }

    /// The season numbers of the seasons section, in order.
    private var seasonNumbers: [Int] {
        viewModel?.sections.first { !$0.seasonNumbers.isEmpty }?.seasonNumbers ?? []
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
    ///   - selectedCast: the place in the cast section of the line drawn selected, if any.
    ///   - selectedSimilar: the place in "More like this" of the line drawn selected, if any.
    static func layout(
        _ vm: ShowDetail.LoadDetails.ViewModel, width: Int, text: CellText, marker: String? = nil, selectedSeason: Int? = nil,
        selectedCast: Int? = nil, selectedSimilar: Int? = nil
    ) -> [Line] {
        var lines = DetailLines.heading(title: marker.map { $0 + " " + vm.title } ?? vm.title, subtitle: vm.subtitle, facts: vm.facts.map { ($0.label, $0.value) }, width: width, text: text)
        let inner = max(1, width - 2)
        for section in vm.sections {
            lines.append(Line(text: "", role: .normal, indent: 0))
            lines.append(Line(text: section.title, role: .heading, indent: 1))
            for (i, paragraph) in section.paragraphs.enumerated() {
                let selected =
                    (selectedSeason != nil && section.seasonNumbers.indices.contains(i) && section.seasonNumbers[i] == selectedSeason)
                    || (selectedCast == i && section.people.indices.contains(i))
                    || (selectedSimilar == i && section.shows.indices.contains(i))
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
        // At 100 columns and more, the poster's box on the right from the first frame (the
        // poster itself drawn once decoded), the page beside it (`PosterLayout`).
        let poster = PosterLayout(rect: rect, shown: viewModel.hasPoster && canvas.imageColours != .none)
        let textRect = poster?.text ?? rect
        let lines = Self.layout(
            viewModel, width: textRect.width, text: canvas.text, marker: isFavourite ? Symbols(canvas.text.repertoire).favourite : nil,
            selectedSeason: selectedSeason, selectedCast: selectedCast, selectedSimilar: selectedSimilar)
        let pinned = min(poster?.pinnedRows ?? 0, lines.count)
        let scrolled = Rect(row: textRect.row + pinned, column: textRect.column, height: textRect.height - pinned, width: textRect.width)
        if scrollsToSeason, let first = lines.firstIndex(where: { $0.role == .selected }),
            let last = lines.lastIndex(where: { $0.role == .selected }), last >= pinned
        {
            page.reveal(max(0, first - pinned)...(last - pinned), pageHeight: scrolled.height)
        }
        scrollsToSeason = false
        if let poster {
            DetailLines.draw(Array(lines.prefix(pinned)), on: canvas, in: textRect, from: 0)
            if viewModel.poster == nil { interactor?.loadPoster() }
            if let image = posterCache.image(viewModel.poster, fitting: poster.box) {
                canvas.draw(image, row: poster.box.row, column: poster.box.column + (poster.box.width - image.columns) / 2, maxRows: poster.box.height)
            }
        }
        page.draw(Array(lines.dropFirst(pinned)), on: canvas, in: scrolled)
    }

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}
}
