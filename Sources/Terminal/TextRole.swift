/// What a piece of text means on screen; the screen maps each role to attributes and colours
/// (colour when the terminal has it and the person wants it, attributes only otherwise).
public enum TextRole: Sendable, Hashable, CaseIterable {
    /// Ordinary text.
    case normal
    /// A title or column header.
    case heading
    /// The selected row (reverse video, so it shows without colour).
    case selected
    /// Secondary text: placeholders, hints.
    case dim
    /// A highlight: ratings, the active tab, matches.
    case accent
    /// The status bar.
    case status
    /// An error or warning.
    case error
    /// A border or rule.
    case border
    /// The characters a filter matched, in an unselected row (underlined).
    case match
    /// The characters a filter matched, in the selected row (reverse video and underlined).
    case selectedMatch
    /// The six steps of a rating scale, from poor to excellent (a ratings chart's cells): each
    /// its own colour when colour is in use, plain text otherwise (see `Canvas.colorInUse`).
    case ratingPoor, ratingWeak, ratingFair, ratingGood, ratingGreat, ratingExcellent
    /// Emphasis without colour: bold (the best of a set, in monochrome).
    case strong
    /// Emphasis without colour: underlined (the worst of a set, in monochrome).
    case underlined
}
