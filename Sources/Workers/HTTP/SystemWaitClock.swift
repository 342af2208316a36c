/// `WaitClock` on the system's monotonic clock (`ContinuousClock`, which keeps counting while
/// the machine sleeps) and `Task.sleep`, which ends at once when the task is cancelled.
public struct SystemWaitClock: WaitClock {
    private let origin = ContinuousClock.now

    /// Makes a clock whose origin is now.
    public init() {}

    /// The time since this clock was made.
    public var now: Duration { ContinuousClock.now - origin }

    /// Sleeps with `Task.sleep`; see `WaitClock.sleep(for:)`.
    public func sleep(for duration: Duration) async throws {
        guard duration > .zero else { return try Task.checkCancellation() }
        try await Task.sleep(for: duration)
    }
}
