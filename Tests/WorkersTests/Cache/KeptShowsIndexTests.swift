import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// The index of shows kept in the response cache, over a real temporary cache folder filled
/// by a live search against a loopback TVmaze.
final class KeptShowsIndexTests: XCTestCase {
    private var root = ""
    private let server = LoopbackHTTPServer()

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-kept-\(UUID().uuidString)").path
    }

    override func tearDownWithError() throws {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A live search and a page, kept; then the server is gone.
    private func fillCache() async throws -> (cache: ResponseCache, base: URL) {
        server.route("/search/shows", .json(try Fixtures.data("tvmaze/search_shows_brooklyn.json")))
        server.route("/shows", query: ["page": "0"], .json(try Fixtures.snapshotData("shows_page_0.json")))
        let base = try server.start()
        let cache = try ResponseCache(directory: root)
        let live = CachingShowsWorker(provider: .tvmaze, cache: cache, http: CurlHTTPClient(timeout: 5)) {
            TVmazeShowsWorker(baseURL: base, http: $0)
        }
        let hits = try await live.searchShows(query: "brooklyn") ?? []
        XCTAssertTrue(hits.contains { $0.name == "Taxi Brooklyn" })
        _ = try await live.popularShows(page: 0)
        server.stop()
        return (cache, base)
    }

    func testShowsFromAKeptSearchAndAKeptPageAreFoundOfflineOncePerId() async throws {
        let (cache, base) = try await fillCache()
        let index = KeptShowsIndex(cache: cache)
        let kept = await index.keptShows()
        let taxi = kept.filter { $0.name == "Taxi Brooklyn" }
        XCTAssertEqual(taxi.count, 1, "one row per id")
        XCTAssertFalse(taxi.first?.summary.isEmpty ?? true, "mapped as the live worker maps it")
        let pageNames = try await TVmazeShowsWorker(baseURL: base, http: CacheReadingHTTPClient(cache: cache))
            .popularShows(page: 0).items.map(\.name)
        XCTAssertFalse(pageNames.isEmpty)
        XCTAssertTrue(Set(kept.map(\.name)).isSuperset(of: pageNames), "the kept page's shows too")
        XCTAssertEqual(Set(kept.map(\.id)).count, kept.count)
        XCTAssertTrue(index.shows(provider: .tmdb).isEmpty)
    }

    func testTheFolderIsReadOnceAndBrokenEntriesAreSkippedNotRemoved() async throws {
        let cache = try await fillCache().cache
        // Broken entries: garbage, a cut-short entry, a folder, and an entry with bad JSON.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: root + "/00000000000000aa.entry"))
        try Data("discover-cache 1\nsaved-at: 1\nurl: http://x/search/shows?q=a\nlength: 99\n\n[".utf8)
            .write(to: URL(fileURLWithPath: root + "/00000000000000ab.entry"))
        try FileManager.default.createDirectory(atPath: root + "/00000000000000ac.entry", withIntermediateDirectories: false)
        let bad = "[{\"show\": 5}, {\"show\": {\"name\": \"No id\"}}]"
        try Data("discover-cache 1\nsaved-at: 1\nurl: http://x/search/shows?q=b\nlength: \(bad.utf8.count)\n\n\(bad)".utf8)
            .write(to: URL(fileURLWithPath: root + "/00000000000000ad.entry"))
        let index = KeptShowsIndex(cache: cache)
        let first = await index.keptShows()
        XCTAssertTrue(first.contains { $0.name == "Taxi Brooklyn" })
        XCTAssertFalse(first.contains { $0.name == "No id" })
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/00000000000000aa.entry"), "the index only reads")
        // Read once: entries removed later change nothing.
        for name in try FileManager.default.contentsOfDirectory(atPath: root) {
            try? FileManager.default.removeItem(atPath: root + "/" + name)
        }
        let again = await index.keptShows()
        XCTAssertEqual(again.map(\.id), first.map(\.id))
    }

    func testAtMostTheCapIsReadAndAMissingFolderHoldsNothing() async throws {
        _ = try await fillCache()
        let small = KeptShowsIndex(directory: root, capacityBytes: 100)
        let none = await small.keptShows()
        XCTAssertTrue(none.isEmpty, "every entry is larger than 100 bytes")
        let missing = KeptShowsIndex(directory: root + "/nowhere")
        let nothing = await missing.keptShows()
        XCTAssertTrue(nothing.isEmpty)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/nowhere"), "nothing is made")
    }
}
