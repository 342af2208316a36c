import Terminal

/// The places scene's status bar: the source and its credit fitted to the width, the position,
/// and the centre and radius or a message.
extension NearbyPOIsViewController {
    package var statusBar: StatusBarContent {
        let position = list.position(count: viewModel?.rows.count ?? 0)
        let hints: String
        switch mode {
        case .list where list.filter.isEditing: hints = "type to filter  ⏎ keep  Esc clear"
        case .categories: hints = "⏎ choose  Esc close"
        case .cities: hints = "type a name  ↑↓ pick  ⏎ choose  Esc close"
        default:
            hints = viewModel.map { "\($0.centerLabel) · \($0.radiusLabel)" } ?? ""
        }
        let message = marked.message?.text ?? transientMessage ?? viewModel?.statusMessage
        let right = message ?? hints
        return StatusBarContent(
            source: fittedSource(position: position, right: right),
            position: position,
            hints: hints,
            message: message,
            messageIsError: marked.message?.isError ?? (transientMessage == nil && (viewModel?.statusIsError ?? false))
        )
    }

    /// The fewest cells the right-hand text keeps before the status bar drops the credit.
    static let minimumMessageCells = 24

    /// The richest source label that leaves room for the right-hand text in the last width
    /// drawn: with the snapshot's date and the credit, without the date, with the short credit
    /// (`© OSM`). The source's name is never dropped: when even the short form leaves no room,
    /// the right-hand text is cut (while `minimumMessageCells` of it stay), else the credit
    /// goes and the source stays alone.
    func fittedSource(position: String, right: String) -> String {
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
}
