import FoundationEssentials
import Terminal

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
