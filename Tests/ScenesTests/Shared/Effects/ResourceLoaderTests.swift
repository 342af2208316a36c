import Domain
import TestSupport
import XCTest

@testable import Scenes

/// The one load-and-retry loop of a resource: its updates, its failure, a rate limit's
/// countdown and retry, and its cancellation.
@MainActor
final class ResourceLoaderTests: XCTestCase {
    private struct Odd: Error {}

    /// A stream that sends the values, then ends or fails.
    private func stream(_ values: [Int], failing error: (any Error)? = nil) -> @Sendable () -> AsyncThrowingStream<Int, any Error> {
        {
            AsyncThrowingStream { continuation in
                for value in values { continuation.yield(value) }
                continuation.finish(throwing: error)
            }
        }
    }

    /// What was presented: loading, error, countdown, and the values received so far.
    private struct Shown: Equatable {
        let isLoading: Bool
        let error: SourceError?
        let retryIn: Int?
        let received: [Int]
    }

    func testEachUpdateIsReceivedAndPresentedAndTheEndIsPresentedOnce() async {
        let sut = ResourceLoader(clock: ImmediateClock(), effects: RunningEffects())
        var received: [Int] = []
        var shown: [Shown] = []
        let present: @MainActor () -> Void = { shown.append(Shown(isLoading: sut.isLoading, error: sut.error, retryIn: sut.retryInSeconds, received: received)) }
        let task = sut.load(
            stream([1, 2]), receive: { received.append($0) }, present: present,
            retry: {
                XCTFail("no retry"); return nil
            })
        XCTAssertTrue(sut.isRunning)
        await task.value
        XCTAssertEqual(
            shown,
            [
                Shown(isLoading: true, error: nil, retryIn: nil, received: []),
                Shown(isLoading: false, error: nil, retryIn: nil, received: [1]),
                Shown(isLoading: false, error: nil, retryIn: nil, received: [1, 2]),
                Shown(isLoading: false, error: nil, retryIn: nil, received: [1, 2])
            ])
        XCTAssertFalse(sut.isRunning)
    }

    func testAFailureKeepsWhatArrivedAndIsASourceErrorWithoutARetry() async {
        let sut = ResourceLoader(clock: ImmediateClock(), effects: RunningEffects())
        var received: [Int] = []
        var retries = 0
        await sut.load(
            stream([7], failing: SourceError.notFound(provider: .tvmaze)), receive: { received.append($0) }, present: {},
            retry: {
                retries += 1; return nil
            }
        ).value
        XCTAssertEqual(received, [7])
        XCTAssertEqual(sut.error, .notFound(provider: .tvmaze))
        XCTAssertFalse(sut.isLoading)
        // Any other error is said as the source being unreachable.
        await sut.load(
            stream([], failing: Odd()), receive: { _ in }, present: {},
            retry: {
                retries += 1; return nil
            }
        ).value
        XCTAssertEqual(sut.error, .unreachable(provider: .unnamed("source"), reason: "Odd"))
        XCTAssertEqual(retries, 0, "only a rate limit is asked again by itself")
    }

    func testARateLimitCountsDownEachSecondThenAsksAgainAndTheTaskEndsAfterTheRetry() async {
        let clock = ImmediateClock()
        let effects = RunningEffects()
        let sut = ResourceLoader(clock: clock, effects: effects)
        var countdown: [Int?] = []
        var answers = [stream([], failing: SourceError.rateLimited(provider: .tvmaze, retryAfterSeconds: 3)), stream([42])]
        var received: [Int] = []
        func load() -> Task<Void, Never> {
            sut.load(
                answers.removeFirst(), receive: { received.append($0) }, present: { countdown.append(sut.retryInSeconds) },
                retry: { answers.isEmpty ? nil : load() })
        }
        await load().value
        XCTAssertEqual(received, [42], "the retry's answer arrived before the first task ended")
        XCTAssertEqual(countdown.compactMap { $0 }, [3, 2, 1])
        XCTAssertNil(sut.error)
        XCTAssertEqual(clock.slept, .seconds(3))
        await effects.finished()
        XCTAssertTrue(effects.isIdle)
    }

    func testCancellingStopsTheCountdownWithoutARetry() async {
        let sut = ResourceLoader(clock: StoppedClock(), effects: RunningEffects())
        let counting = AwaitableCount()
        var retries = 0
        let task = sut.load(
            stream([], failing: SourceError.rateLimited(provider: .tvmaze, retryAfterSeconds: 30)), receive: { _ in },
            present: { if sut.retryInSeconds != nil { counting.increment() } },
            retry: {
                retries += 1; return nil
            })
        await counting.reach(1)
        XCTAssertEqual(sut.retryInSeconds, 30)
        sut.cancel()
        await task.value
        XCTAssertEqual(retries, 0)
        XCTAssertNil(sut.retryInSeconds)
        XCTAssertFalse(sut.isRunning)
    }
}
