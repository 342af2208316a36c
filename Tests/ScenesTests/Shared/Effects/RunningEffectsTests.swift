import TestSupport
import XCTest

@testable import Scenes

/// The set of running use-case tasks a test awaits instead of polling.
@MainActor
final class RunningEffectsTests: XCTestCase {
    func testFinishedWaitsForEveryTrackedTaskAndThoseStartedMeanwhile() async {
        // Given a task that, when done, starts another, and a gate holding the first
        let sut = RunningEffects()
        let gate = Gate()
        var done: [String] = []
        sut.track(
            Task {
                await gate.pass()
                done.append("first")
                sut.track(Task { done.append("second") })
            })
        XCTAssertFalse(sut.isIdle)

        // When the gate opens while the test waits
        let waiting = Task { await sut.finished() }
        await gate.arrival()
        gate.open()
        await waiting.value

        // Then both have run, and nothing is left
        XCTAssertEqual(done, ["first", "second"])
        XCTAssertTrue(sut.isIdle)
    }

    func testWorkQueuedOnTheMainActorByALastTaskIsWaitedFor() async {
        // Given a task that queues a request for after its own step (as a display step does)
        let sut = RunningEffects()
        var asked = false
        sut.track(
            Task {
                Task { sut.track(Task { asked = true }) }
            })

        // When
        await sut.finished()

        // Then
        XCTAssertTrue(asked)
        XCTAssertTrue(sut.isIdle)
    }
}
