/// A key press, decoded from the terminal's bytes by `InputDecoder`.
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
    /// Escape: a lone `ESC` once `EscapeTiming`'s wait has passed, or `ESC` followed by a key
    /// whose Alt combination nothing binds.
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
    /// A new terminal size (kept for callers that treat a resize as a key; the session reports
    /// resizes itself).
    case resize
    /// Alt (Meta) plus a key: `ESC` followed at once by the key, as terminals send Alt-q, and
    /// only when the app binds the combination (else Escape, then the key).
    indirect case alt(Key)
    /// A control byte with no key of its own (NUL, 0x1C–0x1F), by its value.
    case unknown(Int32)
}
