import Domain
import Foundation
import TestSupport
import Workers
import XCTest

@testable import Scenes

/// Offline, the filter searches the snapshot and the shows kept in the response cache: a real
/// temporary cache filled by a live search against a loopback TVmaze, then a snapshot list.
@MainActor
final class KeptShowsSearchTests: XCTestCase {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-kept-search-\(UUID().uuidString)").path
    private let server = LoopbackHTTPServer()

    override func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    func testAShowFoundOnlineEarlierIsFoundOfflineBelowTheSnapshotMatchesMarkedAsFound() async throws {
        server.route("/search/shows", .json(try Fixtures.data("tvmaze/search_shows_brooklyn.json")))
        let base = try server.start()
        let cache = try ResponseCache(directory: root)
        let live = CachingShowsWorker(provider: .tvmaze, cache: cache, http: CurlHTTPClient(timeout: 5)) {
            TVmazeShowsWorker(baseURL: base, http: $0)
        }
        _ = try await live.searchShows(query: "brooklyn")
        server.stop()

        let shows = makeShows(["Taxi", "Alpha", "Taxi Driver Diaries"])
        let snapshot = SnapshotShowsWorker(catalog: ShowCatalog(shows: shows, source: .snapshotFile(path: "s.json")), pageSize: 2)
        let sut = PopularListInteractor(worker: snapshot, keptShows: KeptShowsIndex(directory: root))
        let spy = PopularListPresentationLogicSpy()
        sut.presenter = spy
        await sut.loadShows(request: .init()).value
        await sut.filterShows(request: .init(query: "taxi")).value
        let last = try XCTUnwrap(spy.responses.last)
        let rows = (0..<last.shows.count).map { last.shows[$0] }
        XCTAssertEqual(rows.map(\.show.name), ["Taxi", "Taxi Driver Diaries", "Taxi Brooklyn"], "local matches first")
        XCTAssertEqual(rows.map(\.isSearchResult), [false, false, true])
        XCTAssertEqual(last.search, .kept(added: 1))
        // Every later keystroke matches in memory: with the folder gone, the kept show is still found.
        try FileManager.default.removeItem(atPath: root)
        sut.filterShows(request: .init(query: "taxi b"))
        XCTAssertEqual(spy.responses.last?.shows.map(\.show.name).last, "Taxi Brooklyn")
        sut.selectShow(request: .init(id: rows[2].show.id))
        XCTAssertEqual(sut.selectedShow?.name, "Taxi Brooklyn", "opens like any row")
        sut.filterShows(request: .init(query: ""))
        XCTAssertEqual(spy.responses.last?.search, nil)
    }
}
