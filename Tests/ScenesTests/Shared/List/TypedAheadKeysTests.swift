import Domain
import Terminal
import XCTest

@testable import Scenes

/// Keys that act on the shows list's rows pressed while its first page is still loading are
/// kept and applied in order once the rows arrive; the other keys act at once.
@MainActor
final class TypedAheadKeysTests: XCTestCase {
    private let presenter = PopularListPresenter(now: { 0 })
    private let view = PopularListViewController()
    private let marks = ToggledMarksSpy()

    override func setUp() async throws {
        presenter.viewController = view
        view.marks = marks
    }

    private func present(_ names: [String], isLoading: Bool = false, error: SourceError? = nil) {
        let shows = names.enumerated().map { PopularList.LoadShows.Response.RankedShow(rank: $0 + 1, show: TVShow(id: 100 + $0, name: $1)) }
        presenter.presentShows(
            response: .init(
                shows: shows, totalCount: shows.count, query: "", source: names.isEmpty ? nil : .live(provider: .tvmaze),
                fallbackReasons: [], isLoading: isLoading, isLoadingMore: false, hasMore: false, error: error))
    }

    private func press(_ keys: [Key]) {
        for key in keys { XCTAssertTrue(view.handle(key: key), "\(key)") }
    }

    private let fiveShows = ["Fallout", "Shōgun", "Severance", "The Bear", "Slow Horses"]

    func testKeysPressedBeforeTheFirstDisplayApplyInOrderWhenTheRowsArrive() async {
        press([.character("f"), .down, .character("f"), .down, .down, .character("f")])
        XCTAssertEqual(marks.toggled, [], "nothing is toggled before there are rows")
        XCTAssertNil(view.cursor.selectedID)
        present(fiveShows)
        XCTAssertEqual(marks.toggled, ["100", "101", "103"], "rows 1, 2 and 4, in the order pressed")
        XCTAssertEqual(view.cursor.index, 3)
        XCTAssertEqual(view.cursor.selectedID, 103)
    }

    func testKeysPressedWhileTheListSaysLoadingWaitForTheRowsToo() async {
        present([], isLoading: true)
        press([.character("j"), .character("j"), .character("f"), .end])
        XCTAssertEqual(marks.toggled, [])
        present(fiveShows)
        XCTAssertEqual(marks.toggled, ["102"])
        XCTAssertEqual(view.cursor.selectedID, 104, "End, pressed last, applied last")
        // Once the rows are there keys act at once, and nothing typed ahead applies twice.
        press([.home, .character("f")])
        present(fiveShows)
        XCTAssertEqual(marks.toggled, ["102", "100"])
        XCTAssertEqual(view.cursor.index, 0)
    }

    func testKeysThatNeedNoRowsActAtOnce() async {
        present([], isLoading: true)
        press([.down, .character("/"), .character("S")])
        XCTAssertTrue(view.filter.isEditing, "/ opened the filter while the list loads")
        XCTAssertEqual(view.filter.text, "S")
    }

    func testAFailedLoadDropsTheKeysTypedAhead() async {
        present([], isLoading: true)
        press([.down, .character("f")])
        present([], error: .unreachable(provider: .tvmaze, reason: "timed out"))
        present(fiveShows)
        XCTAssertEqual(marks.toggled, [], "keys pressed before the failure are not applied to a later list")
        XCTAssertEqual(view.cursor.index, 0)
    }

    func testAtMost64KeysAreKept() async {
        press(Array(repeating: .character("j"), count: 64) + [.character("f")] + Array(repeating: .character("j"), count: 100))
        present((0..<200).map { "Show \($0)" })
        XCTAssertEqual(view.cursor.index, 64, "the first 64 moves apply")
        XCTAssertEqual(marks.toggled, [], "the 65th key and the rest were dropped")
    }
}

/// Records the ids `f` asks to toggle.
@MainActor
private final class ToggledMarksSpy: FavouriteMarksBusinessLogic {
    private(set) var toggled: [String] = []
    func loadMarks(request: FavouriteMarks.LoadMarks.Request) {}
    func toggleMark(request: FavouriteMarks.ToggleMark.Request) { toggled.append(request.id) }
}
