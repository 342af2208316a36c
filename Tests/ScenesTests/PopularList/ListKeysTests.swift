import Domain
import Foundation
import SceneTestSupport
import Terminal
import TestSupport
import Workers
import XCTest

@testable import App
@testable import Scenes

/// Keys on the shows list that must not surprise: arrows and Ctrl-W while typing a filter, Alt
/// combinations, End on a snapshot.
@MainActor
final class ListKeysTests: XCTestCase {
    private var retained: [AnyObject] = []

    override func setUp() {
        super.setUp()
        setlocale(LC_ALL, "C.UTF-8")
    }

    private func makeList(_ worker: any TVShowsWorking) throws -> (AppController, PopularListViewController, NavigatorSpy) {
        let spy = NavigatorSpy()
        let harness = try SceneHarness(for: self, shows: worker, navigator: spy, display: spy)
        let app = harness.app
        let list = harness.factory.makePopularList()
        app.setRoot(list)
        retained = [harness]
        return (app, list, spy)
    }

    func testLeftAndRightWhileTypingAFilterNeitherOpenNorMove() async throws {
        let (_, list, spy) = try makeList(TVShowsWorkerStub(pages: [makeShows(["Breaking Bad", "Better Call Saul", "Fargo"])]))
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 3)
        _ = list.handle(key: .character("/"))
        for c in "b" { _ = list.handle(key: .character(c)) }
        XCTAssertTrue(list.handle(key: .right), "taken by the field")
        XCTAssertTrue(list.handle(key: .left))
        XCTAssertEqual(spy.pushed.count, 0, "Right opened no details")
        XCTAssertTrue(list.capturesText)
        XCTAssertEqual(list.filter.text, "b")
        // Once the filter is kept (Enter), Right opens again.
        _ = list.handle(key: .enter)
        _ = list.handle(key: .right)
        XCTAssertEqual(spy.pushed.count, 1)
    }

    func testCtrlWDeletesTheWordBeforeTheCursor() async throws {
        let (_, list, _) = try makeList(TVShowsWorkerStub(pages: [makeShows(["Better Call Saul", "Fargo"])]))
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 2)
        _ = list.handle(key: .character("/"))
        for c in "better call" { _ = list.handle(key: .character(c)) }
        XCTAssertEqual(list.viewModel?.rows.count, 1)
        _ = list.handle(key: .control("w"))
        XCTAssertEqual(list.filter.text, "better ")
        _ = list.handle(key: .control("w"))
        XCTAssertEqual(list.filter.text, "")
        XCTAssertTrue(list.capturesText, "still typing")
        XCTAssertEqual(list.viewModel?.rows.count, 2)
        XCTAssertEqual(FilterField.deletingLastWord("Kız Kulesi  "), "Kız ")
        XCTAssertEqual(FilterField.deletingLastWord("  "), "")
    }

    func testAltQIsNotEscapeAndThenQ() async throws {
        let (app, list, spy) = try makeList(TVShowsWorkerStub(pages: [makeShows(["A", "B"])]))
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 2)
        app.handle(key: .alt(.character("q")))
        app.handle(key: .alt(.character("/")))
        XCTAssertEqual(spy.quits, 0)
        XCTAssertFalse(list.capturesText)
        // While typing, an Alt key types nothing.
        _ = list.handle(key: .character("/"))
        app.handle(key: .alt(.character("x")))
        XCTAssertEqual(list.filter.text, "")
        XCTAssertTrue(list.capturesText)
        app.handle(key: .escape)
        app.handle(key: .character("q"))
        XCTAssertEqual(spy.quits, 1)
    }

    func testEndOnASnapshotSelectsItsVeryLastShowWithOnePress() async throws {
        let shows = makeShows((1...7).map { "Show \($0)" })
        let worker = SnapshotShowsWorker(catalog: ShowCatalog(shows: shows, source: .snapshotFile(path: "s.json")), pageSize: 2)
        let (_, list, _) = try makeList(worker)
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 7, "a snapshot's list is whole once its names are folded")
        _ = list.handle(key: .end)
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 7)
        XCTAssertEqual(list.cursor.index, 6)
        XCTAssertEqual(list.viewModel?.rows[list.cursor.index].name, "Show 7")
        XCTAssertEqual(list.statusBar.position, "7/7")
        // Moving up then End again stays on the last show.
        _ = list.handle(key: .up)
        _ = list.handle(key: .character("G"))
        XCTAssertEqual(list.cursor.index, 6)
    }

    func testEndOnALiveSourceSelectsTheLastLoadedShowWithoutReadingEveryPage() async throws {
        let pages = (0..<5).map { page in makeShows((1...30).map { "P\(page) S\($0)" }, startID: page * 100 + 1, weight: 1_000 - page * 30) }
        let worker = TVShowsWorkerStub(pages: pages)
        let (_, list, _) = try makeList(worker)
        await settle(retained)
        XCTAssertEqual(list.viewModel?.rows.count, 30)
        _ = list.handle(key: .end)
        XCTAssertEqual(list.cursor.index, 29)
        await settle(retained)
        XCTAssertLessThanOrEqual(list.viewModel?.rows.count ?? 0, 60, "at most the next page, as the selection nears the end")
    }
}
