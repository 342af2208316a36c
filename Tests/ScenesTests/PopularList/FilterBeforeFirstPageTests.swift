import Domain
import Workers
import XCTest

@testable import Scenes

/// A filter typed before the list's first page has landed (the source not yet known) still
/// searches beyond the list once it has: the same answer however soon the filter was typed.
@MainActor
final class FilterBeforeFirstPageTests: XCTestCase {
    /// Shows kept beyond the list: a catalogue's whole (the mirror's) that the list lacks.
    private struct Beyond: KeptShowsSearching {
        let shows: [TVShow]
        func keptShows() async -> [TVShow] { shows }
    }

    private func interactor(effects: RunningEffects) -> PopularListInteractor {
        let list = makeShows(["Throne of Seal", "Alpha", "Beta"])
        let snapshot = SnapshotShowsWorker(catalog: ShowCatalog(shows: list, source: .snapshotFile(path: "s.json")), pageSize: 2)
        let beyond = Beyond(shows: makeShows(["Game of Thrones"], startID: 100))
        return PopularListInteractor(worker: snapshot, keptShows: beyond, effects: effects)
    }

    func testAFilterTypedBeforeTheFirstPageFindsTheShowsBeyondTheList() async throws {
        let effects = RunningEffects()
        let sut = interactor(effects: effects)
        let spy = PopularListPresentationLogicSpy()
        sut.presenter = spy
        // The load is asked, and the filter typed, before the first page lands.
        let load = sut.loadShows(request: .init())
        for length in 1..."thrones".count { sut.filterShows(request: .init(query: String("thrones".prefix(length)))) }
        await load.value
        await effects.finished()
        let last = try XCTUnwrap(spy.responses.last)
        let names = (0..<last.shows.count).map { last.shows[$0].show.name }
        XCTAssertEqual(names.first, "Game of Thrones", "\(names)")
        XCTAssertEqual(last.search, .kept(added: 1))
    }

    func testTheSameFilterTypedAfterTheFirstPageFindsTheSame() async throws {
        let effects = RunningEffects()
        let sut = interactor(effects: effects)
        let spy = PopularListPresentationLogicSpy()
        sut.presenter = spy
        await sut.loadShows(request: .init()).value
        for length in 1..."thrones".count { sut.filterShows(request: .init(query: String("thrones".prefix(length)))) }
        await effects.finished()
        let last = try XCTUnwrap(spy.responses.last)
        XCTAssertEqual(last.shows.count > 0 ? last.shows[0].show.name : nil, "Game of Thrones")
        XCTAssertEqual(last.search, .kept(added: 1))
    }
}
