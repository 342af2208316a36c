/// Monotonic time and waits, replaceable in tests so that backoff and pacing can be checked
/// without waiting for real seconds.
public protocol WaitClock: Sendable {
    /// The time since a fixed origin on a monotonic clock.
    var now: Duration { get }
    /// Suspends for a while.
    /// - Parameter duration: how long; zero or less returns at once.
    /// - Throws: `CancellationError` as soon as the calling task is cancelled.
    func sleep(for duration: Duration) async throws
}
