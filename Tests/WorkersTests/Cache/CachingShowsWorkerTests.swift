import Domain
import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import Workers

/// The caching decorator around the real TVmaze worker, over a loopback server and a real
/// temporary cache folder.
final class CachingShowsWorkerTests: XCTestCase {
    private var root = ""
    private let server = LoopbackHTTPServer()
    private let clock = TestClock()

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-caching-\(UUID().uuidString)").path
    }

    override func tearDownWithError() throws {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func makeWorker(base: URL) throws -> CachingShowsWorker {
        let cache = try ResponseCache(directory: root, now: { [clock] in clock.now })
        return CachingShowsWorker(provider: .tvmaze, cache: cache, http: CurlHTTPClient(timeout: 5)) {
            TVmazeShowsWorker(baseURL: base, http: $0)
        }
    }

    private static func collect<T>(_ stream: AsyncThrowingStream<T, any Error>) async -> (values: [T], error: (any Error)?) {
        var values: [T] = []
        do {
            for try await value in stream { values.append(value) }
            return (values, nil)
        } catch {
            return (values, error)
        }
    }

    func testTheFirstLoadIsLiveAndTheNextShowsTheKeptCopyFirstThenAFreshOne() async throws {
        server.route("/shows", query: ["page": "0"], .json(try Fixtures.snapshotData("shows_page_0.json")))
        let sut = try makeWorker(base: try server.start())
        let first = await Self.collect(sut.popularShowsUpdates(page: 0))
        XCTAssertNil(first.error)
        XCTAssertEqual(first.values.map(\.source), [.live(provider: .tvmaze)], "nothing kept yet")
        XCTAssertEqual(first.values.first?.items.count, 240)
        clock.advance(by: 7_200)
        let second = await Self.collect(sut.popularShowsUpdates(page: 0))
        XCTAssertNil(second.error)
        XCTAssertEqual(second.values.map(\.source), [.cache(provider: .tvmaze, savedAt: 1_764_400_000), .live(provider: .tvmaze)])
        XCTAssertEqual(second.values[0].items.map(\.id), second.values[1].items.map(\.id))
        XCTAssertEqual(server.requests.count, 2, "one request per load")
    }

    func testWhenTheProviderIsGoneTheKeptCopyStaysAndTheStreamSaysWhy() async throws {
        server.route("/shows/143", .json(try TVmazeRecordings.siliconValleyDetails()))
        let base = try server.start()
        let sut = try makeWorker(base: base)
        let show = TVShow(id: 143, name: "Silicon Valley")
        let live = try await sut.showDetails(for: show)
        XCTAssertEqual(live.source, .live(provider: .tvmaze))
        XCTAssertEqual(live.cast?.first?.personName, "Zach Woods")
        server.stop()
        // The updates: the kept copy, then the refresh's failure.
        let offline = await Self.collect(sut.showDetailsUpdates(for: show))
        XCTAssertEqual(offline.values.map(\.source), [.cache(provider: .tvmaze, savedAt: 1_764_400_000)])
        XCTAssertEqual(offline.values.first?.cast?.first?.personName, "Zach Woods")
        // The poster's address too (TVmaze's medium), so that the kept page shows a kept poster.
        XCTAssertNotNil(live.imageURL)
        XCTAssertEqual(offline.values.first?.imageURL, live.imageURL)
        guard case .unreachable(let provider, _)? = offline.error as? SourceError else {
            return XCTFail("unreachable, got \(String(describing: offline.error))")
        }
        XCTAssertEqual(provider, .tvmaze)
        // One answer: the kept copy instead of the error.
        let single = try await sut.showDetails(for: show)
        XCTAssertEqual(single.source, .cache(provider: .tvmaze, savedAt: 1_764_400_000))
        // Nothing kept for another show: the provider's error.
        do {
            _ = try await sut.showDetails(for: TVShow(id: 82, name: "Game of Thrones"))
            XCTFail("no copy of show 82")
        } catch let error as SourceError {
            guard case .unreachable = error else { return XCTFail("\(error)") }
        }
    }

    func testAnswersThatDoNotDecodeAreNeverKept() async throws {
        server.route("/shows", query: ["page": "0"], .json("<html>maintenance</html>"), .json(try Fixtures.snapshotData("shows_page_0.json")))
        let sut = try makeWorker(base: try server.start())
        let bad = await Self.collect(sut.popularShowsUpdates(page: 0))
        XCTAssertEqual(bad.values.count, 0)
        XCTAssertEqual(bad.error as? SourceError, .badData(provider: .tvmaze, reason: "an HTML page instead of JSON"))
        let cachedAfterBad = await sut.cachedPopularShows(page: 0)
        XCTAssertNil(cachedAfterBad, "the HTML page was not kept")
        _ = await Self.collect(sut.popularShowsUpdates(page: 0))
        let cachedAfterGood = await sut.cachedPopularShows(page: 0)
        XCTAssertEqual(cachedAfterGood?.items.count, 240)
    }

    func testStoppingTheIterationCancelsTheRequestInFlight() async throws {
        let http = HangingHTTPClient()
        let cache = try ResponseCache(directory: root)
        let sut = CachingShowsWorker(provider: .tvmaze, cache: cache, http: http) {
            TVmazeShowsWorker(baseURL: URL(fileURLWithPath: "/"), http: $0)
        }
        let task = Task { () -> Int in
            var count = 0
            do {
                for try await _ in sut.popularShowsUpdates(page: 0) { count += 1 }
            } catch {}
            return count
        }
        for _ in 0..<200 where !http.started { try await Task.sleep(nanoseconds: 5_000_000) }
        XCTAssertTrue(http.started, "the request went out")
        task.cancel()
        let count = await task.value
        XCTAssertEqual(count, 0)
        for _ in 0..<200 where !http.cancelled { try await Task.sleep(nanoseconds: 5_000_000) }
        XCTAssertTrue(http.cancelled, "the request in flight saw the cancellation")
    }

    /// The list of shows airing in two days (four schedules), kept and refreshed.
    private func makeAiringWorker(base: URL) throws -> CachingShowsWorker {
        let cache = try ResponseCache(directory: root, now: { [clock] in clock.now })
        let today = CalendarDate(year: 2020, month: 12, day: 2) ?? .unixEpoch
        return CachingShowsWorker(provider: .tvmaze, cache: cache, http: CurlHTTPClient(timeout: 5)) {
            TVmazeAiringShowsWorker(baseURL: base, http: $0, country: "US", days: 2, today: { today })
        }
    }

    private func routeTwoDaysOfSchedules() throws {
        for (day, us, web) in [
            ("2020-12-02", "schedule_US_2020-12-01.json", "schedule_web_2020-12-01.json"),
            ("2020-12-01", "schedule_US_2019-04-21.json", "schedule_web_2024-01-01.json")
        ] {
            server.route("/schedule", query: ["country": "US", "date": day], .json(try Fixtures.snapshotData(us)))
            server.route("/schedule/web", query: ["date": day], .json(try Fixtures.snapshotData(web)))
        }
    }

    func testAfterAKeptListOnlyTheCompleteFreshAnswerReplacesIt() async throws {
        try routeTwoDaysOfSchedules()
        let sut = try makeAiringWorker(base: try server.start())
        let cold = await Self.collect(sut.popularShowsUpdates(page: 0))
        XCTAssertNil(cold.error)
        XCTAssertEqual(cold.values.count, 2, "a step a day without a kept copy")
        let whole = try XCTUnwrap(cold.values.last)
        XCTAssertGreaterThan(whole.items.count, cold.values[0].items.count)
        clock.advance(by: 60)
        let warm = await Self.collect(sut.popularShowsUpdates(page: 0))
        XCTAssertNil(warm.error)
        XCTAssertEqual(
            warm.values.map(\.source), [.cache(provider: .tvmaze, savedAt: 1_764_400_000), .live(provider: .tvmaze)],
            "the kept list, then only the complete fresh answer")
        XCTAssertEqual(warm.values.map(\.items), [whole.items, whole.items])
        XCTAssertEqual(warm.values.first?.basis, whole.basis)
        XCTAssertEqual(server.requests.count, 8, "four schedules a load, none to find where the list is kept")
    }

    func testAWarmStartReadsTheListKeptWholeWithoutTheResponsesItWasBuiltFrom() async throws {
        try routeTwoDaysOfSchedules()
        let base = try server.start()
        let sut = try makeAiringWorker(base: base)
        let cold = await Self.collect(sut.popularShowsUpdates(page: 0))
        let whole = try XCTUnwrap(cold.values.last)
        let first = try TVmazeShowsWorker.makeURL(baseURL: base, path: "schedule", query: "country=US&date=2020-12-02")
        let keptName = try ResponseCache.fileName(for: XCTUnwrap(KeptList.url(forListAt: first)))
        let names = try FileManager.default.contentsOfDirectory(atPath: root)
        XCTAssertTrue(names.contains(keptName), "the list is kept whole: \(names)")
        XCTAssertEqual(names.filter { $0.hasSuffix(".entry") }.count, 5, "four responses and the list")
        for name in names where name != keptName { try FileManager.default.removeItem(atPath: root + "/" + name) }
        let kept = await sut.cachedPopularShows(page: 0)
        XCTAssertEqual(kept?.items, whole.items)
        XCTAssertEqual(kept?.source, .cache(provider: .tvmaze, savedAt: 1_764_400_000))
        // A kept list that does not read is no kept copy: the responses are gone too.
        try Data("discover-cache 1\nsaved-at: 1\nurl: x\nlength: 3\n\nabc".utf8).write(to: URL(fileURLWithPath: root + "/" + keptName))
        let garbled = await sut.cachedPopularShows(page: 0)
        XCTAssertNil(garbled)
    }
}

/// An HTTP client whose requests never answer; it notes when one starts and when one is cancelled.
final class HangingHTTPClient: HTTPFetching {
    private let state = Mutex<(started: Bool, cancelled: Bool)>((false, false))
    var started: Bool { state.withLock { $0.started } }
    var cancelled: Bool { state.withLock { $0.cancelled } }

    func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
        state.withLock { $0.started = true }
        do {
            try await Task.sleep(nanoseconds: 30_000_000_000)
        } catch {
            state.withLock { $0.cancelled = true }
            throw CancellationError()
        }
        return HTTPResponse(status: 200, headers: [:], body: Data("[]".utf8))
    }
}
