/// Turns the bytes a terminal sends into events: keys, Alt combinations, pastes, mouse
/// reports, focus and resize reports. The only place in Discover that knows escape sequences.
/// Pure: bytes go in with `feed(_:)`, events come out of `next(bindsAlt:takesText:)` one at a
/// time, and time comes from the injected clock, so every rule is tested byte by byte.
///
/// The rules:
/// - Escape then a key at once (`ESC q`, as Alt-q is sent, and as tmux, a paste or one SSH
///   packet delivers Esc then q): `.alt(key)` only when `bindsAlt` says the app binds it, else
///   `.escape` and then the key. No key is lost or merged.
/// - An incomplete sequence (a lone `ESC`, `ESC [`, `ESC O`, part of a UTF-8 character) waits
///   for more bytes until `escapeDelay` has passed since the last bytes arrived; then a lone
///   `ESC` is Escape and a cut-off sequence is dropped. `EscapeTiming` picks the delay.
/// - Mouse reports are consumed whole whether or not mouse mode was asked for: X10
///   (`ESC [ M` and three bytes), SGR 1006 (`ESC [ < b ; x ; y M` or `m`) and urxvt 1015
///   (`ESC [ b ; x ; y M`).
/// - Bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`, xterm's mode 2004) is one `.paste`; what
///   is inside never acts as keys. A paste that never ends is given up after `pasteTimeout` of
///   silence, as what arrived.
/// - The terminal's answers to OSC 11 and DA1 are `.reply` events, never keys, whenever they
///   arrive; one cut off (from `ESC ] 1` or `ESC [ ?` on) waits up to `replyTimeout` for its
///   rest and is dropped if it never comes. A split right after the `ESC` cannot be told from the
///   Escape key and is not waited for.
/// - Unknown CSI, SS3, OSC, DCS, SOS, PM and APC sequences are dropped whole; invalid UTF-8
///   bytes are dropped.
/// - Controls: CR and LF are Enter, Tab is Tab, BS and DEL are Backspace, other C0 controls
///   are `.control(letter)` (NUL and 0x1C–0x1F are `.unknown`).
///
/// Sources: ECMA-48 §5.4 (control sequence syntax), xterm's "Control Sequences" (ctlseqs:
/// mouse tracking, bracketed paste, focus events, function keys), the Linux console's
/// `ESC [ [ A`–`E` for F1–F5.
public struct InputDecoder: Sendable {
    /// The clock: a monotonic time, as a duration since a fixed origin.
    public typealias Clock = @Sendable () -> Duration

    /// How long an incomplete escape sequence waits for its next byte.
    public let escapeDelay: Duration
    /// How long an unfinished bracketed paste waits for more bytes before it is given up.
    public let pasteTimeout: Duration
    /// How long a cut-off answer from the terminal waits for its rest (never less than
    /// `escapeDelay`).
    public let replyTimeout: Duration
    private let clock: Clock

    private var buffer: [UInt8] = []
    /// The index in `buffer` of the first byte not yet decoded.
    private var start = 0
    /// The index in `buffer` just past each `feed`'s bytes, oldest first.
    private var arrivalEnds: [Int] = []
    /// When bytes last arrived.
    private var lastArrival: Duration = .zero
    /// True inside a bracketed paste: `buffer[start...]` is pasted text.
    private var pasting = false
    /// Where the search for the paste's end marker goes on from.
    private var pasteScan = 0
    /// True when the held bytes are a cut-off answer from the terminal (`replyTimeout` applies).
    private var waitsForReply = false

    /// The largest paste held before its first part is handed over.
    private static let maxPasteChunk = 1 << 20

    /// Makes a decoder.
    /// - Parameters:
    ///   - escapeDelay: how long an incomplete sequence waits (25 ms locally, see `EscapeTiming`).
    ///   - pasteTimeout: how long an unfinished paste waits for more bytes (1 s).
    ///   - replyTimeout: how long a cut-off answer from the terminal waits for its rest (1 s).
    ///   - clock: the time now; the system's monotonic clock unless a test gives its own.
    public init(
        escapeDelay: Duration, pasteTimeout: Duration = .seconds(1), replyTimeout: Duration = .seconds(1), clock: @escaping Clock = InputDecoder.systemClock
    ) {
        self.escapeDelay = escapeDelay
        self.pasteTimeout = pasteTimeout
        self.replyTimeout = max(replyTimeout, escapeDelay)
        self.clock = clock
    }

    /// The system's monotonic clock, from a fixed origin.
    public static let systemClock: Clock = {
        let origin = ContinuousClock.now
        return { ContinuousClock.now - origin }
    }()

    /// Adds bytes read from the terminal; they arrived now (by the clock).
    /// - Parameter bytes: the bytes of one read.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let before = buffer.count
        buffer.append(contentsOf: bytes)
        guard buffer.count > before else { return }
        arrivalEnds.append(buffer.count)
        lastArrival = clock()
    }

    /// True when bytes are held that have not become an event yet.
    public var hasPendingBytes: Bool { start < buffer.count }

    /// When the held bytes must be decided on if nothing more arrives (the clock's time), or
    /// nil when nothing is held. Call `next` at that time.
    public var deadline: Duration? {
        guard hasPendingBytes else { return nil }
        return lastArrival + (pasting ? pasteTimeout : waitsForReply ? replyTimeout : escapeDelay)
    }

    private var timedOut: Bool {
        clock() >= lastArrival + (pasting ? pasteTimeout : escapeDelay)
    }

    private var replyTimedOut: Bool {
        clock() >= lastArrival + replyTimeout
    }

    /// The next event, or nil when none is complete yet (more bytes, or the deadline, will
    /// tell). Call again until nil, handling each event before asking for the next: whether
    /// `ESC` and a key is an Alt combination depends on what the app binds at that moment.
    /// - Parameters:
    ///   - bindsAlt: whether the app binds Alt plus this key now.
    ///   - takesText: whether a text field takes typing now (then text, a line break and
    ///     more text arriving in one read is a paste from a terminal without bracketed paste).
    /// - Returns: the event, or nil.
    public mutating func next(bindsAlt: (Key) -> Bool = { _ in false }, takesText: Bool = false) -> InputEvent? {
        defer { compact() }
        waitsForReply = false
        while start < buffer.count {
            if pasting {
                guard let event = continuePaste() else { return nil }
                return event
            }
            switch decodeOne(bindsAlt: bindsAlt, takesText: takesText) {
            case .event(let event, let length):
                start += length
                return event
            case .drop(let length):
                start += length
            case .wait:
                return nil
            case .waitForReply:
                waitsForReply = true
                return nil
            case .beginPaste(let length):
                start += length
                pasting = true
                pasteScan = start
            }
        }
        return nil
    }

    // MARK: - Decoding

    /// What the bytes at the front make: an event and its length, bytes to drop, more to wait
    /// for (a key's sequence, for the escape delay; an answer from the terminal, for the reply
    /// timeout), or the start of a bracketed paste (the marker's length).
    enum Step {
        case event(InputEvent, Int)
        case drop(Int)
        case wait
        case waitForReply
        case beginPaste(Int)
    }

    private static let esc = EscapeSequenceParser.esc

    private func decodeOne(bindsAlt: (Key) -> Bool, takesText: Bool) -> Step {
        let b = buffer[start]
        if b == Self.esc { return EscapeSequenceParser(buffer: buffer, start: start, timedOut: timedOut, replyTimedOut: replyTimedOut).parse(bindsAlt: bindsAlt) }
        if takesText, let length = unbracketedPasteLength() {
            let text = String(decoding: buffer[start..<(start + length)], as: UTF8.self)
            return .event(.paste(text), length)
        }
        switch Self.decodeKey(in: buffer, at: start) {
        case .key(let key, let length): return .event(.key(key), length)
        case .invalid(let length): return .drop(length)
        case .incomplete: return timedOut ? .drop(buffer.count - start) : .wait
        }
    }

    /// What the byte or UTF-8 character at an index makes: a key and its length, bytes to drop,
    /// or a character not whole yet.
    enum KeyStep {
        case key(Key, Int)
        case invalid(Int)
        case incomplete
    }

    /// One key from a plain byte (not ESC) or a UTF-8 character.
    /// - Parameters:
    ///   - buffer: the bytes.
    ///   - i: the index of the key's first byte.
    static func decodeKey(in buffer: [UInt8], at i: Int) -> KeyStep {
        let b = buffer[i]
        switch b {
        case 0x0D, 0x0A: return .key(.enter, 1)
        case 0x09: return .key(.tab, 1)
        case 0x08, 0x7F: return .key(.backspace, 1)
        case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(b + 96))), 1)
        case 0x00, 0x1B...0x1F: return .key(.unknown(Int32(b)), 1)
        case 0x20..<0x7F: return .key(.character(Character(Unicode.Scalar(b))), 1)
        default:
            return decodeUTF8(in: buffer, at: i)
        }
    }

    private static func decodeUTF8(in buffer: [UInt8], at i: Int) -> KeyStep {
        let lead = buffer[i]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .invalid(1)
        }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length {
            guard i + k < buffer.count else { return .incomplete }
            let c = buffer[i + k]
            guard c & 0xC0 == 0x80 else { return .invalid(1) }
            value = value << 6 | UInt32(c & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return .invalid(length) }
        // C1 controls (U+0080–U+009F) are not keys.
        if value < 0xA0 { return .invalid(length) }
        return .key(.character(Character(scalar)), length)
    }

    /// Text, a line break (LF or CR LF, never a lone CR, which is the Enter key) and more text,
    /// all in the read that holds `start`: the length of that run when it is one, else nil.
    private func unbracketedPasteLength() -> Int? {
        guard let end = arrivalEnds.first(where: { $0 > start }) else { return nil }
        var i = start
        var sawText = false, sawBreakAfterText = false, textAfterBreak = false
        while i < end {
            let b = buffer[i]
            if b == 0x0A || (b == 0x0D && i + 1 < end && buffer[i + 1] == 0x0A) {
                // A pasted line break is LF (or CR LF); the Enter key sends a lone CR, so
                // `friends⏎j` typed back to back stays keys.
                if sawText { sawBreakAfterText = true }
                if b == 0x0D { i += 1 }
            } else if b == 0x09 || (b >= 0x20 && b != 0x7F) {
                sawText = true
                if sawBreakAfterText { textAfterBreak = true }
            } else {
                break
            }
            i += 1
        }
        guard textAfterBreak else { return nil }
        // Never cut a UTF-8 character: end the run after its last whole character.
        while i > start, i < buffer.count, buffer[i] & 0xC0 == 0x80 { i -= 1 }
        return i - start
    }

    // MARK: Bracketed paste

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    private mutating func continuePaste() -> InputEvent? {
        let marker = Self.pasteEnd
        var i = max(start, pasteScan)
        while i + marker.count <= buffer.count {
            if buffer[i] == Self.esc && buffer[i..<(i + marker.count)].elementsEqual(marker) {
                let text = String(decoding: buffer[start..<i], as: UTF8.self)
                start = i + marker.count
                pasting = false
                return .paste(text)
            }
            i += 1
        }
        // The end marker may be cut off at the end: look again from where it could begin.
        pasteScan = max(start, buffer.count - marker.count + 1)
        if buffer.count - start > Self.maxPasteChunk || timedOut {
            // A huge paste goes in parts; one whose end never came is what arrived.
            var end = timedOut ? buffer.count : pasteScan
            while end > start, end < buffer.count, buffer[end] & 0xC0 == 0x80 { end -= 1 }
            let text = String(decoding: buffer[start..<end], as: UTF8.self)
            start = end
            if timedOut && start == buffer.count { pasting = false }
            return text.isEmpty ? nil : .paste(text)
        }
        return nil
    }

    private mutating func compact() {
        if start >= buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 65_536)
            arrivalEnds.removeAll()
            pasteScan = 0
            start = 0
        } else if start > 4096 {
            buffer.removeFirst(start)
            arrivalEnds = arrivalEnds.compactMap { $0 > start ? $0 - start : nil }
            pasteScan = max(0, pasteScan - start)
            start = 0
        } else {
            while let first = arrivalEnds.first, first <= start { arrivalEnds.removeFirst() }
        }
    }

    // MARK: - Text

    /// Pasted text made fit for a one-line field: each line break (CR LF, CR, LF) and tab
    /// becomes a space, other control characters (C0, DEL, C1) are dropped.
    /// - Parameter text: the pasted text.
    /// - Returns: one line.
    public static func singleLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var previousCR = false
        for scalar in text.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            switch scalar.value {
            case 0x0A where previousCR: continue
            case 0x0A, 0x0D, 0x09: result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: continue
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
