import Domain
import TestSupport
import Workers
import XCTest

@testable import Scenes

/// `:sort ORDER` in the shows list: the ViewController turns the order's name into a
/// `SetSort` Request, says what it takes for any other word, and leaves other commands alone.
@MainActor
final class PaletteSortTests: XCTestCase {
    func testSetSortPresentsTheListInTheOrderAsked() async {
        // Given a loaded list
        let worker = SnapshotShowsWorker(catalog: ShowCatalog(shows: makeShows(["Gamma", "Alpha", "Beta"]), source: .snapshotFile(path: "s.json")), pageSize: 10)
        let sut = PopularListInteractor(worker: worker, effects: RunningEffects())
        let spy = PopularListPresentationLogicSpy()
        sut.presenter = spy
        await sut.loadShows(request: .init()).value
        // When the name order is asked by its name
        sut.setSort(request: .init(order: .name))
        // Then the list is shown by name, A to Z
        XCTAssertEqual(spy.responses.last?.sort, .name)
        XCTAssertEqual(spy.responses.last?.shows.map(\.show.name), ["Alpha", "Beta", "Gamma"])
        // And asking the same order again keeps it (no cycling on)
        sut.setSort(request: .init(order: .name))
        XCTAssertEqual(spy.responses.last?.sort, .name)
    }

    func testTheViewControllerTakesOrderNamesSaysWhatABadOneShouldBeAndLeavesOtherCommands() {
        let sut = PopularListViewController()
        XCTAssertEqual(sut.perform(command: "sort", argument: "Rating"), .done, "an order's name, any case")
        XCTAssertEqual(sut.perform(command: "sort", argument: "stars"), .bad("sort takes popularity, rating, premiered, name (got 'stars')"))
        XCTAssertEqual(sut.perform(command: "city", argument: "Paris"), .notHere)
    }
}
