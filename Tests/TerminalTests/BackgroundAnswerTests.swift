import Synchronization
import XCTest

@testable import Terminal

/// A time that moves only when the test moves it.
private final class ManualTime: Sendable {
    private let time = Mutex(Duration.zero)
    var now: Duration { time.withLock { $0 } }
    func advance(_ d: Duration) { time.withLock { $0 += d } }
}

/// The terminal's answer to OSC 11 (its background colour) and to DA1, read from the bytes
/// as they arrive, and the theme `auto` picks from the colour.
final class BackgroundAnswerTests: XCTestCase {
    private let time = ManualTime()

    private func decoder() -> InputDecoder {
        let time = self.time
        return InputDecoder(escapeDelay: .milliseconds(25), pasteTimeout: .seconds(1), replyTimeout: .seconds(1), clock: { time.now })
    }

    private func drain(_ d: inout InputDecoder, takesText: Bool = false) -> [InputEvent] {
        var events: [InputEvent] = []
        while let e = d.next(takesText: takesText) { events.append(e) }
        return events
    }

    /// The events of reads, each `gap` after the last, then once every timeout has passed.
    private func events(_ reads: [String], gap: Duration = .milliseconds(5), takesText: Bool = false) -> [InputEvent] {
        var d = decoder()
        var result: [InputEvent] = []
        for read in reads {
            d.feed(Array(read.utf8))
            result += drain(&d, takesText: takesText)
            time.advance(gap)
            // As the session's timer does at the decoder's deadline.
            result += drain(&d, takesText: takesText)
        }
        time.advance(.seconds(2))
        result += drain(&d, takesText: takesText)
        XCTAssertFalse(d.hasPendingBytes, "bytes left over")
        return result
    }

    private func colour(_ r: UInt16, _ g: UInt16, _ b: UInt16) -> InputEvent {
        .reply(.background(TerminalColour(red: r, green: g, blue: b)))
    }

    private let white = "\u{1B}]11;rgb:ffff/ffff/ffff"

    // MARK: The colour

    func testFourTwoAndOneHexDigitsAreScaledTo16Bits() {
        XCTAssertEqual(TerminalColour(x11: "rgb:ffff/8000/0000"), TerminalColour(red: 0xFFFF, green: 0x8000, blue: 0))
        XCTAssertEqual(TerminalColour(x11: "rgb:ff/80/00"), TerminalColour(red: 0xFFFF, green: 0x8080, blue: 0))
        XCTAssertEqual(TerminalColour(x11: "rgb:f/8/0"), TerminalColour(red: 0xFFFF, green: 0x8888, blue: 0))
        XCTAssertEqual(TerminalColour(x11: "rgb:fff/800/000"), TerminalColour(red: 0xFFFF, green: 0x8008, blue: 0))
        XCTAssertEqual(TerminalColour(x11: "rgb:FdF6/e3/0"), TerminalColour(red: 0xFDF6, green: 0xE3E3, blue: 0), "any case, mixed lengths")
        XCTAssertEqual(TerminalColour(x11: "rgba:0000/0000/0000/ffff"), TerminalColour(red: 0, green: 0, blue: 0), "rxvt-unicode's alpha is ignored")
    }

    func testGarbageIsNoColour() {
        for text in [
            "", "rgb:", "rgb:ff/ff", "rgb:ff/ff/ff/ff", "rgb:fffff/0/0", "rgb:/0/0", "rgb:gg/00/00", "rgb:+f/0/0", "rgb: f/0/0",
            "#ffffff", "white", "RGB:ff/ff/ff", "rgba:0/0/0", "rgb:ff/ff/ff ", "?"
        ] {
            XCTAssertNil(TerminalColour(x11: text), text)
        }
    }

    func testLuminanceIsWCAGsAndPicksTheTheme() {
        XCTAssertEqual(TerminalColour(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF).relativeLuminance, 1, accuracy: 1e-9)
        XCTAssertEqual(TerminalColour(red: 0, green: 0, blue: 0).relativeLuminance, 0, accuracy: 1e-9)
        // xterm's colour 231 (#ffffff) and 234 (#1c1c1c) agree with the palette's own luminance.
        XCTAssertEqual(TerminalColour(x11: "rgb:1c/1c/1c")?.relativeLuminance ?? -1, XtermPalette.luminance(of: 234), accuracy: 1e-4)
        let cases: [(String, Theme)] = [
            ("rgb:ffff/ffff/ffff", .light), ("rgb:fdfd/f6f6/e3e3", .light), ("rgb:80/80/80", .light), ("rgb:f0/f0/f0", .light),
            ("rgb:0000/0000/0000", .dark), ("rgb:00/2b/36", .dark), ("rgb:28/28/28", .dark), ("rgb:60/60/60", .dark)
        ]
        for (text, theme) in cases {
            XCTAssertEqual(Theme.automatic(background: TerminalColour(x11: text)), theme, text)
        }
        XCTAssertEqual(Theme.automatic(background: nil), .dark, "no answer")
        XCTAssertEqual(Theme.lightBackgroundLuminance, 0.179, accuracy: 0.001)
    }

    // MARK: The answer among the keys

    func testTheAnswerEndsAtBELOrAtST() {
        XCTAssertEqual(events([white + "\u{07}"]), [colour(0xFFFF, 0xFFFF, 0xFFFF)])
        XCTAssertEqual(events([white + "\u{1B}\\"]), [colour(0xFFFF, 0xFFFF, 0xFFFF)])
        XCTAssertEqual(events(["\u{1B}]11;rgb:0/0/0\u{1B}\\"]), [colour(0, 0, 0)])
        XCTAssertEqual(events(["\u{1B}]11;rgb:ff/ff/ff\u{07}"]), [colour(0xFFFF, 0xFFFF, 0xFFFF)])
    }

    func testAnAnswerInAFormNotReadIsStillAnAnswerAndNoKey() {
        XCTAssertEqual(events(["\u{1B}]11;#ffffff\u{07}q"]), [.reply(.background(nil)), .key(.character("q"))])
        XCTAssertEqual(events(["\u{1B}]11;rgb:zz/zz/zz\u{1B}\\q"]), [.reply(.background(nil)), .key(.character("q"))])
    }

    func testKeysAroundTheAnswerAndTheDA1AnswerStayInOrder() {
        XCTAssertEqual(
            events(["a" + white + "\u{07}" + "\u{1B}[?62;22c" + "b"]),
            [.key(.character("a")), colour(0xFFFF, 0xFFFF, 0xFFFF), .reply(.deviceAttributes), .key(.character("b"))])
        XCTAssertEqual(events(["\u{1B}[?1;2c/"]), [.reply(.deviceAttributes), .key(.character("/"))])
    }

    func testOtherOSCAnswersAreStillDroppedWhole() {
        XCTAssertEqual(events(["\u{1B}]10;rgb:0/0/0\u{07}x\u{1B}]4;1;rgb:0/0/0\u{1B}\\y"]), [.key(.character("x")), .key(.character("y"))])
    }

    func testAnAnswerSplitAcrossReadsIsOneAnswerAtEverySplit() {
        let whole = white + "\u{1B}\\"
        let bytes = Array(whole.utf8)
        // Every split, the rest coming within the escape delay.
        for cut in 1..<bytes.count {
            let reads = [String(decoding: bytes[..<cut], as: UTF8.self), String(decoding: bytes[cut...], as: UTF8.self) + "x"]
            XCTAssertEqual(events(reads), [colour(0xFFFF, 0xFFFF, 0xFFFF), .key(.character("x"))], "cut at \(cut)")
            // The rest comes long after the escape delay (a slow link), within the reply
            // timeout: from `ESC ] 1` on, no key sends that, so it waits.
            guard cut >= 3 else { continue }
            XCTAssertEqual(events(reads, gap: .milliseconds(400), takesText: true), [colour(0xFFFF, 0xFFFF, 0xFFFF), .key(.character("x"))], "cut at \(cut), late rest")
        }
        let da1 = Array("\u{1B}[?62;22c".utf8)
        for cut in 3..<da1.count {
            let reads = [String(decoding: da1[..<cut], as: UTF8.self), String(decoding: da1[cut...], as: UTF8.self)]
            XCTAssertEqual(events(reads, gap: .milliseconds(400)), [.reply(.deviceAttributes)], "DA1 cut at \(cut)")
        }
    }

    func testAnAnswerWhoseRestNeverComesIsDroppedNotTyped() {
        var d = decoder()
        d.feed(Array("\u{1B}]11;rgb:ff".utf8))
        XCTAssertEqual(drain(&d, takesText: true), [])
        time.advance(.milliseconds(500))
        XCTAssertEqual(drain(&d, takesText: true), [], "still waiting past the escape delay")
        XCTAssertEqual(d.deadline, .seconds(1), "the reply timeout, from the last bytes")
        time.advance(.milliseconds(600))
        XCTAssertEqual(drain(&d, takesText: true), [])
        XCTAssertFalse(d.hasPendingBytes)
        d.feed(Array("j".utf8))
        XCTAssertEqual(drain(&d), [.key(.character("j"))], "what comes next is a key again")
    }

    func testAnAnswerBrokenOffByAKeyKeepsTheKey() {
        XCTAssertEqual(events(["\u{1B}]11;rgb:ff\r"]), [.key(.enter)])
        XCTAssertEqual(events(["\u{1B}]11;rgb:ff\u{1B}[A"]), [.key(.up)])
        XCTAssertEqual(events(["\u{1B}]11;" + String(repeating: "f", count: 80) + "\u{07}q"]), [.key(.character("q"))], "too long: any OSC, dropped whole")
    }

    func testEscapeRightBracketAloneIsStillEscapeThenTheKey() {
        XCTAssertEqual(events(["\u{1B}]"]), [.key(.escape), .key(.character("]"))])
        XCTAssertEqual(events(["\u{1B}]1"]), [.key(.escape), .key(.character("]")), .key(.character("1"))], "after the reply timeout")
    }

    func testBodyTextKeepsTheTerminalsOwnColoursInEveryTheme() {
        for theme in Theme.allCases {
            for palette in Theme.Palette.allCases {
                XCTAssertEqual(theme.styles(palette: palette)[.normal], Theme.Style(), "\(theme) \(palette)")
            }
        }
    }
}
