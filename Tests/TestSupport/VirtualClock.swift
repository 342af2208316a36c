import Foundation
import Synchronization
import Workers

/// A `WaitClock` whose time moves only when something sleeps on it or a test advances it, so
/// that backoff and pacing are checked without waiting for real seconds. Records every sleep.
public final class VirtualClock: WaitClock {
    private struct State {
        var now: Duration = .zero
        var sleeps: [Duration] = []
    }
    private let state = Mutex(State())

    /// Makes a clock at time zero.
    public init() {}

    /// The virtual time.
    public var now: Duration { state.withLock { $0.now } }

    /// Every sleep asked for, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// Moves the time forward.
    /// - Parameter duration: how far.
    public func advance(by duration: Duration) {
        state.withLock { $0.now += duration }
    }

    /// Records the sleep and moves the time past it at once.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        state.withLock {
            $0.sleeps.append(duration)
            $0.now += max(.zero, duration)
        }
        await Task.yield()
        try Task.checkCancellation()
    }
}
