import Foundation
import Terminal
import XCTest

@MainActor
final class GridCanvasTests: XCTestCase {
    override func setUp() {
        super.setUp()
        setlocale(LC_ALL, "C.UTF-8")
    }

    func testTextIsClippedToTheCanvasAndToMaxWidth() async {
        let sut = GridCanvas(width: 10, height: 2)
        let used = sut.put("Hello, wide world", row: 0, column: 3, maxWidth: nil, role: .normal)
        XCTAssertEqual(used, 7)
        XCTAssertEqual(sut.line(0), "   Hello,…")
        XCTAssertEqual(sut.put("abcdef", row: 1, column: 0, maxWidth: 4, role: .accent), 4)
        XCTAssertEqual(sut.line(1), "abc…      ")
        XCTAssertEqual(sut.cells[1][0].role, .accent)
    }

    func testAWideGlyphThatDoesNotFitAtTheEdgeIsNotHalfDrawn() async {
        let sut = GridCanvas(width: 5, height: 1)
        sut.put("ab進撃", row: 0, column: 0, maxWidth: nil, role: .normal)
        XCTAssertEqual(sut.line(0), "ab進…")
        XCTAssertEqual(sut.cells[0][3].text, "")
    }

    func testDrawingOutsideTheCanvasDoesNothing() async {
        let sut = GridCanvas(width: 3, height: 1)
        XCTAssertEqual(sut.put("x", row: 5, column: 0, maxWidth: nil, role: .normal), 0)
        XCTAssertEqual(sut.put("x", row: 0, column: -1, maxWidth: nil, role: .normal), 0)
        sut.fill(row: 0, column: -2, width: 10, role: .selected)
        XCTAssertEqual(sut.cells[0].map(\.role), [.selected, .selected, .selected])
    }
}
