/// A rate limit's wait, counted down once a second on screen and followed by a retry: the one
/// countdown every scene uses.
///
/// `start` clamps the wait (the source's `Retry-After`, else `defaultWaitSeconds`) to
/// `1...longestWaitSeconds`, sets `remainingSeconds` to it, and then, once a second on the
/// injected clock, lowers it and calls `tick` (while seconds remain), and at zero clears it
/// and calls `retry`. `stop` (a new load, `r`, the scene closing) ends it without a retry. The
/// task `start` returns finishes after the retry's own task, so a caller can await the whole
/// wait-and-retry.
@MainActor
final class RetryCountdown {
    /// The wait when a rate limit gives no `Retry-After`, in seconds.
    static let defaultWaitSeconds = 10
    /// The longest wait honoured before retrying by itself, in seconds (a longer `Retry-After`
    /// is cut to it: the person can still press `r`).
    static let longestWaitSeconds = 3_600

    /// The seconds left before the retry; nil when no countdown runs.
    private(set) var remainingSeconds: Int?
    /// The running countdown's task; nil when none runs.
    private(set) var task: Task<Void, Never>?
    private let clock: any Clock<Duration>
    /// The number of the last `start`, so that a stopped countdown's task does nothing more.
    private var run = 0

    /// Makes a countdown.
    /// - Parameter clock: the clock its seconds pass on (tests pass one that does not wait).
    init(clock: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
    }

    /// True while a countdown runs.
    var isCounting: Bool { remainingSeconds != nil }

    /// The wait for a rate limit, in seconds: its `Retry-After` (else `defaultWaitSeconds`)
    /// within `1...longestWaitSeconds`.
    /// - Parameter retryAfterSeconds: the source's `Retry-After`, in seconds, or nil.
    static func waitSeconds(retryAfter retryAfterSeconds: Int?) -> Int {
        max(1, min(retryAfterSeconds ?? defaultWaitSeconds, longestWaitSeconds))
    }

    /// Starts counting down, stopping a countdown already running.
    /// - Parameters:
    ///   - retryAfterSeconds: the source's `Retry-After`, in seconds, or nil for the default.
    ///   - tick: called after each second while seconds remain, with the seconds left.
    ///   - retry: called at zero; returns the retry's task (awaited), or nil.
    /// - Returns: the countdown's task; it ends after the retry's task, or at once when stopped.
    @discardableResult
    func start(
        retryAfter retryAfterSeconds: Int?, tick: @escaping @MainActor (Int) -> Void,
        retry: @escaping @MainActor () -> Task<Void, Never>?
    ) -> Task<Void, Never> {
        stop()
        run += 1
        let run = self.run
        let total = Self.waitSeconds(retryAfter: retryAfterSeconds)
        remainingSeconds = total
        let clock = self.clock
        let task = Task { [weak self] in
            var remaining = total
            while remaining > 0 {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                remaining -= 1
                guard let self, self.run == run, !Task.isCancelled else { return }
                if remaining > 0 {
                    self.remainingSeconds = remaining
                    tick(remaining)
                }
            }
            guard let self, self.run == run, !Task.isCancelled else { return }
            self.remainingSeconds = nil
            self.task = nil
            await retry()?.value
        }
        self.task = task
        return task
    }

    /// Ends the countdown without a retry.
    func stop() {
        run += 1
        task?.cancel()
        task = nil
        remainingSeconds = nil
    }
}
