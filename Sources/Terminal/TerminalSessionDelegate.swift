import CTerminalGuard
import Dispatch
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// What the app does with the terminal's events. Called on the main actor.
@MainActor
public protocol TerminalSessionDelegate: AnyObject {
    /// A key was pressed.
    /// - Parameters:
    ///   - session: the session.
    ///   - key: the key.
    func session(_ session: TerminalSession, didReceive key: Key)
    /// Paint a whole frame.
    /// - Parameter canvas: the screen, at its current size.
    func render(on canvas: Canvas)
    /// Text was pasted (bracketed paste, or text with line breaks in one read while a field
    /// takes text). Never to be acted on as keys.
    /// - Parameters:
    ///   - session: the session.
    ///   - text: the text as pasted.
    func session(_ session: TerminalSession, didReceivePaste text: String)
    /// A mouse report arrived (reports come only when mouse mode was turned on, but stray
    /// ones from a terminal left in mouse mode arrive too).
    /// - Parameters:
    ///   - session: the session.
    ///   - mouse: the report.
    func session(_ session: TerminalSession, didReceive mouse: MouseEvent)
    /// Whether Alt plus this key is bound now; when not, `ESC` and the key are Esc then the key.
    /// - Parameters:
    ///   - session: the session.
    ///   - key: the key after `ESC`.
    /// - Returns: true to receive `.alt(key)`.
    func session(_ session: TerminalSession, bindsAlt key: Key) -> Bool
    /// True while a text field takes typing (so that pasted text goes into it).
    var takesText: Bool { get }
}

extension TerminalSessionDelegate {
    /// Pastes are ignored unless handled.
    public func session(_ session: TerminalSession, didReceivePaste text: String) {}
    /// Mouse reports are ignored unless handled.
    public func session(_ session: TerminalSession, didReceive mouse: MouseEvent) {}
    /// No Alt combination is bound unless said.
    public func session(_ session: TerminalSession, bindsAlt key: Key) -> Bool { false }
    /// No text field unless said.
    public var takesText: Bool { false }
}
