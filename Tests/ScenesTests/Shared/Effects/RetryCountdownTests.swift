import Domain
import TestSupport
import XCTest

@testable import Scenes

/// The one countdown of a rate limit: its clamping, its ticks, its retry and its stop.
@MainActor
final class RetryCountdownTests: XCTestCase {
    func testTheWaitIsRetryAfterWithinOneSecondAndAnHourElseTenSeconds() {
        XCTAssertEqual(RetryCountdown.waitSeconds(retryAfter: nil), 10)
        XCTAssertEqual(RetryCountdown.waitSeconds(retryAfter: 8), 8)
        XCTAssertEqual(RetryCountdown.waitSeconds(retryAfter: 0), 1)
        XCTAssertEqual(RetryCountdown.waitSeconds(retryAfter: -5), 1)
        XCTAssertEqual(RetryCountdown.waitSeconds(retryAfter: 86_400), 3_600)
    }

    func testItTicksOnceASecondThenRetriesAndItsTaskEndsAfterTheRetry() async {
        // Given
        let clock = ImmediateClock()
        let sut = RetryCountdown(clock: clock)
        var ticks: [Int] = []
        var retried = false

        // When
        let task = sut.start(
            retryAfter: 4, tick: { ticks.append($0) },
            retry: {
                Task { @MainActor in retried = true }
            })
        XCTAssertEqual(sut.remainingSeconds, 4, "the whole wait shows at once")
        XCTAssertTrue(sut.isCounting)
        await task.value

        // Then
        XCTAssertEqual(ticks, [3, 2, 1])
        XCTAssertTrue(retried, "the retry's task was awaited")
        XCTAssertEqual(clock.sleeps, Array(repeating: .seconds(1), count: 4))
        XCTAssertNil(sut.remainingSeconds)
        XCTAssertNil(sut.task)
    }

    func testStoppingEndsTheWaitWithoutARetry() async {
        // Given a countdown of 30 s whose seconds do not pass
        let sut = RetryCountdown(clock: StoppedClock())
        var retries = 0
        let task = sut.start(
            retryAfter: 30, tick: { _ in },
            retry: {
                retries += 1; return nil
            })
        XCTAssertEqual(sut.remainingSeconds, 30)

        // When
        sut.stop()
        await task.value

        // Then
        XCTAssertEqual(retries, 0)
        XCTAssertNil(sut.remainingSeconds)
        XCTAssertFalse(sut.isCounting)
    }

    func testStartingAgainReplacesTheRunningCountdown() async {
        // Given
        let clock = ImmediateClock()
        let sut = RetryCountdown(clock: clock)
        var retries: [String] = []
        let first = sut.start(
            retryAfter: 5, tick: { _ in },
            retry: {
                retries.append("first"); return nil
            })

        // When
        let second = sut.start(
            retryAfter: 2, tick: { _ in },
            retry: {
                retries.append("second"); return nil
            })
        await first.value
        await second.value

        // Then
        XCTAssertEqual(retries, ["second"])
    }
}
