import Terminal
import XCTest

@testable import Scenes

/// The picker box, the scrolled page and the map pane on their own, on a `GridCanvas`.
@MainActor
final class PickerAndPageTests: XCTestCase {
    private func items(_ count: Int) -> [PickerView.Item] {
        (0..<count).map { PickerView.Item(label: "Choice \($0)", isCurrent: $0 == 2) }
    }

    func testThePickerIsABoxCentredOverTheSceneWithTheSelectionAndTheCurrentChoiceTicked() async {
        var picker = PickerView()
        picker.select(1, count: 5)
        let canvas = GridCanvas(width: 40, height: 12)
        picker.draw(on: canvas, in: Rect(row: 0, column: 0, height: 12, width: 40), content: .init(title: "Narrow", items: items(5)))
        // 5 choices and the border: 7 rows, centred in 12; 24 cells wide, centred in 40.
        XCTAssertEqual(canvas.line(2), "        ┌─ Narrow ─────────────┐        ")
        XCTAssertEqual(canvas.line(3), "        │  Choice 0            │        ")
        XCTAssertEqual(canvas.line(4), "        │▌ Choice 1            │        ")
        XCTAssertTrue(canvas.cells[4][9..<31].allSatisfy { $0.role == .selected }, "the whole inside of the row")
        XCTAssertEqual(canvas.line(5), "        │  Choice 2          ✓ │        ")
        XCTAssertEqual(canvas.line(8), "        └──────────────────────┘        ")
        XCTAssertEqual(picker.rowsFrame.top, 3)
        XCTAssertEqual(picker.rowsFrame.rows, 5)
    }

    func testThePickerMovesByRowsAndByItsPageAndKeepsTheSelectionInTheMiddle() async {
        var picker = PickerView()
        let canvas = GridCanvas(width: 40, height: 8)
        let content = PickerView.Content(title: "Category", items: items(30))
        picker.draw(on: canvas, in: Rect(row: 0, column: 0, height: 8, width: 40), content: content)
        // 6 rows inside the box: a page moves 5.
        picker.move(.pageDown, count: 30)
        XCTAssertEqual(picker.index, 5)
        picker.move(.down, count: 30)
        picker.draw(on: canvas, in: Rect(row: 0, column: 0, height: 8, width: 40), content: content)
        XCTAssertEqual(picker.rowsFrame.first, 3, "the selection (6) in the middle of 6 rows")
        XCTAssertTrue(canvas.line(4).contains("▌ Choice 6"), canvas.line(4))
        picker.move(.bottom, count: 30)
        XCTAssertEqual(picker.index, 29)
        picker.move(.down, count: 30)
        XCTAssertEqual(picker.index, 29)
        picker.move(.top, count: 30)
        XCTAssertEqual(picker.index, 0)
        picker.move(.up, count: 30)
        XCTAssertEqual(picker.index, 0)
    }

    func testAClickOnAChoiceSelectsItAndASecondClickTakesIt() async {
        var picker = PickerView()
        let canvas = GridCanvas(width: 40, height: 12)
        picker.draw(on: canvas, in: Rect(row: 0, column: 0, height: 12, width: 40), content: .init(title: "Narrow", items: items(5)))
        XCTAssertEqual(picker.click(SceneClick(row: 6, column: 12, count: 1), count: 5), .selected)
        XCTAssertEqual(picker.index, 3)
        XCTAssertEqual(picker.click(SceneClick(row: 6, column: 12, count: 2), count: 5), .open)
        XCTAssertNil(picker.click(SceneClick(row: 1, column: 12, count: 1), count: 5), "above the box")
        XCTAssertNil(picker.click(SceneClick(row: 6, column: 2, count: 1), count: 5), "beside the box")
    }

    func testAFieldADetailColumnAndAWrappedMessage() async {
        var picker = PickerView()
        let canvas = GridCanvas(width: 60, height: 14)
        let content = PickerView.Content(
            title: "Find a city", field: ("City: ", "spring"),
            items: [.init(label: "Springfield", detail: "MO, United States"), .init(label: "Search online for “spring”", role: .accent)],
            message: "Nothing more offline: Enter on the last row asks online", messageIsError: true, width: 40)
        picker.draw(on: canvas, in: Rect(row: 0, column: 0, height: 14, width: 60), content: content)
        let text = canvas.plainText
        XCTAssertTrue(text.contains("│ City: spring▏"), text)
        XCTAssertTrue(text.contains("▌ Springfield  MO, United States"), text)
        XCTAssertTrue(text.contains("  Search online for “spring”"), text)
        let messageRow = try? XCTUnwrap((0..<14).first { canvas.line($0).contains("Nothing more") })
        XCTAssertEqual(messageRow.map { canvas.cells[$0][14].role }, .error)
        XCTAssertEqual(picker.rowsFrame.top, (messageRow ?? 0) - 2, "the two choices, then the message under them")
    }

    func testAPickerWithNoRoomDrawsNothing() async {
        var picker = PickerView()
        let canvas = GridCanvas(width: 10, height: 3)
        picker.draw(on: canvas, in: Rect(row: 0, column: 0, height: 3, width: 10), content: .init(title: "Narrow", items: items(3)))
        XCTAssertEqual(canvas.plainText, "\n\n")
        XCTAssertNil(picker.click(SceneClick(row: 1, column: 5, count: 1), count: 3))
    }

    func testAScrolledPageMovesByLinesAndPagesAndStopsAtItsEnds() async {
        var page = ScrolledPage()
        let lines = (1...30).map { DetailLines.Line(text: "Line \($0)", role: .normal, indent: 1) }
        let canvas = GridCanvas(width: 20, height: 10)
        page.draw(lines, on: canvas, in: Rect(row: 0, column: 0, height: 10, width: 20))
        XCTAssertEqual(page.position, "10/30 lines")
        page.scroll(.pageDown)
        XCTAssertEqual(page.offset, 9)
        page.scroll(.bottom)
        XCTAssertEqual(page.offset, 20)
        page.scroll(.down)
        XCTAssertEqual(page.offset, 20, "the last line stays at the bottom")
        page.draw(lines, on: canvas, in: Rect(row: 0, column: 0, height: 10, width: 20))
        XCTAssertEqual(canvas.line(9).trimmingCharacters(in: .whitespaces), "Line 30")
        XCTAssertEqual(page.position, "30/30 lines")
        page.scroll(.up)
        XCTAssertEqual(page.offset, 19)
        page.scroll(.top)
        XCTAssertEqual(page.offset, 0)
        page.scroll(.up)
        XCTAssertEqual(page.offset, 0)
        // A page that fits has no position and does not scroll.
        page.draw(Array(lines.prefix(5)), on: canvas, in: Rect(row: 0, column: 0, height: 10, width: 20))
        page.scroll(.pageDown)
        XCTAssertEqual(page.offset, 0)
        XCTAssertEqual(page.position, "")
    }

    func testAScrollPressedWhileThePageGrowsTakesEffectWhenTheRestArrives() async {
        var page = ScrolledPage()
        let lines = (1...30).map { DetailLines.Line(text: "Line \($0)", role: .normal, indent: 1) }
        let canvas = GridCanvas(width: 20, height: 10)
        // The listed facts fit; the wheel scrolls three lines before the details arrive.
        page.draw(Array(lines.prefix(8)), on: canvas, in: Rect(row: 0, column: 0, height: 10, width: 20))
        for _ in 0..<3 { page.scroll(.down) }
        XCTAssertEqual(page.offset, 0, "nothing to scroll yet")
        page.draw(lines, on: canvas, in: Rect(row: 0, column: 0, height: 10, width: 20))
        XCTAssertEqual(page.offset, 3)
        XCTAssertEqual(canvas.line(0).trimmingCharacters(in: .whitespaces), "Line 4")
        // Up from the bottom moves up at once, however far down was asked for.
        page.scroll(.bottom)
        page.scroll(.bottom)
        page.scroll(.up)
        XCTAssertEqual(page.offset, 19)
    }

    func testTheMapPaneTogglesOnlyWhenNarrowAndZoomsWithinItsSteps() async {
        var pane = MiniMapPane()
        XCTAssertFalse(pane.toggle(width: 120))
        XCTAssertFalse(pane.isShown)
        XCTAssertTrue(pane.toggle(width: 80))
        XCTAssertTrue(pane.isShown)
        XCTAssertTrue(pane.toggle(width: 80))
        XCTAssertFalse(pane.isShown)
        for _ in 0..<20 { pane.zoomIn() }
        XCTAssertEqual(pane.zoom, MiniMap.maximumZoom)
        for _ in 0..<40 { pane.zoomOut() }
        XCTAssertEqual(pane.zoom, MiniMap.minimumZoom)
        XCTAssertNil(pane.spot(near: SceneClick(row: 3, column: 3, count: 1)), "nothing drawn yet")
    }
}
