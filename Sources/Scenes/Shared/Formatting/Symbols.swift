import Terminal

/// The interface's symbols in Unicode, or in ASCII when the terminal cannot show Unicode.
package struct Symbols: Sendable {
    /// `★` or `*`, before a rating (and only a rating).
    let star: String
    /// `♥` or `<3`, before a favourite's name (never the rating's star, so that a favourite
    /// with a rating reads `♥ Friends … ★ 8.9`).
    let favourite: String
    /// `⏎` or `Enter`, the Enter key in hints (never an arrow: `←` and `<-` mean back).
    let enter: String
    /// `▌` or `>`, marking the selected row.
    let pointer: String
    /// `▏` or `_`, the text cursor in a filter.
    let cursor: String
    /// `›` or `>`, between breadcrumb parts.
    package let separator: String
    /// `│` or `|`.
    package let vertical: String
    /// `─` or `-`.
    let horizontal: String
    /// `·` or `-`, between items on one line.
    let dot: String
    /// `✓` or `x`, a watched episode.
    package let watched: String
    /// `↑` or `^`.
    package let arrowUp: String
    /// `↓` or `v`.
    package let arrowDown: String

    /// The symbols for a repertoire.
    package init(_ repertoire: GlyphRepertoire) {
        if repertoire == .unicode {
            (star, pointer, cursor, separator, vertical, horizontal, dot) = ("★", "▌", "▏", "›", "│", "─", "·")
            (arrowUp, arrowDown) = ("↑", "↓")
            (favourite, enter, watched) = ("♥", "⏎", "✓")
        } else {
            (star, pointer, cursor, separator, vertical, horizontal, dot) = ("*", ">", "_", ">", "|", "-", "-")
            (arrowUp, arrowDown) = ("^", "v")
            (favourite, enter, watched) = ("<3", "Enter", "x")
        }
    }
}
