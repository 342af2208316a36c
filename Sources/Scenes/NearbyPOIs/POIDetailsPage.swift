import Terminal

/// The places scene's details page: one place's facts, scrolled.
struct POIDetailsPage {
    /// The place shown; nil before one was opened.
    private(set) var viewModel: NearbyPOIs.ShowPOIDetails.ViewModel?
    private var page = ScrolledPage()

    /// Shows a place; the page goes back to the top for another place.
    mutating func show(_ viewModel: NearbyPOIs.ShowPOIDetails.ViewModel) {
        if self.viewModel?.id != viewModel.id { page.reset() }
        self.viewModel = viewModel
    }

    /// Scrolls by a navigation key's move.
    mutating func scroll(_ move: ListMove) {
        page.scroll(move)
    }

    /// Lays a place's details out in lines for a width (in cells).
    /// - Parameter marker: drawn before the title (the favourite's mark), or nil.
    static func layout(_ vm: NearbyPOIs.ShowPOIDetails.ViewModel, width: Int, text: CellText, marker: String? = nil) -> [DetailLines.Line] {
        DetailLines.heading(title: marker.map { $0 + " " + vm.title } ?? vm.title, subtitle: vm.subtitle, facts: vm.facts.map { ($0.label, $0.value) },
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
