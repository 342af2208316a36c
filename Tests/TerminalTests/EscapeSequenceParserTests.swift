import XCTest

@testable import Terminal

/// `EscapeSequenceParser` on its own: one sequence at the front of the bytes, its length, and
/// waiting or deciding when it is cut off.
final class EscapeSequenceParserTests: XCTestCase {
    /// What the parser makes of the bytes of `text` from their start, told as text.
    private func step(_ text: String, at start: Int = 0, timedOut: Bool = false, bindsAlt: Set<Key> = []) -> String {
        step(Array(text.utf8), at: start, timedOut: timedOut, bindsAlt: bindsAlt)
    }

    private func step(_ bytes: [UInt8], at start: Int = 0, timedOut: Bool = false, bindsAlt: Set<Key> = []) -> String {
        let parser = EscapeSequenceParser(buffer: bytes, start: start, timedOut: timedOut)
        switch parser.parse(bindsAlt: { bindsAlt.contains($0) }) {
        case .event(let event, let length): return "\(event) \(length)"
        case .drop(let length): return "drop \(length)"
        case .wait: return "wait"
        case .waitForReply: return "wait for the reply"
        case .beginPaste(let length): return "paste \(length)"
        }
    }

    func testCSIAndSS3KeysTakeTheirWholeLengthAndNoMore() {
        XCTAssertEqual(step("\u{1B}[Ax"), "\(InputEvent.key(.up)) 3")
        XCTAssertEqual(step("\u{1B}[5~"), "\(InputEvent.key(.pageUp)) 4")
        XCTAssertEqual(step("\u{1B}[1;5C"), "\(InputEvent.key(.right)) 6", "a modifier is read past")
        XCTAssertEqual(step("\u{1B}OP"), "\(InputEvent.key(.function(1))) 3")
        XCTAssertEqual(step("\u{1B}Oj"), "\(InputEvent.key(.character("*"))) 3", "the keypad in application mode")
        XCTAssertEqual(step("\u{1B}[[C"), "\(InputEvent.key(.function(3))) 4", "the Linux console's F3")
        XCTAssertEqual(step("ab\u{1B}[B", at: 2), "\(InputEvent.key(.down)) 3", "a sequence that starts further on")
    }

    func testMouseReportsOfEachEncoding() {
        let press = MouseEvent(button: .left, action: .press, row: 4, column: 9)
        XCTAssertEqual(step("\u{1B}[<0;10;5M"), "\(InputEvent.mouse(press)) 10")
        XCTAssertEqual(step("\u{1B}[<0;10;5m"), "\(InputEvent.mouse(MouseEvent(button: .left, action: .release, row: 4, column: 9))) 10")
        XCTAssertEqual(step("\u{1B}[32;10;5M"), "\(InputEvent.mouse(press)) 10", "urxvt 1015")
        XCTAssertEqual(step([0x1B, 0x5B, 0x4D, 32, 33 + 9, 33 + 4]), "\(InputEvent.mouse(press)) 6", "X10")
        XCTAssertEqual(EscapeSequenceParser.mouse(code: 65, released: false, row: 0, column: 0).button, .wheelDown)
        XCTAssertEqual(EscapeSequenceParser.mouse(code: 35, released: false, row: 0, column: 0).action, .motion)
    }

    func testPasteFocusResizeAndStringsDropped() {
        XCTAssertEqual(step("\u{1B}[200~text"), "paste 6")
        XCTAssertEqual(step("\u{1B}[I"), "\(InputEvent.focus(true)) 3")
        XCTAssertEqual(step("\u{1B}[48;24;80;480;800t"), "\(InputEvent.resize(rows: 24, columns: 80)) 19")
        XCTAssertEqual(step("\u{1B}]0;title\u{07}q"), "drop 10", "an OSC ends at BEL")
        XCTAssertEqual(step("\u{1B}P1$r\u{1B}\\q"), "drop 7", "a DCS ends at ST")
        XCTAssertEqual(step("\u{1B}[?1;2c"), "\(InputEvent.reply(.deviceAttributes)) 7", "the DA1 answer goes whole")
        XCTAssertEqual(step("\u{1B}[?1$y"), "drop 6", "an unknown CSI goes whole")
    }

    func testACutOffSequenceWaitsUntilTheDelayThenIsDecided() {
        XCTAssertEqual(step("\u{1B}"), "wait")
        XCTAssertEqual(step("\u{1B}", timedOut: true), "\(InputEvent.key(.escape)) 1")
        XCTAssertEqual(step("\u{1B}[1;5"), "wait")
        XCTAssertEqual(step("\u{1B}[1;5", timedOut: true), "drop 5")
        XCTAssertEqual(step("\u{1B}[", timedOut: true), "\(InputEvent.key(.escape)) 1", "Esc, then [ for the next call")
    }

    func testEscapeThenAKeyIsAltOnlyWhenBound() {
        XCTAssertEqual(step("\u{1B}q"), "\(InputEvent.key(.escape)) 1")
        XCTAssertEqual(step("\u{1B}q", bindsAlt: [.character("q")]), "\(InputEvent.key(.alt(.character("q")))) 2")
        XCTAssertEqual(step("\u{1B}é", bindsAlt: [.character("é")]), "\(InputEvent.key(.alt(.character("é")))) 3", "a UTF-8 key after Esc")
        XCTAssertEqual(step("\u{1B}\u{1B}[A"), "\(InputEvent.key(.escape)) 1")
    }
}
