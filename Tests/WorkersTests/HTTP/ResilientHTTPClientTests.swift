import Domain
import Foundation
import Synchronization
import TestSupport
import Workers
import XCTest

/// An `HTTPFetching` double that answers from a script and records each call's virtual time
/// and limit; an outcome may take virtual time.
final class ScriptedHTTPFetcherStub: HTTPFetching {
    enum Outcome: Sendable {
        case status(Int, headers: [String: String] = [:])
        case failure(HTTPError)
        /// Times out after the given seconds or the call's limit, whichever is shorter.
        case timeout(afterSeconds: Double)
    }
    struct Call: Sendable, Equatable {
        let at: Duration
        let limitSeconds: Double?
    }
    private let clock: VirtualClock
    private let script: Mutex<[Outcome]>
    private let recorded = Mutex<[Call]>([])

    init(clock: VirtualClock, _ outcomes: Outcome...) {
        self.clock = clock
        self.script = Mutex(outcomes)
    }

    var calls: [Call] { recorded.withLock { $0 } }

    func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
        try await get(url, headers: headers, limitSeconds: nil)
    }

    func get(_ url: URL, headers: [String: String], limitSeconds: Double?) async throws -> HTTPResponse {
        recorded.withLock { $0.append(Call(at: clock.now, limitSeconds: limitSeconds)) }
        let outcome = script.withLock { s -> Outcome in
            let next = s.first ?? .status(200)
            if s.count > 1 { s.removeFirst() }
            return next
        }
        switch outcome {
        case .status(let status, let headers):
            return HTTPResponse(status: status, headers: headers, body: Data("{}".utf8))
        case .failure(let error):
            throw error
        case .timeout(let seconds):
            let taken = min(seconds, limitSeconds ?? seconds)
            clock.advance(by: .seconds(taken))
            throw HTTPError.timedOut(seconds: taken)
        }
    }
}

/// Retries, backoff, `Retry-After`, the time limit and pacing of `ResilientHTTPClient`, on a
/// virtual clock.
final class ResilientHTTPClientTests: XCTestCase {
    private let url = URL(string: "http://127.0.0.1:9/x?apiKey=SECRET")!
    private let clock = VirtualClock()

    /// A client whose jitter always picks the ceiling (or `fraction` of it).
    private func makeSUT(
        _ stub: ScriptedHTTPFetcherStub, policy: RetryPolicy = RetryPolicy(), fraction: Double = 1,
        pacer: RequestPacer? = nil, date: Date = Date()
    ) -> ResilientHTTPClient {
        ResilientHTTPClient(
            inner: stub, provider: ProviderName("Test", credit: "Test data"), policy: policy, pacer: pacer, clock: clock,
            jitter: { $0 * fraction }, date: { date })
    }

    private func seconds(_ durations: [Duration]) -> [Double] {
        durations.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }
    }

    func testA500ThenA200IsAnsweredByTheSecondTryAfterOneBackoff() async throws {
        // Given
        let stub = ScriptedHTTPFetcherStub(clock: clock, .status(500), .status(200))
        let sut = makeSUT(stub)

        // When
        let response = try await sut.get(url, headers: [:])

        // Then
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(stub.calls.count, 2)
        XCTAssertEqual(seconds(clock.sleeps), [0.5])
    }

    func testBackoffCeilingsDoubleFromTheBaseUpToTheCap() async throws {
        // Given five retries, base 0.5 s, cap 4 s, and a jitter that picks the ceiling
        let stub = ScriptedHTTPFetcherStub(clock: clock, .failure(.transport("connection refused")))
        let sut = makeSUT(stub, policy: RetryPolicy(retries: 5, totalLimit: .seconds(60)))

        // When / Then
        do {
            _ = try await sut.get(url, headers: [:])
            XCTFail("expected an error")
        } catch let error as HTTPError {
            XCTAssertEqual(error, .transport("connection refused"))
        }
        XCTAssertEqual(seconds(clock.sleeps), [0.5, 1, 2, 4, 4])
        XCTAssertEqual(stub.calls.count, 6)
    }

    func testFullJitterSleepsAFractionOfTheCeiling() async throws {
        // Given a jitter that picks a quarter of the ceiling
        let stub = ScriptedHTTPFetcherStub(clock: clock, .status(503), .status(502), .status(200))
        let sut = makeSUT(stub, fraction: 0.25)

        // When
        _ = try await sut.get(url, headers: [:])

        // Then
        XCTAssertEqual(seconds(clock.sleeps), [0.125, 0.25])
    }

    func testTheDefaultJitterStaysWithinZeroAndTheCeiling() {
        // Given
        let sut = ResilientHTTPClient(inner: ScriptedHTTPFetcherStub(clock: clock), provider: ProviderName("Test", credit: "Test data"), pacer: nil, clock: clock)

        // When
        let waits = (0..<200).map { sut.backoff(beforeRetry: $0 % 6).components }.map { Double($0.seconds) + Double($0.attoseconds) / 1e18 }

        // Then
        for (index, wait) in waits.enumerated() {
            let ceiling = min(4, 0.5 * Double(1 << (index % 6)))
            XCTAssertTrue((0...ceiling).contains(wait), "\(wait) outside 0...\(ceiling)")
        }
        XCTAssertGreaterThan(Set(waits).count, 100, "the waits are spread, not fixed")
    }

    func testA4xxOtherThan429IsNeverRetried() async throws {
        for status in [400, 401, 403, 404, 410, 422] {
            // Given
            let stub = ScriptedHTTPFetcherStub(clock: clock, .status(status), .status(200))
            let sut = makeSUT(stub)

            // When
            let response = try await sut.get(url, headers: [:])

            // Then
            XCTAssertEqual(response.status, status)
            XCTAssertEqual(stub.calls.count, 1, "\(status)")
        }
        XCTAssertEqual(clock.sleeps, [])
    }

    func testA429WithAShortRetryAfterIsWaitedOutAndAskedAgain() async throws {
        // Given
        let stub = ScriptedHTTPFetcherStub(clock: clock, .status(429, headers: ["Retry-After": "2"]), .status(200))
        let sut = makeSUT(stub)

        // When
        let response = try await sut.get(url, headers: [:])

        // Then
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(clock.sleeps, [.seconds(2)])
        XCTAssertEqual(stub.calls.map(\.at), [.zero, .seconds(2)])
    }

    func testA429WithALongRetryAfterIsHandedBackAtOnce() async throws {
        // Given
        let stub = ScriptedHTTPFetcherStub(clock: clock, .status(429, headers: ["Retry-After": "3"]), .status(200))
        let sut = makeSUT(stub)

        // When
        let response = try await sut.get(url, headers: [:])

        // Then
        XCTAssertEqual(response.status, 429)
        XCTAssertEqual(stub.calls.count, 1)
        XCTAssertEqual(clock.sleeps, [])
    }

    func testA429WithoutRetryAfterWaitsTheDefaultTwoSecondsAndAsksAgain() async throws {
        // Given
        let stub = ScriptedHTTPFetcherStub(clock: clock, .status(429), .status(200))
        let sut = makeSUT(stub)

        // When
        let response = try await sut.get(url, headers: [:])

        // Then
        XCTAssertEqual(SourceError.defaultRetryAfterSeconds, 2)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(clock.sleeps, [.seconds(2)])
    }

    func testA429WithAnHTTPDateOneSecondAheadIsWaitedOut() async throws {
        // Given the wall clock at 07:27:59 and Retry-After at 07:28:00 the same day
        let now = Date(timeIntervalSince1970: 1_445_412_479) // Wed, 21 Oct 2015 07:27:59 GMT
        let stub = ScriptedHTTPFetcherStub(clock: clock, .status(429, headers: ["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"]), .status(200))
        let sut = makeSUT(stub, date: now)

        // When
        let response = try await sut.get(url, headers: [:])

        // Then
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(clock.sleeps, [.seconds(1)])
    }

    func testRetriesStopAtTheRetryCountAndTheLastAnswerIsReturned() async throws {
        // Given
        let stub = ScriptedHTTPFetcherStub(clock: clock, .status(503))
        let sut = makeSUT(stub)

        // When
        let response = try await sut.get(url, headers: [:])

        // Then
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(stub.calls.count, 3, "the first try and 2 retries")
    }

    func testTimeoutsAreRetriedWithinTheTotalLimitAndReportTheWholeWait() async throws {
        // Given a server that never answers, each try timing out after 5 s, 15 s in all
        let stub = ScriptedHTTPFetcherStub(clock: clock, .timeout(afterSeconds: 5))
        let sut = makeSUT(stub)

        // When / Then
        do {
            _ = try await sut.get(url, headers: [:])
            XCTFail("expected an error")
        } catch let error as HTTPError {
            XCTAssertEqual(error, .timedOut(seconds: 15))
        }
        // Tries at 0, 5 + 0.5 and 10.5 + 1 s, each given what is left of the 15 s.
        XCTAssertEqual(stub.calls.map(\.at), [.zero, .milliseconds(5_500), .milliseconds(11_500)])
        XCTAssertEqual(stub.calls.compactMap(\.limitSeconds), [15, 9.5, 3.5])
        XCTAssertEqual(clock.now, .seconds(15))
    }

    func testNoRetryStartsWhenItsBackoffWouldPassTheLimit() async throws {
        // Given 2 s in all and tries that take 1.8 s
        let stub = ScriptedHTTPFetcherStub(clock: clock, .timeout(afterSeconds: 1.8))
        let sut = makeSUT(stub, policy: RetryPolicy(totalLimit: .seconds(2)))

        // When
        do {
            _ = try await sut.get(url, headers: [:])
            XCTFail("expected an error")
        } catch {}

        // Then
        XCTAssertEqual(stub.calls.count, 1)
        XCTAssertEqual(clock.sleeps, [])
    }

    func testCancelledTransportIsACancellationError() async throws {
        // Given
        let stub = ScriptedHTTPFetcherStub(clock: clock, .failure(.cancelled))
        let sut = makeSUT(stub)

        // When / Then
        do {
            _ = try await sut.get(url, headers: [:])
            XCTFail("expected an error")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertEqual(stub.calls.count, 1)
    }

    func testCancellingDuringABackoffEndsTheCallAtOnce() async throws {
        // Given a real clock and a 30 s backoff
        let stub = ScriptedHTTPFetcherStub(clock: clock, .status(500))
        let sut = ResilientHTTPClient(
            inner: stub, provider: ProviderName("Test", credit: "Test data"),
            policy: RetryPolicy(baseDelay: .seconds(30), maximumDelay: .seconds(30), totalLimit: .seconds(120)),
            pacer: nil, clock: SystemWaitClock(), jitter: { $0 })
        let url = self.url
        let task = Task { try await sut.get(url, headers: [:]) }
        // Cancelled in the backoff: once the first try has been answered.
        for _ in 0..<1_000 where stub.calls.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(stub.calls.count, 1, "the first try was made")
        let started = ContinuousClock.now

        // When
        task.cancel()

        // Then
        do {
            _ = try await task.value
            XCTFail("expected an error")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertLessThan(ContinuousClock.now - started, .milliseconds(500))
        XCTAssertEqual(stub.calls.count, 1)
    }

    func testEveryTryWaitsForThePacersTurn() async throws {
        // Given a pacer of one call a second for the provider
        let pacer = RequestPacer(rules: ["Test": RequestPacer.Rule(limit: 1, per: .seconds(1))], clock: clock)
        let stub = ScriptedHTTPFetcherStub(clock: clock, .status(500), .status(200))
        let sut = makeSUT(stub, fraction: 0.1, pacer: pacer)

        // When
        _ = try await sut.get(url, headers: [:])

        // Then: the retry's backoff (0.05 s) is lengthened to the next turn, 1 s after the first
        XCTAssertEqual(stub.calls.map(\.at), [.zero, .seconds(1)])
    }
}

/// The sliding-window pacing of `RequestPacer`, on a virtual clock.
final class RequestPacerTests: XCTestCase {
    private let clock = VirtualClock()

    func testTVmazeAllowsTwentyCallsThenHoldsTheNextUntilTheWindowPasses() async {
        // Given
        let sut = RequestPacer(rules: ["TVmaze": .tvmaze], clock: clock)

        // When: 25 calls at once
        var waits: [Duration] = []
        for _ in 0..<25 { waits.append(await sut.reserveTurn("TVmaze")) }

        // Then
        XCTAssertEqual(RequestPacer.Rule.tvmaze, RequestPacer.Rule(limit: 20, per: .seconds(10)))
        XCTAssertEqual(Array(waits.prefix(20)), Array(repeating: .zero, count: 20))
        XCTAssertEqual(Array(waits.suffix(5)), Array(repeating: .seconds(10), count: 5))
    }

    func testNominatimTurnsAreOneSecondApartEvenWhenAskedTogether() async {
        // Given
        let sut = RequestPacer(rules: ["Nominatim": .nominatim], clock: clock)

        // When
        var waits: [Duration] = []
        for _ in 0..<3 { waits.append(await sut.reserveTurn("Nominatim")) }

        // Then
        XCTAssertEqual(waits, [.zero, .seconds(1), .seconds(2)])
    }

    func testACallAfterTheWindowHasPassedGoesAtOnce() async throws {
        // Given
        let sut = RequestPacer(rules: ["Nominatim": .nominatim], clock: clock)
        try await sut.waitForTurn("Nominatim")

        // When
        clock.advance(by: .milliseconds(1_500))
        let wait = try await sut.waitForTurn("Nominatim")

        // Then
        XCTAssertEqual(wait, .zero)
    }

    func testWaitingSleepsOnTheClockUntilTheTurn() async throws {
        // Given
        let sut = RequestPacer(rules: ["Nominatim": .nominatim], clock: clock)
        try await sut.waitForTurn("Nominatim")
        clock.advance(by: .milliseconds(300))

        // When
        try await sut.waitForTurn("Nominatim")

        // Then
        XCTAssertEqual(clock.sleeps, [.milliseconds(700)])
        XCTAssertEqual(clock.now, .seconds(1))
    }

    func testAKeyWithoutARuleIsNeverHeldBack() async {
        // Given
        let sut = RequestPacer(rules: ["Nominatim": .nominatim], clock: clock)

        // When
        var waits: [Duration] = []
        for _ in 0..<50 { waits.append(await sut.reserveTurn("Geoapify")) }

        // Then
        XCTAssertEqual(Set(waits), [.zero])
    }
}

extension ResilientHTTPClientTests {
    func testAFailureThatAskingAgainWouldRepeatIsTriedOnce() async throws {
        // Given a client that would retry twice, and a redirect loop
        let stub = ScriptedHTTPFetcherStub(clock: clock, .failure(.permanent("too many redirects")), .status(200))
        let sut = makeSUT(stub)

        // When / Then: one try, no wait, the failure as it came
        do {
            _ = try await sut.get(url, headers: [:])
            XCTFail("expected an error")
        } catch let error as HTTPError {
            XCTAssertEqual(error, .permanent("too many redirects"))
        }
        XCTAssertEqual(stub.calls.count, 1)
        XCTAssertEqual(clock.sleeps, [])
    }
}
