import FoundationEssentials
import Terminal

/// Puts a whole value on the person's clipboard (the places details' `y` and `Y`).
@MainActor
package protocol ClipboardWriting: AnyObject {
    /// Copies text.
    /// - Parameter text: the whole value (sanitised before it is sent).
    /// - Returns: true when the clipboard control was written whole to the terminal (whether
    ///   the terminal honours it cannot be known), false when it was not sent.
    func copy(_ text: String) -> Bool
}

/// The terminal's clipboard through OSC 52 (see `Clipboard`), written to the screen's output
/// between frames; the only OSC the app writes.
@MainActor
package final class TerminalClipboard: ClipboardWriting {
    private let term: String?
    private let outputFD: Int32

    /// Makes a clipboard for a terminal.
    /// - Parameters:
    ///   - term: the `TERM` value in use (OSC 52 is not sent to `linux`, `dumb`, `vt100`…).
    ///   - outputFD: the screen's output, 1.
    package init(term: String?, outputFD: Int32) {
        self.term = term
        self.outputFD = outputFD
    }

    package func copy(_ text: String) -> Bool {
        do {
            try Clipboard.copy(text, term: term, to: outputFD)
            return true
        } catch {
            return false
        }
    }
}
