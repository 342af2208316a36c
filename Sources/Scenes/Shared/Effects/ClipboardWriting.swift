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
