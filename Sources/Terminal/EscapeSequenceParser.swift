/// One escape sequence at the front of the bytes `InputDecoder` holds: Escape and Alt, SS3 and
/// CSI keys, mouse reports (X10, SGR 1006, urxvt 1015), focus and resize reports, the start of
/// a bracketed paste, the terminal's answers to OSC 11 and DA1 (`TerminalReply`), and the
/// other OSC, DCS, SOS, PM and APC strings, which are dropped whole (ECMA-48 §5.4; xterm's
/// ctlseqs). An answer cut off waits longer than a key's sequence (`InputDecoder.replyTimeout`),
/// and is dropped, never typed, when its rest never comes. `InputDecoder` keeps the bytes, their arrival and the
/// UTF-8 characters; this reads one sequence from them and says what it was, how many bytes it
/// took, or that it waits for more.
struct EscapeSequenceParser {
    /// The bytes held.
    private let buffer: [UInt8]
    /// The index in `buffer` of the sequence's `ESC`.
    private let start: Int
    /// True once the escape delay has passed since the last bytes arrived: an incomplete
    /// sequence is decided on rather than waited for.
    private let timedOut: Bool
    /// True once the reply timeout has passed since the last bytes arrived: a cut-off answer
    /// is dropped rather than waited for.
    private let replyTimedOut: Bool

    /// The longest control sequence taken; a longer one is dropped.
    static let maxSequenceLength = 256
    /// The longest OSC/DCS/APC string taken; a longer one is dropped.
    static let maxStringLength = 65_536
    /// The longest colour taken in an OSC 11 answer (`rgba:ffff/ffff/ffff/ffff` is 25 bytes);
    /// a longer string is no answer, and is dropped whole as any OSC.
    static let maxColourLength = 64
    static let esc: UInt8 = 0x1B

    /// Reads the sequence that starts at `buffer[start]` (an `ESC`).
    /// - Parameters:
    ///   - buffer: the bytes held.
    ///   - start: the index of the `ESC`.
    ///   - timedOut: whether the bytes have stopped for the escape delay.
    ///   - replyTimedOut: whether they have stopped for the reply timeout.
    init(buffer: [UInt8], start: Int, timedOut: Bool, replyTimedOut: Bool = false) {
        self.buffer = buffer
        self.start = start
        self.timedOut = timedOut
        self.replyTimedOut = replyTimedOut
    }

    private func byte(_ i: Int) -> UInt8? {
        i < buffer.count ? buffer[i] : nil
    }

    /// What the sequence is.
    /// - Parameter bindsAlt: whether the app binds Alt plus a key now (`ESC` then the key).
    /// - Returns: its event and length, a length to drop, the start of a paste, or wait.
    func parse(bindsAlt: (Key) -> Bool) -> InputDecoder.Step {
        guard let second = byte(start + 1) else {
            return timedOut ? .event(.key(.escape), 1) : .wait
        }
        switch second {
        case UInt8(ascii: "["):
            return decodeCSI(bindsAlt: bindsAlt)
        case UInt8(ascii: "O"):
            return decodeSS3(bindsAlt: bindsAlt)
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
            return decodeString(bindsAlt: bindsAlt)
        case Self.esc:
            // Esc, then whatever the second Esc starts.
            return .event(.key(.escape), 1)
        default:
            return escapeThenKey(bindsAlt: bindsAlt)
        }
    }

    /// `ESC` and the key after it: Alt plus the key when bound, else Escape alone (the key
    /// stays for the next call).
    private func escapeThenKey(bindsAlt: (Key) -> Bool) -> InputDecoder.Step {
        switch InputDecoder.decodeKey(in: buffer, at: start + 1) {
        case .key(let key, let length):
            return bindsAlt(key) ? .event(.key(.alt(key)), 1 + length) : .event(.key(.escape), 1)
        case .invalid:
            return .event(.key(.escape), 1)
        case .incomplete:
            return timedOut ? .event(.key(.escape), 1) : .wait
        }
    }

    private func decodeSS3(bindsAlt: (Key) -> Bool) -> InputDecoder.Step {
        var i = start + 2
        // Some terminals put a modifier before the final byte (`ESC O 5 A`).
        while let b = byte(i), (0x30...0x3F).contains(b), i - start < Self.maxSequenceLength { i += 1 }
        guard let final = byte(i) else {
            return timedOut ? (i == start + 2 ? escapeThenKey(bindsAlt: bindsAlt) : .drop(i - start)) : .wait
        }
        guard (0x40...0x7E).contains(final) else {
            // Not a sequence: `ESC O` was Alt-O (or Esc then O).
            return i == start + 2 ? escapeThenKey(bindsAlt: bindsAlt) : .drop(i - start)
        }
        let length = i + 1 - start
        let key: Key?
        switch final {
        case UInt8(ascii: "A"): key = .up
        case UInt8(ascii: "B"): key = .down
        case UInt8(ascii: "C"): key = .right
        case UInt8(ascii: "D"): key = .left
        case UInt8(ascii: "H"): key = .home
        case UInt8(ascii: "F"): key = .end
        case UInt8(ascii: "M"): key = .enter
        case UInt8(ascii: "P"): key = .function(1)
        case UInt8(ascii: "Q"): key = .function(2)
        case UInt8(ascii: "R"): key = .function(3)
        case UInt8(ascii: "S"): key = .function(4)
        // The keypad in application mode: `ESC O j` … `ESC O y` are * + , - . / 0–9.
        case UInt8(ascii: "j")...UInt8(ascii: "y"):
            key = .character(Character(Unicode.Scalar(final - UInt8(ascii: "j") + UInt8(ascii: "*"))))
        default: key = nil
        }
        guard let key else { return .drop(length) }
        return .event(.key(key), length)
    }

    /// OSC (`ESC ]`), DCS (`ESC P`), SOS (`ESC X`), PM (`ESC ^`), APC (`ESC _`): dropped up to
    /// their terminator (ST `ESC \`, or BEL for OSC). One that never ends is Esc then the key
    /// once the bytes stop.
    private func decodeString(bindsAlt: (Key) -> Bool) -> InputDecoder.Step {
        let isOSC = buffer[start + 1] == UInt8(ascii: "]")
        if isOSC, let answer = decodeColourAnswer() { return answer }
        var i = start + 2
        while i < buffer.count, i - start < Self.maxStringLength {
            let b = buffer[i]
            if b == 0x07 && isOSC { return .drop(i + 1 - start) }
            if b == Self.esc {
                guard let after = byte(i + 1) else { break }
                if after == UInt8(ascii: "\\") {
                    if let reply = graphicsAnswer(end: i) { return .event(.reply(reply), i + 2 - start) }
                    return .drop(i + 2 - start)
                }
                // An Escape inside that does not end it: the string was not one.
                return escapeThenKey(bindsAlt: bindsAlt)
            }
            i += 1
        }
        if i - start >= Self.maxStringLength { return .drop(i - start) }
        return timedOut ? escapeThenKey(bindsAlt: bindsAlt) : .wait
    }

    /// A kitty graphics answer, APC `G keys ; message` then ST (`ESC _ G i=31;OK ESC \\`):
    /// `.graphics(ok:)`, ok when the message is `OK`; nil for any other string (one with no
    /// message is dropped).
    /// - Parameter end: where the ST starts.
    private func graphicsAnswer(end: Int) -> TerminalReply? {
        guard buffer[start + 1] == UInt8(ascii: "_"), byte(start + 2) == UInt8(ascii: "G") else { return nil }
        let body = buffer[(start + 3)..<end]
        guard let semicolon = body.firstIndex(of: UInt8(ascii: ";")) else { return nil }
        return .graphics(ok: Array(body[(semicolon + 1)...]) == Array("OK".utf8))
    }

    /// An OSC 11 answer, `ESC ] 11 ; colour` then BEL or ST: its event and length; drop what came
    /// of one broken off by a byte no answer holds (what broke it is decoded next); wait while
    /// one is cut off (from `ESC ] 1` on), and drop it once the reply timeout has passed. Nil when
    /// the bytes are no answer (another OSC, or one too long for a colour), or when only `ESC ] 1`
    /// came and the reply timeout passed (then they are read as any OSC).
    private func decodeColourAnswer() -> InputDecoder.Step? {
        var i = start + 2
        for expected in "11;".utf8 {
            guard let b = byte(i) else {
                return i > start + 2 && !replyTimedOut ? .waitForReply : nil
            }
            guard b == expected else { return nil }
            i += 1
        }
        let colourStart = i
        while let b = byte(i) {
            let terminator: Int?
            if b == 0x07 {
                terminator = 1
            } else if b == Self.esc {
                guard let after = byte(i + 1) else { break }
                // ST ends it; any other Escape breaks it off and starts what follows.
                guard after == UInt8(ascii: "\\") else { return .drop(i - start) }
                terminator = 2
            } else {
                terminator = nil
            }
            if let terminator {
                let colour = TerminalColour(x11: String(decoding: buffer[colourStart..<i], as: UTF8.self))
                return .event(.reply(.background(colour)), i + terminator - start)
            }
            guard (0x20...0x7E).contains(b) else { return .drop(i - start) }
            // Too long for a colour: some other string, dropped whole as any OSC.
            if i - colourStart >= Self.maxColourLength { return nil }
            i += 1
        }
        return replyTimedOut ? .drop(buffer.count - start) : .waitForReply
    }

    private func decodeCSI(bindsAlt: (Key) -> Bool) -> InputDecoder.Step {
        let first = start + 2
        guard let head = byte(first) else {
            return timedOut ? escapeThenKey(bindsAlt: bindsAlt) : .wait
        }
        if head == UInt8(ascii: "M") {
            // X10 mouse: three bytes follow, whatever their values.
            guard buffer.count >= first + 4 else { return timedOut ? .drop(buffer.count - start) : .wait }
            let code = Int(buffer[first + 1]) - 32
            let column = Int(buffer[first + 2]) - 33
            let row = Int(buffer[first + 3]) - 33
            return .event(.mouse(Self.mouse(code: code, released: false, row: row, column: column)), 6)
        }
        if head == UInt8(ascii: "[") {
            // The Linux console's F1–F5: `ESC [ [ A` … `ESC [ [ E`.
            guard let final = byte(first + 1) else { return timedOut ? .drop(buffer.count - start) : .wait }
            if (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final) {
                return .event(.key(.function(Int(final - UInt8(ascii: "A")) + 1)), 4)
            }
            return .drop(final >= 0x20 && final <= 0x7E ? 4 : 3)
        }
        var i = first
        while let b = byte(i), (0x30...0x3F).contains(b) { i += 1 }
        let parametersEnd = i
        while let b = byte(i), (0x20...0x2F).contains(b) { i += 1 }
        guard let final = byte(i) else {
            if i - start >= Self.maxSequenceLength { return .drop(i - start) }
            // `ESC [ ?`: a DA1 answer's start (no key sends it), given the reply timeout.
            if head == UInt8(ascii: "?") && !replyTimedOut { return .waitForReply }
            return timedOut ? .drop(i - start) : .wait
        }
        guard (0x40...0x7E).contains(final) else {
            // Broken off by a byte that cannot be in it: drop what came, decode the byte. Right
            // after `ESC [` it was no sequence: Esc, then `[`.
            return i == first ? escapeThenKey(bindsAlt: bindsAlt) : .drop(i - start)
        }
        let length = i + 1 - start
        guard parametersEnd == i else { return .drop(length) } // intermediates: nothing we know
        let parameters = Array(buffer[first..<parametersEnd])
        if final == UInt8(ascii: "~"), parameters.elementsEqual("200".utf8) { return .beginPaste(length) }
        guard let event = csiEvent(parameters: parameters, final: final) else { return .drop(length) }
        return .event(event, length)
    }

    /// The event of a complete CSI sequence without intermediates, or nil when unknown.
    private func csiEvent(parameters raw: [UInt8], final: UInt8) -> InputEvent? {
        let isPrivate = raw.first.map { (0x3C...0x3F).contains($0) } ?? false
        let prefix = isPrivate ? raw.first : nil
        let text = String(decoding: isPrivate ? Array(raw.dropFirst()) : raw, as: UTF8.self)
        let numbers = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ k: Int) -> Int? { k < numbers.count ? numbers[k] : nil }

        if prefix == UInt8(ascii: "<") {
            // SGR 1006: `ESC [ < b ; x ; y M` (press, motion) or `m` (release).
            guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"), numbers.count == 3,
                let code = number(0), let x = number(1), let y = number(2)
            else { return nil }
            return .mouse(Self.mouse(code: code, released: final == UInt8(ascii: "m"), row: y - 1, column: x - 1))
        }
        // DA1's answer: `ESC [ ? Ps ; … c`.
        if prefix == UInt8(ascii: "?") && final == UInt8(ascii: "c") { return .reply(.deviceAttributes) }
        guard prefix == nil else { return nil }
        switch final {
        case UInt8(ascii: "M"):
            // urxvt 1015: `ESC [ b ; x ; y M`, b offset by 32 as in X10.
            guard numbers.count == 3, let code = number(0), let x = number(1), let y = number(2) else { return nil }
            return .mouse(Self.mouse(code: code - 32, released: false, row: y - 1, column: x - 1))
        case UInt8(ascii: "A"): return .key(.up)
        case UInt8(ascii: "B"): return .key(.down)
        case UInt8(ascii: "C"): return .key(.right)
        case UInt8(ascii: "D"): return .key(.left)
        case UInt8(ascii: "H"): return .key(.home)
        case UInt8(ascii: "F"): return .key(.end)
        case UInt8(ascii: "Z"): return .key(.backTab)
        case UInt8(ascii: "P"): return .key(.function(1))
        case UInt8(ascii: "Q"): return .key(.function(2))
        case UInt8(ascii: "R"): return number(0) == 1 ? .key(.function(3)) : nil // else a cursor report
        case UInt8(ascii: "S"): return .key(.function(4))
        case UInt8(ascii: "I"): return text.isEmpty ? .focus(true) : nil
        case UInt8(ascii: "O"): return text.isEmpty ? .focus(false) : nil
        case UInt8(ascii: "t"):
            // In-band resize (mode 2048): `CSI 48 ; rows ; columns ; height ; width t`.
            guard number(0) == 48, let rows = number(1), let columns = number(2) else { return nil }
            return .resize(rows: rows, columns: columns)
        case UInt8(ascii: "~"):
            guard let n = number(0) else { return nil }
            switch n {
            case 1, 7: return .key(.home)
            case 4, 8: return .key(.end)
            case 3: return .key(.delete)
            case 5: return .key(.pageUp)
            case 6: return .key(.pageDown)
            case 11...15: return .key(.function(n - 10))
            case 17...21: return .key(.function(n - 11))
            case 23, 24: return .key(.function(n - 12))
            default: return nil
            }
        default:
            return nil
        }
    }

    /// A mouse report from its button code (xterm's: low two bits the button, +4 Shift, +8
    /// Meta, +16 Control, +32 motion, +64 the wheel, +128 buttons 8–11).
    static func mouse(code: Int, released: Bool, row: Int, column: Int) -> MouseEvent {
        let low = code & 3
        let motion = code & 32 != 0
        let button: MouseButton
        if code & 128 != 0 {
            button = .other(code & ~(4 | 8 | 16 | 32))
        } else if code & 64 != 0 {
            button = [MouseButton.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
        } else {
            button = [MouseButton.left, .middle, .right, .noButton][low]
        }
        let action: MouseEvent.Action = released || (button == .noButton && !motion) ? .release : motion ? .motion : .press
        return MouseEvent(button: button, action: action, row: max(0, row), column: max(0, column))
    }
}
