/// What a mouse click on a list's or a picker's rows did.
enum ListClick: Equatable, Sendable {
    /// It selected a row.
    case selected
    /// It was the second click of a double click on the selected row: open it (or take the choice).
    case open
}
