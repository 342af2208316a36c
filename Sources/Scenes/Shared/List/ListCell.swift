import Terminal

/// One cell of a `ListView` row: the text a scene gives for a column.
struct ListCell: Equatable, Sendable {
    /// The text (sanitised when drawn).
    var text: String
    /// What the text means; the name column of the selected row is drawn `.selected` instead.
    var role: TextRole = .normal
    /// The positions (in `Character`s of `text`) the filter matched, drawn as `.match`.
    var highlights: [Int] = []
}
