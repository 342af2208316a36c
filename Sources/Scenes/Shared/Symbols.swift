import Terminal

/// The interface's symbols in Unicode, or in ASCII when the terminal cannot show Unicode.
struct Symbols: Sendable {
    /// `★` or `*`, before a rating.
    let star: String
    /// `▌` or `>`, marking the selected row.
    let pointer: String
    /// `▏` or `_`, the text cursor in a filter.
    let cursor: String
    /// `›` or `>`, between breadcrumb parts.
    let separator: String
    /// `│` or `|`.
    let vertical: String
    /// `─` or `-`.
    let horizontal: String
    /// `·` or `-`, between items on one line.
    let dot: String
    /// `↑` or `^`.
    let arrowUp: String
    /// `↓` or `v`.
    let arrowDown: String

    /// The symbols for a repertoire.
    init(_ repertoire: GlyphRepertoire) {
        if repertoire == .unicode {
            (star, pointer, cursor, separator, vertical, horizontal, dot) = ("★", "▌", "▏", "›", "│", "─", "·")
            (arrowUp, arrowDown) = ("↑", "↓")
        } else {
            (star, pointer, cursor, separator, vertical, horizontal, dot) = ("*", ">", "_", ">", "|", "-", "-")
            (arrowUp, arrowDown) = ("^", "v")
        }
    }
}
