import Terminal
import XCTest

/// The query `--theme auto` writes, inside tmux and out, and what each answer settles.
final class BackgroundQueryTests: XCTestCase {
    func testTheQueryIsOSC11ThenDA1OutsideTmuxAndPassedThroughInside() {
        XCTAssertEqual(String(decoding: BackgroundQuery(insideTmux: false).bytes, as: UTF8.self), "\u{1B}]11;?\u{07}\u{1B}[c")
        XCTAssertEqual(
            String(decoding: BackgroundQuery(insideTmux: true).bytes, as: UTF8.self), "\u{1B}]11;?\u{07}\u{1B}Ptmux;\u{1B}\u{1B}]11;?\u{07}\u{1B}\\")
        XCTAssertEqual(BackgroundQuery(environment: ["TMUX": "/tmp/tmux-0/default,1,0"]), BackgroundQuery(insideTmux: true))
        XCTAssertEqual(BackgroundQuery(environment: ["TMUX": ""]), BackgroundQuery(insideTmux: false))
    }

    func testDA1FirstMeansNoAnswerExceptInsideTmux() {
        let white = TerminalColour(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF)
        let outside = BackgroundQuery(insideTmux: false), inside = BackgroundQuery(insideTmux: true)
        XCTAssertEqual(outside.outcome(of: .background(white)), .answered(white))
        XCTAssertEqual(outside.outcome(of: .deviceAttributes), .unanswered)
        XCTAssertEqual(inside.outcome(of: .background(nil)), .answered(nil))
        XCTAssertNil(inside.outcome(of: .deviceAttributes), "tmux answers DA1 itself, before the terminal outside")
    }
}
