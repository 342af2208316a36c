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
