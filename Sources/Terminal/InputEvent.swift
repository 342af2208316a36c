/// What the terminal sent, decoded by `InputDecoder`.
public enum InputEvent: Sendable, Hashable {
    /// A key (an Alt combination only when the app binds it).
    case key(Key)
    /// Pasted text, as the terminal delivered it between the bracketed-paste markers (or a
    /// line break inside text that arrived in one read while a text field took typing). Never
    /// keys: `InputDecoder.singleLine(_:)` makes it fit a one-line field.
    case paste(String)
    /// A mouse report (X10, SGR 1006 or urxvt 1015 form).
    case mouse(MouseEvent)
    /// The terminal window gained (true) or lost (false) focus (`CSI I`, `CSI O`, mode 1004).
    case focus(Bool)
    /// The terminal's size changed: an in-band report (`CSI 48 ; rows ; columns ; … t`, mode
    /// 2048), or SIGWINCH noticed by the session. Rows and columns in cells; 0 when unknown.
    case resize(rows: Int, columns: Int)
    /// The terminal's answer to a query the app sent (its background colour, its device
    /// attributes): consumed by the session, never a key, whenever it arrives.
    case reply(TerminalReply)
}
