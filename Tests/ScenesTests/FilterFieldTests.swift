@testable import Scenes
import Terminal
import XCTest

final class FilterFieldTests: XCTestCase {
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
