import Domain
import Foundation
import TestSupport
import Workers
import XCTest

/// `CurlHTTPClient` and `ResilientHTTPClient` over real sockets against a loopback server
/// scripted to misbehave, with timeouts shortened so that each test takes about a second.
final class MisbehavingServerTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private let key = "TEST-KEY-misbehave-9d"

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    /// A resilient client with short real timeouts: 1 s to a byte (URLSession's shortest on
    /// Linux), `total` seconds a call, backoff from 50 ms, no pacer.
    private func resilient(requestTimeout: Double = 1, total: Double = 2.5) -> ResilientHTTPClient {
        ResilientHTTPClient(
            inner: CurlHTTPClient(requestTimeout: requestTimeout, resourceTimeout: total),
            provider: .geoapify,
            policy: RetryPolicy(baseDelay: .milliseconds(50), maximumDelay: .milliseconds(200), totalLimit: .seconds(total)),
            pacer: nil
        )
    }

    private func geoapify(_ base: URL, http: any HTTPFetching) -> GeoapifyPOIsWorker {
        GeoapifyPOIsWorker(apiKey: key, baseURL: base, http: http)
    }

    private func search(_ worker: GeoapifyPOIsWorker) async throws -> PagedResult<POI> {
        try await worker.nearbyPOIs(near: try Coordinate(latitude: 48.8566, longitude: 2.3522), radiusMeters: 500, category: nil, page: 0)
    }

    /// The error a search throws; fails the test when it does not throw a `SourceError`.
    private func searchError(_ worker: GeoapifyPOIsWorker, file: StaticString = #filePath, line: UInt = #line) async -> SourceError? {
        do {
            _ = try await search(worker)
            XCTFail("expected an error", file: file, line: line)
        } catch let error as SourceError {
            XCTAssertFalse(String(describing: error).contains(key), "the key leaked: \(error)", file: file, line: line)
            return error
        } catch {
            XCTFail("not a SourceError: \(error)", file: file, line: line)
        }
        return nil
    }

    private let places =
        #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Café A","lat":48.857,"lon":2.352,"place_id":"a"},"geometry":{"type":"Point","coordinates":[2.352,48.857]}}]}"#

    // MARK: Never answering

    func testAnAcceptedConnectionThatNeverAnswersTimesOutAfterTheByteWait() async throws {
        // Given
        server.route("/x", .neverAnswer)
        let url = try server.start().appendingPathComponent("x")
        let sut = CurlHTTPClient(requestTimeout: 1, resourceTimeout: 5)
        let started = ContinuousClock.now

        // When / Then
        do {
            _ = try await sut.get(url, headers: [:])
            XCTFail("expected a timeout")
        } catch let error as HTTPError {
            XCTAssertEqual(error, .timedOut(seconds: 1))
        }
        let elapsed = ContinuousClock.now - started
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(950))
        XCTAssertLessThan(elapsed, .seconds(3))
    }

    func testANeverAnsweringServerIsTriedThreeTimesWithinTheTotalLimitThenUnreachable() async throws {
        // Given a byte wait of 1 s and 2.5 s in all: tries at 0, about 1.05 and 2.1 s
        server.route("/v2/places", .neverAnswer)
        let sut = geoapify(try server.start(), http: resilient(requestTimeout: 1, total: 2.5))
        let started = ContinuousClock.now

        // When
        let error = await searchError(sut)

        // Then
        guard case .unreachable(provider: .geoapify, let reason)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(reason.hasPrefix("no answer within"), reason)
        XCTAssertEqual(server.requests.count, 3, "the first try and two retries")
        let elapsed = ContinuousClock.now - started
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(2_400))
        XCTAssertLessThan(elapsed, .milliseconds(3_500), "the total limit holds")
    }

    func testCancellingARequestToANeverAnsweringServerEndsItAtOnce() async throws {
        // Given
        server.route("/x", .neverAnswer)
        let url = try server.start().appendingPathComponent("x")
        let sut = resilient(requestTimeout: 10, total: 30)
        let task = Task { try await sut.get(url, headers: [:]) }
        // Cancelled once the request has reached the server, however busy the machine.
        for _ in 0..<1_000 where server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(server.requests.count, 1, "the request is under way")
        let started = ContinuousClock.now

        // When
        task.cancel()

        // Then
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertLessThan(ContinuousClock.now - started, .milliseconds(500))
        XCTAssertEqual(server.requests.count, 1)
    }

    // MARK: 429

    func testA429WithRetryAfterOneSecondIsWaitedOutOverRealTimeThenAnswered() async throws {
        // Given
        server.route("/v2/places", .tooManyRequests(retryAfter: "1"), .json(places))
        let sut = geoapify(try server.start(), http: resilient(total: 5))

        // When
        let page = try await search(sut)

        // Then
        XCTAssertEqual(page.items.map(\.name), ["Café A"])
        let times = server.requests.map(\.receivedAt)
        XCTAssertEqual(times.count, 2)
        if times.count == 2 { XCTAssertGreaterThanOrEqual(times[1] - times[0], .milliseconds(950)) }
    }

    func testA429WithALongRetryAfterInSecondsIsRateLimitedForThoseSeconds() async throws {
        // Given
        server.route("/v2/places", .tooManyRequests(retryAfter: "10"), .json(places))
        let sut = geoapify(try server.start(), http: resilient())

        // When
        let error = await searchError(sut)

        // Then
        XCTAssertEqual(error, .rateLimited(provider: .geoapify, retryAfterSeconds: 10))
        XCTAssertEqual(server.requests.count, 1)
    }

    func testA429WithAnHTTPDateIsRateLimitedUntilThatDate() async throws {
        // Given a date 30 s from now
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        server.route("/v2/places", .tooManyRequests(retryAfter: formatter.string(from: Date().addingTimeInterval(30))))
        let sut = geoapify(try server.start(), http: resilient())

        // When
        let error = await searchError(sut)

        // Then
        guard case .rateLimited(provider: .geoapify, let seconds?)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue((28...31).contains(seconds), "\(seconds)")
        XCTAssertEqual(server.requests.count, 1)
    }

    func testA429WithoutRetryAfterIsWaitedOutForTwoSecondsThenRateLimited() async throws {
        // Given a server that rate-limits without saying for how long, and 2.5 s for the call
        server.route("/v2/places", .tooManyRequests(retryAfter: nil))
        let sut = geoapify(try server.start(), http: resilient(total: 2.5))

        // When
        let error = await searchError(sut)

        // Then: asked again after the default 2 s; a second wait would pass the limit
        XCTAssertEqual(error, .rateLimited(provider: .geoapify, retryAfterSeconds: 2))
        let times = server.requests.map(\.receivedAt)
        XCTAssertEqual(times.count, 2)
        if times.count == 2 { XCTAssertGreaterThanOrEqual(times[1] - times[0], .milliseconds(1_950)) }
    }

    // MARK: 5xx

    func testA500ThenA200IsAnsweredByTheRetry() async throws {
        // Given
        server.route("/v2/places", ScriptedResponse(status: 500), .json(places))
        let sut = geoapify(try server.start(), http: resilient())

        // When
        let page = try await search(sut)

        // Then
        XCTAssertEqual(page.items.count, 1)
        XCTAssertEqual(server.requests.count, 2)
    }

    func testA503EveryTimeIsReportedAfterTwoRetries() async throws {
        // Given
        server.route("/v2/places", ScriptedResponse(status: 503))
        let sut = geoapify(try server.start(), http: resilient())

        // When
        let error = await searchError(sut)

        // Then
        XCTAssertEqual(error, .httpStatus(provider: .geoapify, status: 503, message: "service unavailable"))
        XCTAssertEqual(server.requests.count, 3)
    }

    func testA401IsNotRetried() async throws {
        // Given
        server.route("/v2/places", .json(#"{"statusCode":401,"message":"Invalid apiKey"}"#, status: 401))
        let sut = geoapify(try server.start(), http: resilient())

        // When
        let error = await searchError(sut)

        // Then
        XCTAssertEqual(error, .httpStatus(provider: .geoapify, status: 401, message: "unauthorised (check the API key)"))
        XCTAssertEqual(server.requests.count, 1)
    }

    // MARK: Bad bodies

    func testAnEmptyOKBodyIsBadDataSayingSo() async throws {
        server.route("/v2/places", ScriptedResponse(status: 200))
        let error = await searchError(geoapify(try server.start(), http: resilient()))
        XCTAssertEqual(error, .badData(provider: .geoapify, reason: "empty response"))
    }

    func testAnHTMLPageIsBadDataSayingSo() async throws {
        server.route("/v2/places", .html())
        let error = await searchError(geoapify(try server.start(), http: resilient()))
        XCTAssertEqual(error, .badData(provider: .geoapify, reason: "an HTML page instead of JSON"))
    }

    func testATruncatedDocumentIsBadDataSayingSo() async throws {
        server.route("/v2/places", .json(String(places.prefix(60))))
        let error = await searchError(geoapify(try server.start(), http: resilient()))
        XCTAssertEqual(error, .badData(provider: .geoapify, reason: "truncated or malformed JSON"))
    }

    func testABodyCutShortOfItsContentLengthIsUnreachableAfterRetries() async throws {
        // Given a connection closed after 60 of the body's bytes
        server.route("/v2/places", .truncated(places, after: 60))
        let sut = geoapify(try server.start(), http: resilient())

        // When
        let error = await searchError(sut)

        // Then
        guard case .unreachable(provider: .geoapify, _)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(server.requests.count, 3)
    }

    func testABodyCutShortIsSaidInWordsNotAsANumber() async throws {
        // Given a connection closed after 60 of the body's bytes
        server.route("/v2/places", .truncated(places, after: 60))
        let url = try server.start().appendingPathComponent("v2/places")

        // When
        do {
            _ = try await CurlHTTPClient(timeout: 5).get(url, headers: [:])
            XCTFail("a cut body is no answer")
        } catch {
            // Then
            XCTAssertEqual(error as? HTTPError, .transport("the answer broke off"))
        }
    }

    // MARK: Slow drip

    func testASlowDripLongerThanTheByteWaitButWithinTheCallLimitIsReadWhole() async throws {
        // Given the body in 8 pieces 0.2 s apart (1.6 s): no gap reaches the 1 s byte wait
        server.route("/v2/places", .drip(places, bytes: places.utf8.count / 8 + 1, every: 0.2))
        let sut = geoapify(try server.start(), http: resilient(total: 5))

        // When
        let page = try await search(sut)

        // Then
        XCTAssertEqual(page.items.count, 1)
        XCTAssertEqual(server.requests.count, 1)
    }

    func testASlowDripPastTheWholeCallLimitTimesOut() async throws {
        // Given 4 bytes every 0.2 s (never a gap of 1 s, but the body would take 10 s)
        server.route("/v2/places", .drip(places, bytes: 4, every: 0.2))
        let sut = geoapify(try server.start(), http: resilient(requestTimeout: 1, total: 1.5))
        let started = ContinuousClock.now

        // When
        let error = await searchError(sut)

        // Then
        guard case .unreachable(provider: .geoapify, let reason)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(reason.hasPrefix("no answer within"), reason)
        let elapsed = ContinuousClock.now - started
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(1_400))
        XCTAssertLessThan(elapsed, .milliseconds(2_500))
        XCTAssertEqual(server.requests.count, 1, "no time is left for a retry")
    }
}

extension MisbehavingServerTests {
    // MARK: Redirect loop

    func testARedirectLoopIsOneTryAndOneMessageNotThreeRounds() async throws {
        // Given a TVmaze whose every answer redirects to itself
        server.route("/shows", ScriptedResponse(status: 302, headers: ["Location": "/shows?page=0"]))
        let base = try server.start()
        let sut = TVmazeShowsWorker(baseURL: base, http: ResilientHTTPClient.live(provider: .tvmaze, authorities: .libcurlDefault, pacer: nil))

        // When
        do {
            _ = try await sut.popularShows(page: 0)
            XCTFail("a redirect loop is no answer")
        } catch let error as SourceError {
            // Then the cause is said once, after libcurl's 16 redirects of one try
            XCTAssertEqual(error, .unreachable(provider: .tvmaze, reason: "too many redirects"))
        }
        XCTAssertEqual(server.requests.count, 17)
    }
}
