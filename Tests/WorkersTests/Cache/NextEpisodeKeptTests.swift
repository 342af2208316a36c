import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// What changed since the last look comes from the response cache: the answer kept from the
/// last request is read before the fresh one replaces it; the status and the next episode are
/// TVmaze's show and its embedded next episode.
final class NextEpisodeKeptTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-kept-\(UUID().uuidString)").path
    }

    override func tearDownWithError() throws {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func answer(status: String, airdate: String) -> ScriptedResponse {
        .json(
            #"{"id":315,"name":"Archer","status":"\#(status)","_embedded":{"nextepisode":{"id":77,"name":"Next","season":14,"number":3,"type":"regular","airdate":"\#(airdate)","airtime":"22:00","airstamp":"\#(airdate)T22:00:00+00:00","runtime":30}}}"#
        )
    }

    func testTheKeptAnswerIsReadBeforeTheFreshOneReplacesItAndTheirDifferenceIsWhatChanged() async throws {
        server.route("/shows/315", answer(status: "Running", airdate: "2026-12-03"), answer(status: "Ended", airdate: "2026-12-10"))
        let base = try server.start()
        let worker = CachingEpisodesWorker(provider: .tvmaze, cache: try ResponseCache(directory: root), http: CurlHTTPClient(timeout: 5)) {
            TVmazeEpisodesWorker(baseURL: base, http: $0)
        }
        let first = try await worker.nextAndPreviousEpisodeSinceKept(showID: 315)
        XCTAssertNil(first.kept, "nothing kept yet")
        XCTAssertEqual(first.fresh?.status, "Running")
        XCTAssertEqual(ShowChange.between(kept: first.kept, fresh: first.fresh), [])
        let second = try await worker.nextAndPreviousEpisodeSinceKept(showID: 315)
        XCTAssertEqual(second.kept?.next?.airDate, CalendarDate(iso: "2026-12-03"))
        XCTAssertEqual(second.fresh?.next?.airDate, CalendarDate(iso: "2026-12-10"))
        let changes = ShowChange.between(kept: second.kept, fresh: second.fresh)
        XCTAssertEqual(changes.count, 2)
        XCTAssertEqual(changes.last, .ended)
        if case .nextEpisodeMoved(let was, let now)? = changes.first {
            XCTAssertEqual([was.code, now.code], ["S14E03", "S14E03"])
        } else {
            XCTFail("the move first: \(changes)")
        }
        // TVmaze gone: the kept answer stands in, with nothing to compare it with.
        server.stop()
        let third = try await worker.nextAndPreviousEpisodeSinceKept(showID: 315)
        XCTAssertNil(third.kept)
        XCTAssertEqual(third.fresh?.status, "Ended")
        if case .cache? = third.fresh?.source {} else { XCTFail("the kept answer, said as kept: \(String(describing: third.fresh?.source))") }
    }
}
