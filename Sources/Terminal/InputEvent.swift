/// A mouse button, or the wheel, as a terminal's mouse report names it.
public enum MouseButton: Sendable, Hashable {
    /// The left (first) button.
    case left
    /// The middle (second) button.
    case middle
    /// The right (third) button.
    case right
    /// The wheel turned away from the person (scroll up).
    case wheelUp
    /// The wheel turned towards the person (scroll down).
    case wheelDown
    /// The wheel tilted left.
    case wheelLeft
    /// The wheel tilted right.
    case wheelRight
    /// No button: a release in the X10 and urxvt forms (which do not say which button), or
    /// motion with no button held.
    case noButton
    /// Any other button, by its report code (buttons 8–11 report 128–131).
    case other(Int)
}

/// One mouse report: which button did what, and where.
public struct MouseEvent: Sendable, Hashable {
    /// What happened to the button.
    public enum Action: Sendable, Hashable {
        /// Pressed (a wheel step is always a press).
        case press
        /// Released.
        case release
        /// Moved while held (or moved, with any-motion tracking).
        case motion
    }

    /// The button.
    public var button: MouseButton
    /// What it did.
    public var action: Action
    /// The row, counted from 0 at the top of the screen.
    public var row: Int
    /// The column, counted from 0 at the left of the screen.
    public var column: Int

    /// Makes a report.
    /// - Parameters:
    ///   - button: the button.
    ///   - action: what it did.
    ///   - row: the row from 0.
    ///   - column: the column from 0.
    public init(button: MouseButton, action: MouseEvent.Action, row: Int, column: Int) {
        self.button = button
        self.action = action
        self.row = row
        self.column = column
    }
}

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
}
