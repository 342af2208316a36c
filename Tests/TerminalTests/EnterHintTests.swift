import Terminal
import XCTest

/// The Enter key's symbol on ASCII terminals is a word, never an arrow (`<-` reads as back).
final class EnterHintTests: XCTestCase {
    func testTheReturnSymbolsReadEnterInASCII() {
        let ascii = CellText(repertoire: .ascii)
        XCTAssertEqual(ascii.sanitize("⏎ open  / filter"), "Enter open  / filter")
        XCTAssertEqual(ascii.sanitize("↵ keep"), "Enter keep")
        XCTAssertFalse(ascii.sanitize("type to filter  ⏎ keep  Esc clear").contains("<-"))
        XCTAssertEqual(CellText(repertoire: .unicode).sanitize("⏎ open"), "⏎ open")
    }
}
