import XCTest

@testable import Scenes

final class ListCursorTests: XCTestCase {
    private let ids = ["a", "b", "c", "d", "e", "f"]

    func testMovesAreClampedToTheRows() {
        var sut = ListCursor<String>()
        sut.move(to: 99, count: ids.count) { self.ids[$0] }
        XCTAssertEqual(sut.index, 5)
        XCTAssertEqual(sut.selectedID, "f")
        sut.move(to: -3, count: ids.count) { self.ids[$0] }
        XCTAssertEqual(sut.index, 0)
        sut.move(to: 2, count: 0) { _ in "never" }
        XCTAssertEqual(sut.index, 0)
        XCTAssertNil(sut.selectedID)
    }

    func testTheSelectionFollowsItsItemWhenRowsArriveAndGoesToTheTopOnANewList() {
        var sut = ListCursor<String>()
        sut.move(to: 2, count: ids.count) { self.ids[$0] }
        let more = ["z"] + ids
        sut.rowsChanged(count: more.count, reset: false) { more[$0] }
        XCTAssertEqual(sut.index, 3)
        XCTAssertEqual(sut.selectedID, "c")
        let other = ["x", "y"]
        sut.rowsChanged(count: other.count, reset: false) { other[$0] }
        XCTAssertEqual(sut.index, 0, "the selected item is gone")
        sut.move(to: 1, count: other.count) { other[$0] }
        sut.rowsChanged(count: other.count, reset: true) { other[$0] }
        XCTAssertEqual(sut.index, 0, "a new filter starts at the top")
    }

    func testScrollingKeepsTheSelectionInViewAndMovesAsLittleAsNeeded() {
        var sut = ListCursor<Int>()
        sut.move(to: 10, count: 100) { $0 }
        XCTAssertEqual(sut.scroll(visibleRows: 5, totalRows: 100), 6)
        sut.move(to: 8, count: 100) { $0 }
        XCTAssertEqual(sut.scroll(visibleRows: 5, totalRows: 100), 6, "still in view: no scroll")
        sut.move(to: 2, count: 100) { $0 }
        XCTAssertEqual(sut.scroll(visibleRows: 5, totalRows: 100), 2)
        XCTAssertEqual(sut.scroll(visibleRows: 50, totalRows: 10), 0)
        XCTAssertTrue(sut.nearsEnd(count: 21, visibleRows: 5))
        XCTAssertFalse(sut.nearsEnd(count: 100, visibleRows: 5))
    }
}
