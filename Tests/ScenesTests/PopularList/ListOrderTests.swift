import Domain
import SceneTestSupport
import Terminal
import TestSupport
import XCTest

@testable import App
@testable import Scenes

/// `s` cycles the list's order (popularity, rating, newest premiere, name), the header says
/// which, and shows without a rating, date or name come last.
@MainActor
final class ListOrderTests: XCTestCase {
    private var retained: [AnyObject] = []

    private func makeList() async throws -> PopularListViewController {
        let shows = [
            TVShow(id: 1, name: "Beta", premiered: CalendarDate(year: 2010, month: 1, day: 1), rating: 7.0, weight: 99),
            TVShow(id: 2, name: "alpha", premiered: nil, rating: nil, weight: 98),
            TVShow(id: 3, name: "Gamma", premiered: CalendarDate(year: 2020, month: 5, day: 1), rating: 9.1, weight: 97),
            TVShow(id: 4, name: "", premiered: CalendarDate(year: 2015, month: 1, day: 1), rating: 7.0, weight: 96)
        ]
        let spy = NavigatorSpy()
        let harness = try SceneHarness(for: self, shows: TVShowsWorkerStub(pages: [shows]), navigator: spy, display: spy)
        let list = harness.factory.makePopularList()
        list.sceneDidAppear()
        retained = [harness, spy]
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 4)
        return list
    }

    private func ids(_ list: PopularListViewController) -> [Int] {
        (list.viewModel?.rows ?? []).indices.map { list.viewModel?.rows.id(at: $0) ?? 0 }
    }

    func testSCyclesTheOrderAndTheHeaderSaysWhichWithMissingValuesLast() async throws {
        let list = try await makeList()
        XCTAssertEqual(ids(list), [1, 2, 3, 4])
        XCTAssertFalse(list.title.contains("by"))
        _ = list.handle(key: .character("s"))
        XCTAssertEqual(ids(list), [3, 1, 4, 2], "by rating, ties in popularity order, unrated last")
        XCTAssertTrue(list.title.hasSuffix(" · by rating"), list.title)
        XCTAssertEqual(list.viewModel?.rows.first?.rank, "3", "the rank stays the popularity rank")
        _ = list.handle(key: .character("s"))
        XCTAssertEqual(ids(list), [3, 4, 1, 2], "newest premiere first, undated last")
        XCTAssertTrue(list.title.hasSuffix(" · newest first"), list.title)
        _ = list.handle(key: .character("s"))
        XCTAssertEqual(ids(list), [2, 1, 3, 4], "by name ignoring case, unnamed last")
        _ = list.handle(key: .character("s"))
        XCTAssertEqual(ids(list), [1, 2, 3, 4], "back to popularity")
    }

    func testTheOrderShowsItsTopAndAppliesToFilterTies() async throws {
        let list = try await makeList()
        _ = list.handle(key: .down)
        XCTAssertEqual(list.cursor.selectedID, 2)
        _ = list.handle(key: .character("s"))
        XCTAssertEqual(list.cursor.selectedID, 3, "the selection goes to the top of the new order")
        XCTAssertEqual(list.cursor.index, 0)
        _ = list.handle(key: .character("/"))
        _ = list.handle(key: .character("a"))
        // Every name holds an "a": all inside a word and tie, except "alpha" at a word's start.
        XCTAssertEqual(ids(list), [2, 3, 1], "the word prefix first, then the rating order")
    }

    func testNOpensAPickerOfGenresAndNetworksThatNarrowsTheList() async throws {
        let shows = [
            TVShow(id: 1, name: "One", genres: ["Drama", "Crime"], weight: 99, broadcaster: Broadcaster(name: "HBO", kind: .network)),
            TVShow(id: 2, name: "Two", genres: ["Comedy"], weight: 98, broadcaster: Broadcaster(name: "Netflix", kind: .webChannel)),
            TVShow(id: 3, name: "Three", genres: ["Drama"], weight: 97, broadcaster: Broadcaster(name: "Netflix", kind: .webChannel))
        ]
        let spy = NavigatorSpy()
        let harness = try SceneHarness(for: self, shows: TVShowsWorkerStub(pages: [shows]), navigator: spy, display: spy)
        let list = harness.factory.makePopularList()
        list.sceneDidAppear()
        retained = [harness, spy]
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 3)
        _ = list.handle(key: .character("n"))
        XCTAssertEqual(
            list.narrowChoices?.lines.map(\.label),
            ["Every show", "Genre: Drama (2)", "Genre: Comedy (1)", "Genre: Crime (1)", "Network: Netflix (2)", "Network: HBO (1)"])
        let canvas = GridCanvas(width: 80, height: 20)
        list.draw(on: canvas, in: Rect(row: 0, column: 0, height: 20, width: 80))
        XCTAssertTrue(canvas.plainText.contains("Narrow"), canvas.plainText)
        XCTAssertTrue(canvas.plainText.contains("Network: Netflix (2)"), canvas.plainText)
        for _ in 0..<4 { _ = list.handle(key: .down) }
        _ = list.handle(key: .enter)
        XCTAssertNil(list.narrowChoices)
        XCTAssertEqual(ids(list), [2, 3], "Netflix's shows")
        XCTAssertTrue(list.title.hasSuffix(" · Network: Netflix"), list.title)
        _ = list.handle(key: .character("n"))
        XCTAssertEqual(list.narrowChoices?.currentIndex, 4, "the narrowing in force is marked")
        _ = list.handle(key: .home)
        _ = list.handle(key: .enter)
        XCTAssertEqual(ids(list), [1, 2, 3], "every show again")
        // Type-to-jump: the first choice whose name starts with what is typed, and the
        // picker's own hints on the status bar.
        _ = list.handle(key: .character("n"))
        XCTAssertTrue(list.statusBar.hints.hasPrefix("type to jump"), list.statusBar.hints)
        _ = list.handle(key: .character("C"))
        _ = list.handle(key: .character("r"))
        _ = list.handle(key: .enter)
        XCTAssertEqual(ids(list), [1], "Crime, typed C r")
        _ = list.handle(key: .character("n"))
        _ = list.handle(key: .character("H"))
        _ = list.handle(key: .enter)
        XCTAssertEqual(ids(list), [1], "HBO")
        XCTAssertTrue(list.title.hasSuffix(" · Network: HBO"), list.title)
    }
}
