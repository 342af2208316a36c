import Terminal

/// The places scene's details page: one place's facts, scrolled, and its keys (scroll, copy a
/// whole value; the favourite and going back are the scene's).
struct POIDetailsPage {
    /// The place shown; nil before one was opened.
    private(set) var viewModel: NearbyPOIs.ShowPOIDetails.ViewModel?
    private var page = ScrolledPage()

    /// Shows a place; the page goes back to the top for another place.
    mutating func show(_ viewModel: NearbyPOIs.ShowPOIDetails.ViewModel) {
        if self.viewModel?.id != viewModel.id { page.reset() }
        self.viewModel = viewModel
    }

    /// What a key asks of the scene beyond the page itself.
    enum KeyOutcome: Equatable {
        /// Done on the page; the status bar says `message` (a copy's outcome) when not nil.
        case done(message: String?)
        /// Mark or unmark the place as a favourite.
        case favourite
        /// Back to the list.
        case back
    }

    /// Does what a key of `NearbyPOIsKeyMaps.detailKeyMap` asks: scrolls, or copies a whole
    /// value (`y` the source id, `Y` the web address).
    /// - Parameters:
    ///   - key: the key pressed.
    ///   - clipboard: where a copy goes; nil where there is none.
    /// - Returns: what the scene does next, or nil when the key is not the page's.
    @MainActor
    mutating func handle(_ key: Key, clipboard: ClipboardWriting?) -> KeyOutcome? {
        guard let action: NearbyPOIsKeyMaps.DetailAction = NearbyPOIsKeyMaps.detailKeyMap.action(for: key) else { return nil }
        switch action {
        case .scroll(let move):
            page.scroll(move)
            return .done(message: nil)
        case .favourite: return .favourite
        case .back: return .back
        case .copyID: return .done(message: Self.copy(viewModel?.copyID, notes: viewModel?.copyIDNotes, to: clipboard))
        case .copyWebsite: return .done(message: Self.copy(viewModel?.copyWebsite, notes: viewModel?.copyWebsiteNotes, to: clipboard))
        }
    }

    /// Copies a whole value and says whether it went, in the Presenter's words.
    /// - Returns: the note for the outcome (sent, no clipboard, refused, nothing to copy).
    @MainActor
    static func copy(_ value: String?, notes: NearbyPOIs.ShowPOIDetails.CopyNotes?, to clipboard: ClipboardWriting?) -> String? {
        guard let value else { return notes?.nothing }
        guard let clipboard else { return notes?.noClipboard }
        return clipboard.copy(value) ? notes?.sent : notes?.refused
    }

    /// Lays a place's details out in lines for a width (in cells).
    /// - Parameter marker: drawn before the title (the favourite's mark), or nil.
    static func layout(_ vm: NearbyPOIs.ShowPOIDetails.ViewModel, width: Int, text: CellText, marker: String? = nil) -> [DetailLines.Line] {
        DetailLines.heading(
            title: marker.map { $0 + " " + vm.title } ?? vm.title, subtitle: vm.subtitle, facts: vm.facts.map { ($0.label, $0.value) },
            width: width, text: text, oneLine: vm.oneLineLabels)
    }

    /// Draws the page.
    /// - Parameter isFavourite: true to mark the title with `♥` (`<3` in ASCII).
    @MainActor
    mutating func draw(on canvas: Canvas, in rect: Rect, isFavourite: Bool) {
        guard let viewModel else { return }
        let marker = isFavourite ? Symbols(canvas.text.repertoire).favourite : nil
        page.draw(Self.layout(viewModel, width: rect.width, text: canvas.text, marker: marker), on: canvas, in: rect)
    }
}
