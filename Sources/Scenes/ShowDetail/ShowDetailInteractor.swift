import Domain
import FoundationEssentials

/// The ShowDetail scene's business logic: shows what the list knew at once, then asks the
/// Worker for cast and seasons: a cached copy first when there is one, then a fresh one.
///
/// A failure keeps what is on screen; `r` asks again; a rate limit counts down
/// (`RetryCountdown`) and retries by itself. Closing the scene (`cancel()`) stops the load and
/// the countdown. `loadDetails` returns its task, which ends after a countdown's retry too.
@MainActor
package final class ShowDetailInteractor: ShowDetailBusinessLogic, ShowDetailDataStore {
    package var presenter: ShowDetailPresentationLogic?
    package var show: TVShow?
    package var listedSource: DataSource?
    package var detailsSource: DataSource? { details?.source ?? listedSource }
    private let worker: any TVShowsWorking
    private let countdown: RetryCountdown
    let effects: RunningEffects
    private var details: TVShowDetails?
    private var task: Task<Void, Never>?
    private var isLoading = false
    private var error: SourceError?
    /// The watched marks, for the progress line; nil for none.
    package var watchedWorker: (any WatchedWorking)?
    /// The episode list of a show from a source (the progress counts its episodes); nil for none.
    package var episodesFor: (@MainActor (DataSource?) -> (any EpisodesWorking)?)?
    /// The wall clock that says which episodes have aired.
    package var wallClock: @Sendable () -> Date = { Date() }
    /// How far the show is watched; nil before it is known or when nothing is marked.
    var progress: WatchProgress?

    /// Makes an Interactor.
    /// - Parameters:
    ///   - worker: the source of details.
    ///   - clock: the clock the rate-limit countdown waits on (tests pass one that does not wait).
    ///   - effects: where the use cases' tasks are tracked.
    package init(worker: any TVShowsWorking, clock: any Clock<Duration> = ContinuousClock(), effects: RunningEffects = RunningEffects()) {
        self.worker = worker
        self.countdown = RetryCountdown(clock: clock)
        self.effects = effects
    }

    @discardableResult
    package func loadDetails(request: ShowDetail.LoadDetails.Request) -> Task<Void, Never> {
        guard let show else { return .nothing }
        if (details != nil || task != nil) && !request.retry {
            present(show)
            return .nothing
        }
        cancel()
        isLoading = true
        error = nil
        present(show)
        let worker = self.worker
        let task = Task { [weak self] in
            var failure: SourceError?
            do {
                for try await details in worker.showDetailsUpdates(for: show) {
                    self?.receive(details, show: show)
                }
            } catch is CancellationError {
                return
            } catch {
                failure = PageLoader.sourceError(error)
            }
            guard !Task.isCancelled, let self else { return }
            await self.finish(show: show, error: failure)?.value
        }
        self.task = task
        return effects.track(task)
    }

    package func cancel() {
        task?.cancel()
        task = nil
        countdown.stop()
        isLoading = false
    }

    private func receive(_ details: TVShowDetails, show: TVShow) {
        self.details = details
        isLoading = false
        error = nil
        present(show)
    }

    /// The load is over: a rate limit starts the countdown.
    /// - Returns: the countdown's task, for a rate limit.
    private func finish(show: TVShow, error: SourceError?) -> Task<Void, Never>? {
        task = nil
        isLoading = false
        self.error = error
        var countdownTask: Task<Void, Never>?
        if case .rateLimited(_, let seconds)? = error {
            countdownTask = countdown.start(retryAfter: seconds, tick: { [weak self] _ in
                self?.present(show)
            }, retry: { [weak self] in
                self?.loadDetails(request: .init(retry: true))
            })
        }
        present(show)
        return countdownTask
    }

    func present(_ show: TVShow) {
        let refreshing: Bool
        if case .cache? = details?.source { refreshing = task != nil } else { refreshing = false }
        var response = ShowDetail.LoadDetails.Response(
            show: show, details: details, isLoading: isLoading, error: error,
            isRefreshing: refreshing && error == nil, retryInSeconds: countdown.remainingSeconds, listedSource: listedSource
        )
        response.progress = progress
        presenter?.presentDetails(response: response)
    }
}
