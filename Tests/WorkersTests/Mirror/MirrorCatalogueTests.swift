import Domain
import Foundation
import XCTest

@testable import Workers

/// The mirror's store and the catalogue made from it: the first page read through the rank
/// index is the whole catalogue's first page, the snapshot's shows the mirror lacks included;
/// a page written twice leaves each show once; a refresh's changes replace and take away rows.
final class MirrorCatalogueTests: XCTestCase {
    private var folder = ""

    override func setUp() {
        folder = NSTemporaryDirectory() + "mirror-catalogue-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Shows with few weights and ratings, so that many tie and the names decide.
    private func shows(_ ids: Range<Int>, seed: Int) -> [MirrorShow] {
        ids.map { id in
            let weight = (id * 7 + seed) % 5 == 0 ? nil : 90 + (id * 7 + seed) % 5
            let rating = id % 3 == 0 ? nil : 7.0 + Double(id % 4) / 10
            let show = TVShow(
                id: id, name: ["alpha", "Beta", "gamma", "Éclair", ""][id % 5] + " \(id % 40)", genres: id % 2 == 0 ? ["Drama"] : [],
                premiered: CalendarDate(year: 2000 + id % 20, month: 1, day: 2), schedule: AirSchedule(time: "21:00", days: ["Monday"]),
                rating: rating, weight: weight,
                broadcaster: Broadcaster(name: "Net \(id % 3)", kind: id % 2 == 0 ? .network : .webChannel, countryCode: "US"), updatedAt: 1_700_000_000 + id)
            return MirrorShow(show: show, summaryHTML: id % 4 == 0 ? nil : "<p>Show \(id)</p>")
        }
    }

    private func wholeMirror() throws -> MirrorStore {
        let store = try MirrorStore(path: folder + "/" + MirrorStore.fileName, writable: true)
        try store.write(.indexStartedAt, 1_800_000_000)
        try store.writePage(0, shows: shows(1..<600, seed: 1), now: 1_800_000_000)
        try store.writePage(1, shows: shows(600..<1_200, seed: 2), now: 1_800_000_000)
        try store.write(.indexDoneAt, 1_800_000_100)
        return store
    }

    func testTheFirstPageReadThroughTheIndexIsTheWholeCataloguesFirstPage() throws {
        _ = try wholeMirror()
        let path = folder + "/" + MirrorStore.fileName
        // A snapshot whose shows partly overlap the mirror's ids, some ranking high.
        let embedded = ShowCatalog(shows: shows(1_100..<1_500, seed: 3).map(\.show), source: .embeddedSnapshot(provider: .tvmaze, capturedOn: nil))
        let whole = try XCTUnwrap(try ShowCatalog.mirrored(path: path, embedded: embedded))
        XCTAssertEqual(whole.shows.count, 1_499)
        XCTAssertEqual(whole.source, .mirror(savedAt: 1_800_000_000, shows: 1_199))
        for size in [1, 50, 250, 700] {
            let first = try XCTUnwrap(ShowCatalog.mirroredFirstPage(path: path, embedded: embedded, size: size))
            XCTAssertEqual(first.shows.map(\.id), whole.shows.prefix(size).map(\.id), "page of \(size)")
            XCTAssertEqual(first.source, whole.source)
        }
        // More than the mirror holds: no quick page, the catalogue answers.
        XCTAssertNil(ShowCatalog.mirroredFirstPage(path: path, embedded: embedded, size: 5_000))
    }

    func testShowsReadBackAsWrittenWithTheirSynopsisAndTheSnapshotsDetails() throws {
        _ = try wholeMirror()
        let path = folder + "/" + MirrorStore.fileName
        let whole = try XCTUnwrap(try ShowCatalog.mirrored(path: path, embedded: nil))
        for written in shows(1..<1_200, seed: 1).prefix(40) where written.show.id < 600 {
            let read = try XCTUnwrap(whole.shows.first { $0.id == written.show.id })
            XCTAssertEqual(read, written.show)
            let details = whole.details(for: read)
            XCTAssertEqual(details.show.summary, written.summaryHTML.map { _ in ["Show \(read.id)"] } ?? [])
        }
    }

    func testAPageWrittenAgainAndAChangeLeaveEachShowOnce() throws {
        let store = try wholeMirror()
        try store.writePage(1, shows: shows(600..<1_200, seed: 2), now: 1_800_000_200)
        XCTAssertEqual(try store.count(), 1_199)
        var renamed = shows(5..<6, seed: 1)[0]
        renamed = MirrorShow(show: TVShow(id: 5, name: "Renamed", updatedAt: 1_900_000_000), summaryHTML: nil)
        try store.writeChanges([renamed], removed: [6])
        XCTAssertEqual(try store.count(), 1_198)
        XCTAssertEqual(try store.name(of: 5), "Renamed")
        XCTAssertNil(try store.summaryHTML(of: 5))
        XCTAssertNil(try store.name(of: 6))
        XCTAssertEqual(try store.updatedByID()[5], 1_900_000_000)
        XCTAssertEqual(try store.pagesDone(), [0, 1])
    }

    func testASynopsisIsKeptDeflatedAndReadBackWhole() throws {
        let long = String(repeating: "<p>Walter White, a chemistry teacher – <b>né</b> in Albuquerque – turns to crime.</p>", count: 6)
        let packed = MirrorSynopsis.pack(long)
        XCTAssertEqual(packed.first, 1)
        XCTAssertLessThan(packed.count, long.utf8.count / 2)
        XCTAssertEqual(packed.withUnsafeBytes { MirrorSynopsis.unpack($0) }, long)
        let short = MirrorSynopsis.pack("<p>Hi</p>")
        XCTAssertEqual(short.first, 0)
        XCTAssertEqual(short.withUnsafeBytes { MirrorSynopsis.unpack($0) }, "<p>Hi</p>")
        // A damaged copy reads as none, not as wrong text.
        var damaged = packed
        damaged[damaged.count - 3] ^= 0xFF
        XCTAssertNil(damaged.withUnsafeBytes { MirrorSynopsis.unpack($0) })
        let store = try wholeMirror()
        try store.writeChanges([MirrorShow(show: TVShow(id: 7, name: "Long", updatedAt: 1), summaryHTML: long)], removed: [])
        XCTAssertEqual(try store.summaryHTML(of: 7), long)
    }

    func testTheWindowCoversTheTimeSinceTheLastRefresh() {
        XCTAssertEqual(TVmazeIndexWorker.Window.covering(since: 0, now: 86_400), .day)
        XCTAssertEqual(TVmazeIndexWorker.Window.covering(since: 0, now: 86_401), .week)
        XCTAssertEqual(TVmazeIndexWorker.Window.covering(since: 0, now: 30 * 86_400), .month)
        XCTAssertNil(TVmazeIndexWorker.Window.covering(since: 0, now: 30 * 86_400 + 1))
    }
}
