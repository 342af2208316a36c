import Terminal
import XCTest

@testable import Scenes

/// The list component on its own, drawn on a `GridCanvas`: the header, the rows, the pointer
/// and the selection, scrolling, the navigation keys, the filter bar, the favourite marks,
/// the "loading more" row, the empty state and clicks.
@MainActor
final class ListViewTests: XCTestCase {
    private let names = (1...30).map { "Item \($0)" }

    /// Two columns: a right-aligned number and the name.
    private func content(
        count: Int? = nil, marked: Set<Int> = [], empty: String? = nil, emptyStyle: MessageStyle = .info,
        loadingMore: String? = nil, highlights: [Int] = []
    ) -> ListView<Int>.Content {
        let names = self.names
        return .init(
            columns: [
                ListColumn(title: "#", width: 3, gap: 0, alignRight: true), ListColumn(title: "Name", width: 12, pad: 1),
                ListColumn(title: "Kind", width: 5)
            ],
            nameColumn: 1, count: count ?? names.count,
            cells: { [ListCell(text: String($0 + 1)), ListCell(text: names[$0], highlights: highlights), ListCell(text: "k", role: .dim)] },
            isMarked: { marked.contains($0) },
            emptyMessage: empty, emptyStyle: emptyStyle, loadingMore: loadingMore, countLabel: "\(count ?? names.count) items")
    }

    private func draw(
        _ list: inout ListView<Int>, _ content: ListView<Int>.Content, height: Int = 8, width: Int = 30,
        text: CellText = CellText(repertoire: .unicode)
    ) -> GridCanvas {
        let canvas = GridCanvas(width: width, height: height, text: text)
        list.draw(on: canvas, in: Rect(row: 0, column: 0, height: height, width: width), content: content)
        return canvas
    }

    func testTheHeaderTheRowsAndTheSelectionOverTheNamesOwnCells() async {
        var list = ListView<Int>()
        let canvas = draw(&list, content())
        XCTAssertEqual(canvas.line(0), "   # Name         Kind        ")
        XCTAssertTrue(canvas.cells[0][1...8].filter { $0.text != " " }.allSatisfy { $0.role == .heading })
        XCTAssertEqual(canvas.line(1), "▌  1 Item 1       k           ")
        XCTAssertEqual(canvas.cells[1][0].role, .accent, "the pointer")
        XCTAssertTrue(canvas.cells[1][5..<11].allSatisfy { $0.role == .selected }, "the name \"Item 1\"")
        XCTAssertTrue(canvas.cells[1][11...].allSatisfy { $0.role != .selected }, "no padding after the name")
        XCTAssertEqual(canvas.cells[1][1...3].map(\.role), canvas.cells[2][1...3].map(\.role), "the number looks the same on every row")
        XCTAssertEqual(canvas.line(2), "   2 Item 2       k           ")
        XCTAssertTrue(canvas.cells[2].allSatisfy { $0.role != .selected })
        XCTAssertEqual(list.visibleRows, 7)
        XCTAssertEqual(list.position(count: 30), "1/30")
        XCTAssertEqual(list.position(count: 30, more: true), "1/30+")
        XCTAssertEqual(list.position(count: 0), "")
    }

    func testInAListWiderThan100ColumnsTheWholeSelectedRowIsReverseVideoEveryColumnInIt() async {
        var list = ListView<Int>()
        let canvas = draw(&list, content(highlights: [0]), width: 101)
        XCTAssertEqual(canvas.cells[1][0].role, .accent, "the pointer")
        XCTAssertTrue(canvas.cells[1][1...].allSatisfy { $0.role == .selected || $0.role == .selectedMatch }, "number, name, kind and the rest")
        XCTAssertEqual(canvas.cells[1][5].role, .selectedMatch, "a match in the selected row")
        XCTAssertEqual(canvas.cells[2][5].role, .match)
        XCTAssertTrue(canvas.cells[2].allSatisfy { $0.role != .selected })
        // At 100 columns, the name's own cells only.
        let narrow = draw(&list, content(), width: 100)
        XCTAssertTrue(narrow.cells[1][11...].allSatisfy { $0.role != .selected })
    }

    func testAMoveChangesOnlyTheTwoRowsItLeavesAndReaches() async {
        var list = ListView<Int>()
        let before = draw(&list, content())
        list.move(.down, count: 30) { $0 }
        let after = draw(&list, content())
        let changed = (0..<8).filter { before.cells[$0] != after.cells[$0] }
        XCTAssertEqual(changed, [1, 2])
        XCTAssertEqual(list.cursor.index, 1)
        XCTAssertEqual(list.cursor.selectedID, 1)
    }

    func testTheNavigationKeysMoveByRowPageAndToTheEnds() async {
        var list = ListView<Int>()
        _ = draw(&list, content()) // 7 rows on screen: a page is 6
        list.move(.pageDown, count: 30) { $0 }
        XCTAssertEqual(list.cursor.index, 6)
        list.move(.bottom, count: 30) { $0 }
        XCTAssertEqual(list.cursor.index, 29)
        list.move(.down, count: 30) { $0 }
        XCTAssertEqual(list.cursor.index, 29, "clamped at the end")
        list.move(.pageUp, count: 30) { $0 }
        XCTAssertEqual(list.cursor.index, 23)
        list.move(.top, count: 30) { $0 }
        XCTAssertEqual(list.cursor.index, 0)
        list.move(.up, count: 30) { $0 }
        XCTAssertEqual(list.cursor.index, 0, "clamped at the top")
    }

    func testItScrollsAsLittleAsNeededToKeepTheSelectionInView() async {
        var list = ListView<Int>()
        _ = draw(&list, content())
        for _ in 0..<7 { list.move(.down, count: 30) { $0 } }
        var canvas = draw(&list, content())
        XCTAssertTrue(canvas.line(1).hasPrefix("   2 Item 2"), "one row scrolled: \(canvas.line(1))")
        XCTAssertTrue(canvas.line(7).hasPrefix("▌  8 Item 8"), canvas.line(7))
        list.move(.bottom, count: 30) { $0 }
        canvas = draw(&list, content())
        XCTAssertTrue(canvas.line(7).hasPrefix("▌ 30 Item 30"), canvas.line(7))
        XCTAssertEqual(list.rowsFrame.first, 23)
        list.move(.top, count: 30) { $0 }
        canvas = draw(&list, content())
        XCTAssertTrue(canvas.line(1).hasPrefix("▌  1 Item 1"), canvas.line(1))
    }

    func testTheSelectionStaysOnItsItemWhenRowsChange() async {
        var list = ListView<Int>()
        _ = draw(&list, content())
        list.move(to: 4, count: 30) { $0 }
        // The same items, one more in front: the selection follows item 4.
        list.rowsChanged(count: 31, reset: false) { $0 - 1 }
        XCTAssertEqual(list.cursor.index, 5)
        XCTAssertEqual(list.cursor.selectedID, 4)
        list.rowsChanged(count: 31, reset: true) { $0 - 1 }
        XCTAssertEqual(list.cursor.index, 0)
    }

    func testTheFilterBarShowsWhileTypingAndWhileKeptAndTakesARow() async {
        var list = ListView<Int>()
        list.filter.begin()
        for c in "it" { _ = list.filter.handle(.character(c)) }
        var canvas = draw(&list, content(count: 12))
        XCTAssertEqual(list.visibleRows, 6, "the bar takes the last row")
        XCTAssertTrue(canvas.line(7).hasPrefix("/it▏"), canvas.line(7))
        XCTAssertTrue(canvas.line(7).hasSuffix("12 items"), canvas.line(7))
        XCTAssertEqual(list.filter.handle(.enter), .handled)
        canvas = draw(&list, content(count: 12))
        XCTAssertTrue(canvas.line(7).hasPrefix("/it "), "kept, without the cursor: \(canvas.line(7))")
        XCTAssertEqual(list.filter.clearKept(), .changed(""))
        XCTAssertEqual(list.filter.clearKept(), .ignored, "nothing left to clear")
        canvas = draw(&list, content(count: 12))
        XCTAssertEqual(list.visibleRows, 7)
        XCTAssertFalse(canvas.line(7).contains("/"), canvas.line(7))
    }

    func testAFavouriteIsMarkedBeforeItsNameAndMatchesAreHighlighted() async {
        var list = ListView<Int>()
        let canvas = draw(&list, content(marked: [0, 1], highlights: [0, 5]))
        XCTAssertTrue(canvas.line(1).hasPrefix("▌  1 ♥ Item 1"), canvas.line(1))
        XCTAssertEqual(canvas.cells[1][7].text, "I")
        XCTAssertEqual(canvas.cells[1][7].role, .selectedMatch, "the match on the selected row")
        XCTAssertEqual(canvas.cells[1][8].role, .selected)
        XCTAssertEqual(canvas.cells[2][7].role, .match)
        XCTAssertEqual(canvas.cells[2][12].text, "2")
        XCTAssertEqual(canvas.cells[2][12].role, .match)
        XCTAssertTrue(canvas.line(3).hasPrefix("   3 Item 3"), "not a favourite: \(canvas.line(3))")
        let ascii = draw(&list, content(marked: [0]), text: CellText(repertoire: .ascii))
        XCTAssertTrue(ascii.line(1).hasPrefix(">  1 <3 Item 1"), ascii.line(1))
    }

    func testALongNameIsCutWithAnEllipsisBeforeTheNextColumn() async {
        var list = ListView<Int>()
        var content = self.content()
        content.cells = { _ in [ListCell(text: "1"), ListCell(text: "A very long name indeed"), ListCell(text: "k")] }
        let canvas = draw(&list, content)
        XCTAssertEqual(canvas.line(1), "▌  1 A very lon…  k           ")
    }

    func testTheLoadingMoreRowFollowsTheLastRowUnderTheName() async {
        var list = ListView<Int>()
        let canvas = draw(&list, content(count: 3, loadingMore: "Loading more items…"))
        XCTAssertTrue(canvas.line(4).hasPrefix("     Loading more items…"), canvas.line(4))
        XCTAssertTrue(canvas.cells[4][5...].prefix(7).allSatisfy { $0.role == .dim })
        XCTAssertEqual(canvas.line(5).trimmingCharacters(in: .whitespaces), "")
    }

    func testTheEmptyStateIsWrappedUnderTheHeaderAndTakesNoClicks() async {
        var list = ListView<Int>()
        var canvas = draw(&list, content(count: 0, empty: "Nothing matches “zz”: Esc clears the filter"))
        XCTAssertEqual(canvas.line(0).trimmingCharacters(in: .whitespaces), "# Name         Kind")
        XCTAssertEqual(canvas.line(1).trimmingCharacters(in: .whitespaces), "Nothing matches “zz”: Esc")
        XCTAssertEqual(canvas.line(2).trimmingCharacters(in: .whitespaces), "clears the filter")
        XCTAssertEqual(canvas.cells[1][2].role, .dim)
        XCTAssertNil(list.click(SceneClick(row: 1, column: 5, count: 1), count: 0) { $0 })
        XCTAssertEqual(list.position(count: 0), "")
        canvas = draw(&list, content(count: 0, empty: "TVmaze failed: retrying in 5 s", emptyStyle: .error))
        XCTAssertEqual(canvas.cells[1][2].role, .error)
    }

    func testAClickSelectsARowAndASecondClickOnItOpensIt() async {
        var list = ListView<Int>()
        _ = draw(&list, content())
        XCTAssertEqual(list.click(SceneClick(row: 3, column: 10, count: 1), count: 30) { $0 }, .selected)
        XCTAssertEqual(list.cursor.index, 2)
        XCTAssertEqual(list.click(SceneClick(row: 3, column: 10, count: 2), count: 30) { $0 }, .open)
        XCTAssertNil(list.click(SceneClick(row: 0, column: 10, count: 1), count: 30) { $0 }, "the header")
        XCTAssertNil(list.click(SceneClick(row: 3, column: 40, count: 1), count: 30) { $0 }, "right of the list")
        list.hide()
        XCTAssertNil(list.click(SceneClick(row: 3, column: 10, count: 1), count: 30) { $0 }, "not on screen")
    }

    func testATinyRectangleDrawsWhatFitsOfTheHeaderAndNothingBreaks() async {
        var list = ListView<Int>()
        let canvas = draw(&list, content(), height: 1, width: 6)
        XCTAssertEqual(canvas.line(0), "   # …")
        _ = draw(&list, content(), height: 0, width: 0)
        list.move(.pageDown, count: 30) { $0 }
        XCTAssertEqual(list.cursor.index, 1, "a page of one row moves one row")
    }

    func testTheNavigationBindingsAreOneTableWithTheScenesHelp() async {
        let list = ListMove.bindings(.init(top: "First", bottom: "Last")) { $0 }
        XCTAssertEqual(list.map(\.label), ["↑ k", "↓ j", "PgUp", "PgDn Space", "Home g", "End G"])
        XCTAssertEqual(list.map(\.help), ["Move up", "Move down", "Page up", "Page down", "First", "Last"])
        XCTAssertEqual(list.action(for: .character(" ")), ListMove.pageDown)
        XCTAssertEqual(list.action(for: .control("b")), ListMove.pageUp)
        XCTAssertEqual(list.action(for: .character("G")), ListMove.bottom)
        let picker = ListMove.bindings(.page, keys: .lettersWithoutSpace) { $0 }
        XCTAssertNil(picker.action(for: .character(" ")) as ListMove?, "Space is the picker's own")
        XCTAssertEqual(picker.first?.help, "Scroll up")
        let typed = ListMove.bindings(.page, keys: .arrowsOnly) { $0 }
        XCTAssertEqual(typed.map(\.label), ["↑", "↓", "PgUp", "PgDn"])
        XCTAssertNil(typed.action(for: .character("j")) as ListMove?, "letters are typed")
    }
}
