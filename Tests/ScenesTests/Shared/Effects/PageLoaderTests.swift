import Domain
import TestSupport
import XCTest

@testable import Scenes

/// The one page loader: its generation, slots, failed page and awaited follow-ups.
@MainActor
final class PageLoaderTests: XCTestCase {
    func testAFinishedLoadFreesItsSlotAndItsTaskAwaitsWhatFinishedStarted() async {
        // Given
        let sut = PageLoader()
        var delivered: [Int] = []
        var followed = false

        // When
        let task = sut.load(
            page: 0, { _ in delivered.append(0) },
            finished: {
                Task { @MainActor in followed = true }
            })
        XCTAssertTrue(sut.isLoadingFirstPage)
        XCTAssertFalse(sut.isLoadingNextPage)
        await task.value

        // Then
        XCTAssertEqual(delivered, [0])
        XCTAssertTrue(followed)
        XCTAssertFalse(sut.isLoadingFirstPage)
        XCTAssertNil(sut.failedPage)
    }

    func testAFailureRecordsThePageAndNamesItAsASourceError() async {
        // Given
        struct Odd: Error {}
        let sut = PageLoader()
        var failures: [SourceError] = []

        // When
        await sut.load(
            page: 2, { _ in throw Odd() },
            failed: {
                failures.append($0); return nil
            }
        ).value

        // Then
        XCTAssertEqual(sut.failedPage, 2)
        XCTAssertEqual(failures, [.unreachable(provider: .unnamed("source"), reason: "Odd")])
        XCTAssertFalse(sut.isLoadingNextPage)
        sut.clearFailure()
        XCTAssertNil(sut.failedPage)
    }

    func testARestartMakesTheRunningLoadStaleAndCancelsIt() async {
        // Given a load that waits
        let sut = PageLoader()
        sut.advance(pastPage: 3, hasMore: false)
        var finished = 0, failed = 0
        let task = sut.load(
            page: 4, { _ in try await StoppedClock().sleep(for: .seconds(1)) },
            finished: {
                finished += 1; return nil
            },
            failed: { _ in
                failed += 1; return nil
            })

        // When
        sut.restart()
        await task.value

        // Then
        XCTAssertEqual(finished + failed, 0, "a cancelled load neither finishes nor fails")
        XCTAssertEqual(sut.generation, 1)
        XCTAssertEqual(sut.nextPage, 0)
        XCTAssertTrue(sut.hasMore)
        XCTAssertFalse(sut.isLoadingNextPage)
    }

    func testALoadThatOutlivesARestartDeliversNothing() async {
        // Given a load whose work ignores cancellation
        let sut = PageLoader()
        var current: [Bool] = []
        var finished = 0
        let task = sut.load(
            page: 0,
            { generation in
                await Task.yield()
                current.append(sut.isCurrent(generation))
            },
            finished: {
                finished += 1; return nil
            })

        // When
        sut.restart()
        await task.value

        // Then
        XCTAssertEqual(current, [false])
        XCTAssertEqual(finished, 0)
    }

    func testALoadInASlotReplacesTheSlotsEarlierLoadOnly() async {
        // Given one load in each slot
        let sut = PageLoader()
        var cancelled: [String] = []
        let first = sut.load(
            page: 0,
            { _ in
                do { try await StoppedClock().sleep(for: .seconds(1)) } catch { cancelled.append("first") }
            })
        let next = sut.load(
            page: 1,
            { _ in
                do { try await StoppedClock().sleep(for: .seconds(1)) } catch { cancelled.append("next") }
            })

        // When page 1 is asked again
        let again = sut.load(page: 1, { _ in })
        await next.value
        await again.value

        // Then
        XCTAssertEqual(cancelled, ["next"])
        XCTAssertTrue(sut.isLoadingFirstPage)
        XCTAssertFalse(sut.isLoadingNextPage)
        sut.cancel()
        await first.value
        XCTAssertEqual(cancelled, ["next", "first"])
        XCTAssertEqual(sut.task(in: .first), nil as Task<Void, Never>?)
    }

    func testAdvanceRecordsTheNextPageAndWhetherMoreExist() {
        let sut = PageLoader()
        sut.advance(pastPage: 2, hasMore: true)
        XCTAssertEqual(sut.nextPage, 3)
        XCTAssertTrue(sut.hasMore)
        sut.advance(pastPage: 3, hasMore: false)
        XCTAssertFalse(sut.hasMore)
    }
}
