import Synchronization
import XCTest

@testable import Terminal

/// A clock that moves only when the test moves it.
private final class TestClock: Sendable {
    private let time = Mutex(Duration.zero)
    var now: Duration { time.withLock { $0 } }
    func advance(_ d: Duration) { time.withLock { $0 += d } }
}

/// `InputDecoder`, byte by byte, on a clock the test moves.
final class InputDecoderTests: XCTestCase {
    private let clock = TestClock()

    private func decoder(delay: Duration = .milliseconds(25)) -> InputDecoder {
        let clock = self.clock
        return InputDecoder(escapeDelay: delay, pasteTimeout: .seconds(1), clock: { clock.now })
    }

    /// Every event the decoder gives now.
    private func drain(_ d: inout InputDecoder, bindsAlt: Set<Key> = [], takesText: Bool = false) -> [InputEvent] {
        var events: [InputEvent] = []
        while let e = d.next(bindsAlt: { bindsAlt.contains($0) }, takesText: takesText) { events.append(e) }
        return events
    }

    /// The events of bytes given in one read, then after the escape delay has passed.
    private func events(_ bytes: [UInt8], bindsAlt: Set<Key> = [], takesText: Bool = false) -> [InputEvent] {
        var d = decoder()
        d.feed(bytes)
        var result = drain(&d, bindsAlt: bindsAlt, takesText: takesText)
        clock.advance(.milliseconds(30))
        result += drain(&d, bindsAlt: bindsAlt, takesText: takesText)
        XCTAssertFalse(d.hasPendingBytes, "bytes left over")
        return result
    }

    private func events(_ text: String, bindsAlt: Set<Key> = [], takesText: Bool = false) -> [InputEvent] {
        events(Array(text.utf8), bindsAlt: bindsAlt, takesText: takesText)
    }

    /// The same bytes fed one at a time, each within the escape delay of the last.
    private func eventsByteByByte(_ text: String) -> [InputEvent] {
        var d = decoder()
        var result: [InputEvent] = []
        for byte in text.utf8 {
            d.feed([byte])
            result += drain(&d)
            clock.advance(.milliseconds(5))
        }
        clock.advance(.milliseconds(30))
        result += drain(&d)
        return result
    }

    private func keys(_ ks: Key...) -> [InputEvent] { ks.map { .key($0) } }

    // MARK: Plain keys

    func testPrintableControlAndUTF8Keys() {
        XCTAssertEqual(events("aZ/ 9"), keys(.character("a"), .character("Z"), .character("/"), .character(" "), .character("9")))
        XCTAssertEqual(events("\r\n\t\u{7F}\u{08}"), keys(.enter, .enter, .tab, .backspace, .backspace))
        XCTAssertEqual(events("\u{01}\u{0C}\u{17}\u{1A}"), keys(.control("a"), .control("l"), .control("w"), .control("z")))
        XCTAssertEqual(events("é進🙂"), keys(.character("é"), .character("進"), .character("🙂")))
        XCTAssertEqual(events([0x00, 0x1C]), keys(.unknown(0), .unknown(0x1C)))
    }

    func testInvalidUTF8IsDroppedAndTheRestKept() {
        XCTAssertEqual(events([0x61, 0xFF, 0x80, 0xC0, 0x62, 0xC2, 0x9B, 0x63]), keys(.character("a"), .character("b"), .character("c")))
    }

    func testACharacterSplitAcrossReadsIsOneKey() {
        var d = decoder()
        let bytes = Array("進".utf8)
        d.feed(bytes[0..<1])
        XCTAssertEqual(drain(&d), [])
        d.feed(bytes[1...])
        XCTAssertEqual(drain(&d), keys(.character("進")))
    }

    // MARK: Escape and Alt

    func testEscapeAndAnUnboundKeyInOneReadAreEscapeThenTheKey() {
        XCTAssertEqual(events("\u{1B}q"), keys(.escape, .character("q")))
        XCTAssertEqual(events("\u{1B}/"), keys(.escape, .character("/")))
        XCTAssertEqual(events("\u{1B}f"), keys(.escape, .character("f")))
        XCTAssertEqual(events("\u{1B}\r"), keys(.escape, .enter))
        XCTAssertEqual(events("\u{1B}\u{1B}"), keys(.escape, .escape))
        XCTAssertEqual(events("j\u{1B}qk"), keys(.character("j"), .escape, .character("q"), .character("k")))
    }

    func testEscapeAndABoundKeyIsAlt() {
        XCTAssertEqual(events("\u{1B}q", bindsAlt: [.character("q")]), keys(.alt(.character("q"))))
        XCTAssertEqual(events("\u{1B}q\u{1B}f", bindsAlt: [.character("q")]), keys(.alt(.character("q")), .escape, .character("f")))
        XCTAssertEqual(events("\u{1B}é", bindsAlt: [.character("é")]), keys(.alt(.character("é"))))
    }

    func testWhetherAltIsBoundIsAskedWhenTheKeyIsReached() {
        // The first Esc closes something; only then is Alt-q bound.
        var d = decoder()
        d.feed(Array("\u{1B}\u{1B}q".utf8))
        var bound = false
        XCTAssertEqual(d.next(bindsAlt: { _ in bound }), .key(.escape))
        bound = true
        XCTAssertEqual(d.next(bindsAlt: { _ in bound }), .key(.alt(.character("q"))))
        XCTAssertNil(d.next())
    }

    func testALoneEscapeWaitsForTheDelayThenIsEscape() {
        var d = decoder()
        XCTAssertNil(d.deadline)
        d.feed([0x1B])
        XCTAssertEqual(drain(&d), [])
        XCTAssertEqual(d.deadline, .milliseconds(25))
        clock.advance(.milliseconds(24))
        XCTAssertEqual(drain(&d), [])
        clock.advance(.milliseconds(1))
        XCTAssertEqual(drain(&d), keys(.escape))
        XCTAssertNil(d.deadline)
    }

    func testAnArrowSplitWithinTheDelayStaysAnArrow() {
        var d = decoder(delay: .milliseconds(100))
        d.feed([0x1B])
        clock.advance(.milliseconds(40))
        XCTAssertEqual(drain(&d), [])
        d.feed(Array("OB".utf8))
        XCTAssertEqual(drain(&d), keys(.down))
    }

    func testAnArrowSplitPastTheDelayIsEscapeThenTheLetters() {
        var d = decoder(delay: .milliseconds(25))
        d.feed([0x1B])
        clock.advance(.milliseconds(40))
        XCTAssertEqual(drain(&d), keys(.escape))
        d.feed(Array("OB".utf8))
        XCTAssertEqual(drain(&d), keys(.character("O"), .character("B")))
    }

    func testEscapeThenBracketOrOAloneAfterTheDelay() {
        XCTAssertEqual(events("\u{1B}["), keys(.escape, .character("[")))
        XCTAssertEqual(events("\u{1B}O"), keys(.escape, .character("O")))
    }

    // MARK: Sequences

    func testCursorEditingAndFunctionKeysInBothModes() {
        XCTAssertEqual(
            events("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD"),
            keys(.up, .down, .right, .left, .up, .down, .right, .left))
        XCTAssertEqual(
            events("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~"),
            keys(.home, .end, .home, .end, .home, .end, .home, .end))
        XCTAssertEqual(events("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z"), keys(.pageUp, .pageDown, .delete, .backTab))
        XCTAssertEqual(
            events("\u{1B}OP\u{1B}OS\u{1B}[15~\u{1B}[24~\u{1B}[[A\u{1B}[[E"),
            keys(.function(1), .function(4), .function(5), .function(12), .function(1), .function(5)))
        XCTAssertEqual(events("\u{1B}[1;5A\u{1B}[5;3~\u{1B}OM"), keys(.up, .pageUp, .enter))
    }

    func testEverySequenceFedByteByByteGivesTheSameEvents() {
        let text = "a\u{1B}[A\u{1B}OB\u{1B}[5~\u{1B}[<65;40;10M\u{1B}[M\u{61}\u{71}\u{2A}\u{1B}[200~x\ny\u{1B}[201~進b"
        XCTAssertEqual(eventsByteByByte(text), events(text))
        XCTAssertEqual(events(text).count, 9)
    }

    func testUnknownSequencesAreDroppedWholeAndAnswersAreNoKeys() {
        // Device attributes, a cursor position report, a key with an intermediate byte, OSC
        // colour answers (BEL and ST), a DCS answer, an APC string.
        let text = "a\u{1B}[?1;2c\u{1B}[12;40R\u{1B}[2 q\u{1B}]11;rgb:0000/0000/0000\u{07}\u{1B}]10;x\u{1B}\\\u{1B}P1$r0m\u{1B}\\\u{1B}_Gi=1\u{1B}\\\u{1B}[2~b"
        let expected: [InputEvent] = [
            .key(.character("a")), .reply(.deviceAttributes), .reply(.background(TerminalColour(red: 0, green: 0, blue: 0))), .key(.character("b"))
        ]
        XCTAssertEqual(events(text), expected)
        XCTAssertEqual(eventsByteByByte(text), expected)
    }

    func testASequenceCutShortIsDroppedAfterTheDelay() {
        XCTAssertEqual(events("\u{1B}[1;5"), [])
        XCTAssertEqual(events("\u{1B}[<65;40"), [])
        XCTAssertEqual(events("\u{1B}[M\u{61}"), [])
    }

    func testASequenceBrokenByAControlKeepsTheControl() {
        XCTAssertEqual(events("\u{1B}[12\rq"), keys(.enter, .character("q")))
        XCTAssertEqual(events("\u{1B}[\r"), keys(.escape, .character("["), .enter))
        XCTAssertEqual(events("\u{1B}O\r"), keys(.escape, .character("O"), .enter))
    }

    // MARK: Mouse

    func testMouseReportsInEveryFormAreConsumedWhole() {
        XCTAssertEqual(events("\u{1B}[<65;40;10M"), [.mouse(MouseEvent(button: .wheelDown, action: .press, row: 9, column: 39))])
        XCTAssertEqual(events("\u{1B}[<64;1;1M"), [.mouse(MouseEvent(button: .wheelUp, action: .press, row: 0, column: 0))])
        XCTAssertEqual(
            events("\u{1B}[<0;20;8M\u{1B}[<0;20;8m"),
            [
                .mouse(MouseEvent(button: .left, action: .press, row: 7, column: 19)),
                .mouse(MouseEvent(button: .left, action: .release, row: 7, column: 19))
            ])
        XCTAssertEqual(events("\u{1B}[<32;5;6M"), [.mouse(MouseEvent(button: .left, action: .motion, row: 5, column: 4))])
        XCTAssertEqual(events([0x1B, 0x5B, 0x4D, 0x61, 0x71, 0x2A]), [.mouse(MouseEvent(button: .wheelDown, action: .press, row: 9, column: 80))])
        XCTAssertEqual(events([0x1B, 0x5B, 0x4D, 0x23, 0x21, 0x21]), [.mouse(MouseEvent(button: .noButton, action: .release, row: 0, column: 0))])
        XCTAssertEqual(
            events("\u{1B}[32;40;10M\u{1B}[35;40;10M"),
            [
                .mouse(MouseEvent(button: .left, action: .press, row: 9, column: 39)),
                .mouse(MouseEvent(button: .noButton, action: .release, row: 9, column: 39))
            ])
    }

    func testMouseReportsAmongTypingLeaveOnlyTheTyping() {
        let text = "Br\u{1B}[<65;40;10M\u{1B}[<65;40;10M\u{1B}[<65;40;10Mea"
        let typed = events(text, takesText: true).filter { if case .key = $0 { return true } else { return false } }
        XCTAssertEqual(typed, keys(.character("B"), .character("r"), .character("e"), .character("a")))
        // The X10 bytes are never keys, whatever their values (0x71 is q).
        XCTAssertEqual(events([0x1B, 0x5B, 0x4D, 0x71, 0x71, 0x71]).count, 1)
    }

    // MARK: Paste

    func testBracketedPasteIsOneEventAndNeverKeys() {
        XCTAssertEqual(events("\u{1B}[200~Breaking Bad\u{1B}[201~"), [.paste("Breaking Bad")])
        XCTAssertEqual(events("\u{1B}[200~the office\nFriends\u{1B}q\u{1B}[A\u{1B}[201~j"), [.paste("the office\nFriends\u{1B}q\u{1B}[A"), .key(.character("j"))])
        XCTAssertEqual(events("\u{1B}[200~\u{1B}[201~"), [.paste("")])
    }

    func testAPasteSplitAcrossReadsEvenInsideItsEndMarkerIsWhole() {
        var d = decoder()
        d.feed(Array("\u{1B}[20".utf8))
        XCTAssertEqual(drain(&d), [])
        d.feed(Array("0~one\ntw".utf8))
        XCTAssertEqual(drain(&d), [])
        clock.advance(.milliseconds(500))
        d.feed(Array("o\u{1B}[20".utf8))
        XCTAssertEqual(drain(&d), [])
        d.feed(Array("1~x".utf8))
        XCTAssertEqual(drain(&d), [.paste("one\ntwo"), .key(.character("x"))])
    }

    func testAPasteThatNeverEndsIsGivenUpAfterOneSecondOfSilence() {
        var d = decoder()
        d.feed(Array("\u{1B}[200~abc".utf8))
        clock.advance(.milliseconds(900))
        XCTAssertEqual(drain(&d), [])
        clock.advance(.milliseconds(100))
        XCTAssertEqual(drain(&d), [.paste("abc")])
        d.feed(Array("q".utf8))
        XCTAssertEqual(drain(&d), keys(.character("q")))
    }

    func testTextWithALineBreakInOneReadIsAPasteOnlyWhileAFieldTakesText() {
        XCTAssertEqual(events("the office\nFriends", takesText: true), [.paste("the office\nFriends")])
        XCTAssertEqual(events("the office\nFriends", takesText: false).count, 18)
        // Typing then Enter is still typing then Enter.
        XCTAssertEqual(events("Lo\r", takesText: true), keys(.character("L"), .character("o"), .enter))
        // Keys sent back to back, Enter among them, stay keys: Enter is a lone CR.
        XCTAssertEqual(events("Lo\rj", takesText: true), keys(.character("L"), .character("o"), .enter, .character("j")))
        // A pasted CR LF is a line break like LF.
        XCTAssertEqual(events("one\r\ntwo", takesText: true), [.paste("one\r\ntwo")])
        // Over two reads it is keys.
        var d = decoder()
        d.feed(Array("ab\r".utf8))
        d.feed(Array("cd".utf8))
        XCTAssertEqual(drain(&d, takesText: true), keys(.character("a"), .character("b"), .enter, .character("c"), .character("d")))
    }

    func testSingleLineMakesLineBreaksSpacesAndDropsControls() {
        XCTAssertEqual(InputDecoder.singleLine("the office\nFriends"), "the office Friends")
        XCTAssertEqual(InputDecoder.singleLine("a\r\nb\rc\td"), "a b c d")
        XCTAssertEqual(InputDecoder.singleLine("x\u{1B}[2J\u{07}\u{7F}\u{9B}y"), "x[2Jy")
    }

    // MARK: Focus and resize

    func testFocusAndInBandResizeReports() {
        XCTAssertEqual(events("\u{1B}[I\u{1B}[O"), [.focus(true), .focus(false)])
        XCTAssertEqual(events("\u{1B}[48;40;120;800;1200t"), [.resize(rows: 40, columns: 120)])
    }

    // MARK: Any bytes

    /// Random bytes (weighted towards ESC, `[`, `;`, digits and final bytes) in random reads:
    /// the decoder never traps or hangs, and once time passes nothing is left held.
    func testRandomBytesInRandomReadsAreAllDecidedOn() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> UInt64 { // SplitMix64
            seed &+= 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let alphabet: [UInt8] = Array("\u{1B}\u{1B}\u{1B}[[O]P;;0123456789<~MmABCDHFZIOtq\r\n\u{07}\\".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xA9, 0xE9, 0xFF]
        for _ in 0..<300 {
            var d = decoder()
            for _ in 0..<Int(random() % 20) {
                let length = Int(random() % 12)
                d.feed((0..<length).map { _ in alphabet[Int(random() % UInt64(alphabet.count))] })
                while d.next(takesText: random() % 2 == 0) != nil {}
                clock.advance(.milliseconds(Int64(random() % 40)))
            }
            clock.advance(.seconds(2))
            while d.next() != nil {}
            XCTAssertFalse(d.hasPendingBytes)
            XCTAssertNil(d.deadline)
        }
    }

    // MARK: Timing

    func testEscapeTimingIsLocalOverSSHOrESCDELAY() {
        XCTAssertEqual(EscapeTiming.delay(environment: [:]), .milliseconds(25))
        XCTAssertEqual(EscapeTiming.delay(environment: ["SSH_CONNECTION": "10.0.0.1 50000 10.0.0.2 22"]), .milliseconds(100))
        XCTAssertEqual(EscapeTiming.delay(environment: ["SSH_TTY": "/dev/pts/3"]), .milliseconds(100))
        XCTAssertEqual(EscapeTiming.delay(environment: ["SSH_TTY": "/dev/pts/3", "ESCDELAY": "300"]), .milliseconds(300))
        XCTAssertEqual(EscapeTiming.delay(environment: ["ESCDELAY": "0"]), .zero)
        XCTAssertEqual(EscapeTiming.delay(environment: ["ESCDELAY": "soon"]), .milliseconds(25))
        XCTAssertEqual(EscapeTiming.delay(environment: ["ESCDELAY": "-5", "SSH_TTY": "x"]), .milliseconds(100))
        XCTAssertEqual(EscapeTiming.badValue(environment: ["ESCDELAY": "soon"]), "soon")
        XCTAssertNil(EscapeTiming.badValue(environment: ["ESCDELAY": "50"]))
    }
}
