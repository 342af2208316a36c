/// A key press, decoded from ncurses (`wget_wch` with `keypad` on).
public enum Key: Sendable, Hashable {
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Enter or Return.
    case enter
    /// Escape, alone (after ncurses' short ESCDELAY, with no other key read with it).
    case escape
    /// Backspace (DEL, ^H or the terminal's backspace key).
    case backspace
    /// Delete forward.
    case delete
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// A function key, F1–F12.
    case function(Int)
    /// A printable character.
    case character(Character)
    /// Control plus a letter, for example `.control("l")` for Ctrl-L.
    case control(Character)
    /// ncurses reports a new terminal size.
    case resize
    /// Alt (Meta) plus a key: Escape followed at once by another key in the same read, as
    /// terminals send Alt-q (`ESC q`). Bound nowhere, so it does nothing, rather than act as
    /// Esc and then the key.
    indirect case alt(Key)
    /// Anything else, by its ncurses code.
    case unknown(Int32)
}
