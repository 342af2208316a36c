import Synchronization

/// The instants of the test clocks: a duration since the clock's origin.
public struct TestInstant: InstantProtocol, Sendable {
    /// The time since the clock's origin.
    public var offset: Duration

    /// Makes an instant.
    /// - Parameter offset: the time since the origin.
    public init(offset: Duration) { self.offset = offset }

    public func advanced(by duration: Duration) -> TestInstant { TestInstant(offset: offset + duration) }
    public func duration(to other: TestInstant) -> Duration { other.offset - offset }
    public static func < (lhs: TestInstant, rhs: TestInstant) -> Bool { lhs.offset < rhs.offset }
}

/// A `Clock` on which every sleep ends at once, as if its time had passed: the time moves
/// forward by each sleep, and every sleep is recorded. A cancelled task's sleep throws
/// `CancellationError`, before and after letting other tasks run.
public final class ImmediateClock: Clock, Sendable {
    private struct State {
        var now = TestInstant(offset: .zero)
        var sleeps: [Duration] = []
    }
    private let state = Mutex(State())

    /// Makes a clock at its origin.
    public init() {}

    /// The clock's time.
    public var now: TestInstant { state.withLock { $0.now } }
    /// The smallest step: none.
    public var minimumResolution: Duration { .zero }
    /// Every sleep asked for, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }
    /// The time slept in all.
    public var slept: Duration { state.withLock { $0.sleeps.reduce(.zero, +) } }

    /// Records the sleep and moves the time to its deadline at once.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(until deadline: TestInstant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        state.withLock {
            $0.sleeps.append(max(.zero, $0.now.duration(to: deadline)))
            $0.now = max($0.now, deadline)
        }
        await Task.yield()
        try Task.checkCancellation()
    }
}

/// A `Clock` whose time never moves: a sleep on it ends only when its task is cancelled, so a
/// test can look at a wait in progress (a countdown's first second) for as long as it likes.
public struct StoppedClock: Clock, Sendable {
    /// The number of sleeps begun, to await the start of a wait.
    public let sleeps = AwaitableCount()

    /// Makes a clock.
    public init() {}

    /// Always the origin.
    public var now: TestInstant { TestInstant(offset: .zero) }
    /// The smallest step: none.
    public var minimumResolution: Duration { .zero }

    /// Waits until the task is cancelled.
    /// - Throws: `CancellationError`, always (when the task is cancelled).
    public func sleep(until deadline: TestInstant, tolerance: Duration?) async throws {
        sleeps.increment()
        try await Task.sleep(for: .seconds(86_400))
    }
}
