import Domain

/// The load of one resource (a show's details, its episodes, a day's schedules): the one
/// load-and-retry loop the scenes without pages share.
///
/// `load` cancels what runs, sets `isLoading`, presents, then hands each update the source
/// sends to `receive` (clearing `isLoading` and `error`) and presents again. When the updates
/// end it presents once more; when they fail (not a cancellation) the failure becomes `error`
/// as a `SourceError` (`PageLoader.sourceError`) and, for a rate limit, `RetryCountdown` counts
/// down (presenting each second) and then asks again through `retry`. `cancel` (a new load,
/// `r`, the scene closing) stops the load and the countdown. The task `load` returns ends
/// after the countdown's retry too, and is tracked in the scene's `RunningEffects`.
@MainActor
final class ResourceLoader {
    /// True while no update has arrived for the running load.
    private(set) var isLoading = false
    /// Why the last load failed; nil when it did not, or while a new one runs.
    private(set) var error: SourceError?
    private var task: Task<Void, Never>?
    private let countdown: RetryCountdown
    private let effects: RunningEffects

    /// Makes a loader.
    /// - Parameters:
    ///   - clock: the clock a rate limit's countdown runs on (tests pass one that does not wait).
    ///   - effects: where the loads' tasks are tracked.
    init(clock: any Clock<Duration>, effects: RunningEffects) {
        self.countdown = RetryCountdown(clock: clock)
        self.effects = effects
    }

    /// True while a load runs (its updates have not ended).
    var isRunning: Bool { task != nil }
    /// The running load's task; nil when none runs.
    var runningTask: Task<Void, Never>? { task }
    /// The seconds left before a rate-limited load is asked again; nil when no countdown runs.
    var retryInSeconds: Int? { countdown.remainingSeconds }

    /// Starts a load, stopping the one running and its countdown.
    /// - Parameters:
    ///   - updates: the source's answers, a kept copy first when there is one; asked once.
    ///   - receive: takes an update (on the main actor), before the loader presents.
    ///   - present: shows the loader's state and what was received.
    ///   - retry: asks again after a rate limit's countdown; returns the new load's task.
    ///   - after: work of the same load once every update has arrived without a failure (what
    ///     is asked after the main answer so that it never waits for it), before the last
    ///     present; nil for none.
    /// - Returns: the load's task (tracked); it ends after a countdown's retry too.
    @discardableResult
    func load<Value: Sendable>(
        _ updates: @escaping @Sendable () -> AsyncThrowingStream<Value, any Error>,
        receive: @escaping @MainActor (Value) -> Void,
        present: @escaping @MainActor () -> Void,
        retry: @escaping @MainActor () -> Task<Void, Never>?,
        after: (@MainActor () async -> Void)? = nil
    ) -> Task<Void, Never> {
        cancel()
        isLoading = true
        error = nil
        present()
        let task = Task { [weak self] in
            var failure: SourceError?
            do {
                for try await value in updates() {
                    guard !Task.isCancelled, let self else { return }
                    self.isLoading = false
                    self.error = nil
                    receive(value)
                    present()
                }
            } catch is CancellationError {
                return
            } catch {
                failure = PageLoader.sourceError(error)
            }
            guard !Task.isCancelled else { return }
            if failure == nil, let after { await after() }
            guard !Task.isCancelled, let self else { return }
            await self.finish(failure, present: present, retry: retry)?.value
        }
        self.task = task
        return effects.track(task)
    }

    /// Stops the running load and any countdown; what was received stays.
    func cancel() {
        task?.cancel()
        task = nil
        countdown.stop()
        isLoading = false
    }

    /// Ends a load; a rate limit starts the countdown to a retry.
    /// - Returns: the countdown's task (it ends after the retry's), or nil.
    private func finish(
        _ failure: SourceError?, present: @escaping @MainActor () -> Void,
        retry: @escaping @MainActor () -> Task<Void, Never>?
    ) -> Task<Void, Never>? {
        task = nil
        isLoading = false
        error = failure
        var countdownTask: Task<Void, Never>?
        if case .rateLimited(_, let seconds)? = failure {
            countdownTask = countdown.start(retryAfter: seconds, tick: { _ in present() }, retry: retry)
        }
        present()
        return countdownTask
    }
}
