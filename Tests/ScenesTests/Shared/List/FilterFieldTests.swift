import Terminal
import XCTest

@testable import Scenes

final class FilterFieldTests: XCTestCase {
    @MainActor
    func testALongQueryScrollsToShowItsEndAndTheCursorAndTheCountGivesWay() {
        var sut = FilterField()
        sut.begin()
        _ = sut.insert("game of thrones and dragons")
        let canvas = GridCanvas(width: 24, height: 1)
        sut.draw(on: canvas, row: 0, in: canvas.bounds, countLabel: "1 of 250 shows", symbols: Symbols(.unicode))
        XCTAssertEqual(canvas.line(0), "/…f thrones and dragons" + Symbols(.unicode).cursor, "the end and the cursor, no count")
        // A short query keeps the count beside it.
        var short = FilterField()
        short.begin()
        _ = short.insert("got")
        let wide = GridCanvas(width: 40, height: 1)
        short.draw(on: wide, row: 0, in: wide.bounds, countLabel: "1 of 250 shows", symbols: Symbols(.unicode))
        XCTAssertTrue(wide.line(0).hasPrefix("/got"), wide.line(0))
        XCTAssertTrue(wide.line(0).hasSuffix(" 1 of 250 shows"), wide.line(0))
    }

    func testKeysAreIgnoredUntilTypingBegins() {
        var sut = FilterField()
        XCTAssertEqual(sut.handle(.character("a")), .ignored)
        XCTAssertFalse(sut.isVisible)
    }

    func testTypingBackspaceAndClearReportEachNewText() {
        var sut = FilterField()
        sut.begin()
        XCTAssertEqual(sut.handle(.character("b")), .changed("b"))
        XCTAssertEqual(sut.handle(.character("é")), .changed("bé"))
        XCTAssertEqual(sut.handle(.backspace), .changed("b"))
        XCTAssertEqual(sut.handle(.down), .ignored, "arrows still move the list")
        XCTAssertEqual(sut.handle(.control("u")), .changed(""))
        XCTAssertEqual(sut.handle(.control("u")), .handled, "clearing an empty field changes nothing")
    }

    func testEnterKeepsTheFilterAndEscapeClearsIt() {
        var sut = FilterField()
        sut.begin()
        _ = sut.handle(.character("x"))
        XCTAssertEqual(sut.handle(.enter), .handled)
        XCTAssertFalse(sut.isEditing)
        XCTAssertTrue(sut.isVisible, "a kept filter stays on screen")
        XCTAssertEqual(sut.handle(.escape), .ignored, "Esc after Enter belongs to the scene")
        sut.begin()
        XCTAssertEqual(sut.handle(.escape), .changed(""))
        XCTAssertFalse(sut.isVisible)
    }

    func testBackspaceOnAnEmptyFieldStopsTyping() {
        var sut = FilterField()
        sut.begin()
        XCTAssertEqual(sut.handle(.backspace), .handled)
        XCTAssertFalse(sut.isEditing)
    }
}
