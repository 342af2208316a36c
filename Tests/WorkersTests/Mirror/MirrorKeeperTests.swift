import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// The mirror kept fresh on its own: due once a day after its last refresh, never for a mirror
/// not yet whole or older than a month; a due refresh asks `/updates/shows` and the changed shows.
final class MirrorKeeperTests: XCTestCase {
    private var folder = ""
    private let server = LoopbackHTTPServer()

    override func setUp() {
        folder = NSTemporaryDirectory() + "mirror-keeper-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private var path: String { folder + "/" + MirrorStore.fileName }

    /// A whole mirror of two shows, last refreshed at `refreshedAt`.
    private func mirror(refreshedAt: Int?) throws -> MirrorStore {
        let store = try MirrorStore(path: path, writable: true)
        try store.write(.indexStartedAt, 1_000)
        let shows = [1, 2].map { MirrorShow(show: TVShow(id: $0, name: "Show \($0)", updatedAt: 500), summaryHTML: nil) }
        try store.writePage(0, shows: shows, now: 1_000)
        if let refreshedAt {
            try store.write(.indexDoneAt, 1_000)
            try store.write(.refreshedAt, refreshedAt)
        }
        return store
    }

    func testAMirrorIsDueADayAfterItsLastRefreshAndNeverPastAMonth() throws {
        let store = try mirror(refreshedAt: 100_000)
        XCTAssertFalse(try MirrorKeeper.isDue(store, now: 100_000 + 86_400))
        XCTAssertTrue(try MirrorKeeper.isDue(store, now: 100_000 + 86_401))
        XCTAssertTrue(try MirrorKeeper.isDue(store, now: 100_000 + 30 * 86_400))
        XCTAssertFalse(try MirrorKeeper.isDue(store, now: 100_000 + 30 * 86_400 + 1))
        XCTAssertFalse(try MirrorKeeper.isDue(try mirror(refreshedAt: nil), now: 10_000_000), "a mirror not yet whole")
    }

    func testADueRefreshFetchesTheChangedShowsAndIsNotDueAgainThatDay() async throws {
        _ = try mirror(refreshedAt: 100_000)
        server.route("/updates/shows", query: ["since": "week"], .json(#"{"1": 600, "2": 500}"#))
        server.route("/shows/1", .json(#"{"id": 1, "name": "Show One Renamed", "updated": 600}"#))
        let base = try server.start()
        let worker = TVmazeIndexWorker(baseURL: base, http: CurlHTTPClient(timeout: 5))
        let now = 100_000 + 2 * 86_400
        let outcome = await MirrorKeeper.refreshIfDue(path: path, worker: worker, now: { now })
        XCTAssertEqual(outcome, .refresh(window: .week, changed: 1, removed: 0, shows: 2))
        XCTAssertEqual(server.requests.map(\.path), ["/updates/shows", "/shows/1"])
        XCTAssertEqual(try MirrorStore(path: path, writable: false).name(of: 1), "Show One Renamed")
        let again = await MirrorKeeper.refreshIfDue(path: path, worker: worker, now: { now + 3_600 })
        XCTAssertNil(again)
        XCTAssertEqual(server.requests.count, 2)
    }
}
