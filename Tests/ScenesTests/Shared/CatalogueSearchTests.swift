import Domain
import TestSupport
import XCTest

@testable import Scenes

/// A provider that answers searches from a table and counts what it was asked.
private actor SearchingWorker: TVShowsWorking {
    let answers: [String: [TVShow]]
    var failure: SourceError?
    private(set) var asked: [String] = []

    init(answers: [String: [TVShow]], failure: SourceError? = nil) {
        self.answers = answers
        self.failure = failure
    }

    func popularShows(page: Int) async throws -> PagedResult<TVShow> {
        PagedResult(items: [], page: page, hasMore: false, source: .live(provider: .tvmaze))
    }

    func showDetails(for show: TVShow) async throws -> TVShowDetails {
        TVShowDetails(show: show, cast: [], seasons: [], source: .live(provider: .tvmaze))
    }

    func searchShows(query: String) async throws -> [TVShow]? {
        asked.append(query)
        if let failure { throw failure }
        return answers[query.lowercased()] ?? []
    }
}

/// Kept shows read from memory, counting the readings.
private final class KeptStub: KeptShowsSearching, @unchecked Sendable {
    let shows: [TVShow]
    init(_ shows: [TVShow]) { self.shows = shows }
    func keptShows() async -> [TVShow] { shows }
}

/// `CatalogueSearch` on its own, on a clock whose typing pause ends at once.
@MainActor
final class CatalogueSearchTests: XCTestCase {
    private var query = ""
    private var source: DataSource? = .live(provider: .tvmaze)
    private var changes = 0

    private func search(kept: (any KeptShowsSearching)? = nil) -> CatalogueSearch {
        let sut = CatalogueSearch(clock: ImmediateClock(), keptShows: kept)
        sut.subject = { [unowned self] in .init(query: query, foldedQuery: NameFilter.fold(query), source: source) }
        sut.changed = { [unowned self] in changes += 1 }
        return sut
    }

    private func hits(_ sut: CatalogueSearch) -> [String] {
        sut.shownHits(query: query, foldedQuery: NameFilter.fold(query), list: [], admits: { _ in true }).map(\.show.name)
    }

    func testEachQueryIsAskedOnceAndItsAnswerIsKept() async {
        let worker = SearchingWorker(answers: ["taxi": [TVShow(id: 7, name: "Taxi")]])
        let sut = search()
        query = "Taxi "
        let subject = sut.subject()
        XCTAssertEqual(sut.state(of: subject, added: 0), nil, "nothing asked yet")
        let first = sut.schedule(worker: worker, now: false)
        XCTAssertEqual(sut.state(of: subject, added: 0), .searching(provider: .tvmaze))
        XCTAssertNotNil(first)
        XCTAssertEqual(sut.schedule(worker: worker, now: true), first, "the same key while in flight: the same task")
        await first?.value
        XCTAssertEqual(hits(sut), ["Taxi"])
        XCTAssertEqual(sut.state(of: subject, added: 1), .done(provider: .tvmaze, added: 1))
        XCTAssertEqual(changes, 1)
        query = "taxi"
        XCTAssertNil(sut.schedule(worker: worker, now: true), "answered from what was kept")
        let asked = await worker.asked
        XCTAssertEqual(asked, ["Taxi"])
        XCTAssertEqual(sut.hit(id: 7)?.name, "Taxi")
        query = ""
        XCTAssertNil(sut.schedule(worker: worker, now: true))
        XCTAssertEqual(hits(sut), [], "an empty query drops the hits")
    }

    func testAFailureIsTheStateAndAStoppedSearchDeliversNothing() async {
        let worker = SearchingWorker(answers: [:], failure: .unreachable(provider: .tvmaze, reason: "down"))
        let sut = search()
        query = "taxi"
        await sut.schedule(worker: worker, now: true)?.value
        XCTAssertEqual(sut.state(of: sut.subject(), added: 0), .failed(.unreachable(provider: .tvmaze, reason: "down")))
        let stopped = search()
        query = "lost"
        let task = stopped.schedule(worker: SearchingWorker(answers: ["lost": [TVShow(id: 1, name: "Lost")]]), now: false)
        stopped.stop()
        await task?.value
        XCTAssertEqual(hits(stopped), [])
        XCTAssertEqual(stopped.state(of: stopped.subject(), added: 0), nil)
    }

    func testOfflineTheKeptShowsAreReadOnceAndMatchedInMemory() async {
        source = .snapshotFile(path: "s.json")
        let sut = search(kept: KeptStub([TVShow(id: 1, name: "Taxi Brooklyn"), TVShow(id: 2, name: "Alpha")]))
        let worker = SearchingWorker(answers: [:])
        query = "taxi"
        await sut.schedule(worker: worker, now: false)?.value
        XCTAssertEqual(hits(sut), ["Taxi Brooklyn"])
        XCTAssertEqual(sut.state(of: sut.subject(), added: 1), .kept(added: 1))
        query = "alp"
        XCTAssertNil(sut.schedule(worker: worker, now: false), "read already: matched at once")
        XCTAssertEqual(hits(sut), ["Alpha"])
        let asked = await worker.asked
        XCTAssertEqual(asked, [], "a snapshot never asks the provider")
    }
}
