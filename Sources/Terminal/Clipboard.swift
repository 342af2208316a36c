import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Puts text on the terminal's clipboard with OSC 52 (`ESC ] 52 ; c ; base64 ESC \`), the
/// xterm control that terminals such as xterm, kitty, WezTerm, iTerm2, foot, Windows
/// Terminal and tmux (with `set-clipboard on`) honour, and others ignore. It is the only OSC
/// the app writes, and only when a person presses the copy key.
///
/// The text is sanitised first (`CellText.sanitize`: control characters become visible
/// placeholders), so the sequence can never carry a control that ends it early or starts
/// another; its payload is base64 (RFC 4648) of the UTF-8 bytes.
///
/// Source: xterm's "Control Sequences" (ctlseqs), "Operating System Commands", Ps = 52.
public enum Clipboard {
    /// The longest text sent, in UTF-8 bytes (xterm's default limit on an OSC 52 payload is
    /// about 100 kB of base64; a place's id or web address is far shorter).
    public static let maximumBytes = 65_536

    /// Why the text was not put on the clipboard.
    public enum Failure: Error, Sendable, Equatable {
        /// The terminal type is known not to understand OSC 52 (`linux`, `dumb`, none).
        case unsupportedTerminal(String)
        /// Nothing to copy.
        case empty
        /// Longer than `maximumBytes`.
        case tooLong(bytes: Int)
        /// The write failed (errno), or the terminal stopped taking bytes.
        case writeFailed(Int32)
    }

    /// True when the terminal type may honour OSC 52: any but the Linux console, `dumb`, an
    /// empty `TERM` and the hardware terminals (`vt100`…`vt220`) that predate it.
    /// - Parameter term: the `TERM` value, or nil when unset.
    public static func mayWork(term: String?) -> Bool {
        guard let term, !term.isEmpty else { return false }
        let name = term.lowercased()
        if name == "dumb" || name == "linux" || name.hasPrefix("linux-") { return false }
        if name.hasPrefix("vt1") || name.hasPrefix("vt2") { return false }
        return true
    }

    /// The OSC 52 sequence that sets the clipboard to the sanitised text.
    /// - Parameter text: the text to copy (any string; sanitised here).
    /// - Returns: the bytes of `ESC ] 52 ; c ; <base64> ESC \`.
    /// - Throws: `Failure.empty` for empty text, `.tooLong` past `maximumBytes`.
    public static func sequence(for text: String) throws(Failure) -> [UInt8] {
        let clean = CellText(repertoire: .unicode).sanitize(text)
        let bytes = Array(clean.utf8)
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= maximumBytes else { throw .tooLong(bytes: bytes.count) }
        let payload = Data(bytes).base64EncodedString()
        return Array("\u{1B}]52;c;".utf8) + Array(payload.utf8) + Array("\u{1B}\\".utf8)
    }

    /// Writes the sequence for the text to a file descriptor, whole (a short write is
    /// continued, EINTR and EAGAIN retried a few times).
    /// - Parameters:
    ///   - text: the text to copy.
    ///   - term: the `TERM` value, checked with `mayWork(term:)`.
    ///   - fd: the terminal's output (1).
    /// - Throws: a `Failure` saying why nothing (or not all) was written.
    public static func copy(_ text: String, term: String?, to fd: Int32) throws(Failure) {
        guard mayWork(term: term) else { throw .unsupportedTerminal(term ?? "") }
        let bytes = try sequence(for: text)
        var offset = 0, retries = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
                retries = 0
            } else if written < 0 && (errno == EINTR || errno == EAGAIN) && retries < 100 {
                retries += 1
                if errno == EAGAIN { usleep(1_000) }
            } else {
                throw .writeFailed(written < 0 ? errno : 0)
            }
        }
    }
}
