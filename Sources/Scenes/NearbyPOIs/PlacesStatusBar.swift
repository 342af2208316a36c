import Terminal

/// The places scene's status bar: the source and its credit fitted to the width, the position,
/// and the centre and radius, the keys of the open picker or filter, or a message.
struct PlacesStatusBar {
    /// The list's view model; nil before the first places.
    let viewModel: NearbyPOIs.LoadPOIs.ViewModel?
    /// The text the last frame was drawn in (its repertoire and widths).
    let text: CellText
    /// The width last drawn, in cells.
    let width: Int

    /// The fewest cells the right-hand text keeps before the status bar drops the credit.
    static let minimumMessageCells = 24

    /// The status bar's content.
    /// - Parameters:
    ///   - hints: the keys of the open picker or filter, or nil for the list's centre and
    ///     radius followed by `wayOut`.
    ///   - wayOut: the way out of the list or the details (`q quit`, `Esc back`), which the
    ///     status bar keeps whatever the message.
    ///   - position: the list's position, for example `3/48`.
    ///   - message: what the last key did (a favourite, a limit, a copy), or nil.
    ///   - messageIsError: whether that message reports an error (nil: the list's status decides).
    func content(hints: String?, wayOut: String = "q quit", position: String, message: String?, messageIsError: Bool?) -> StatusBarContent {
        let place = viewModel.map { "\($0.centerLabel) · \($0.radiusLabel)" } ?? ""
        let shown = message ?? viewModel?.statusMessage
        return StatusBarContent(
            // A message stands between the source and the hints the bar always keeps; the centre
            // and radius (also in the summary above the list) give way to the credit.
            source: fittedSource(position: position, right: (shown.map { $0 + "  " } ?? hints.map { $0 + "  " } ?? "") + KeyHints.join([GlobalKeys.helpHint, wayOut])),
            position: position,
            hints: hints ?? KeyHints.join((wayOut.hasPrefix("Esc") ? [place, wayOut, GlobalKeys.helpHint] : [place, GlobalKeys.helpHint, wayOut]).map { $0?.isEmpty == false ? $0 : nil }),
            message: shown,
            messageIsError: messageIsError ?? (message == nil && (viewModel?.statusIsError ?? false))
        )
    }

    /// The richest source label that leaves room for the right-hand text: with the snapshot's
    /// date and the credit, without the date, with the short credit (`© OSM`). The source's
    /// name is never dropped: when even the short form leaves no room, the right-hand text is
    /// cut (while `minimumMessageCells` of it stay), else the credit goes and the source stays
    /// alone.
    func fittedSource(position: String, right: String) -> String {
        guard let viewModel else { return "loading…" }
        let unicode = text.repertoire == .unicode
        let credit = unicode ? viewModel.attribution : viewModel.attributionASCII
        let shortCredit = unicode ? viewModel.attributionShort : viewModel.attributionShortASCII
        let label = viewModel.sourceLabel, short = viewModel.sourceShortLabel
        let dot = " \(Symbols(text.repertoire).dot) "
        let candidates =
            credit.isEmpty
            ? [label, short]
            : [label + dot + credit, short + dot + credit, short + dot + shortCredit]
        let positionWidth = position.isEmpty ? 0 : 3 + text.width(position)
        // Cells left for the right-hand text beside a candidate (as AppController lays it out).
        func room(_ candidate: String) -> Int { width - (1 + text.width(candidate) + positionWidth + 1) - 1 }
        let rightWidth = text.width(right)
        if let fitting = candidates.first(where: { room($0) >= rightWidth }) { return fitting }
        if let shortest = candidates.last, room(shortest) >= min(rightWidth, Self.minimumMessageCells) { return shortest }
        return short
    }
}
