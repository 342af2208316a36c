import Domain

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
    private let effects: RunningEffects
    private var details: TVShowDetails?
    private var task: Task<Void, Never>?
    private var isLoading = false
    private var error: SourceError?
    /// The shows like this one, once loaded (after the details).
    private var similar: SimilarShows?
    /// The source of "More like this" for details from a source; nil for none.
    package var similarWorker: (@MainActor (DataSource) -> (any SimilarShowsWorking)?)?
    /// Where to watch, once loaded.
    private var watch: WatchProviders?
    /// The source of "Where to watch" for details from a source (TMDB's, with a key); nil for none.
    package var watchWorker: (@MainActor (DataSource) -> (any WatchProvidersWorking)?)?
    /// The viewer's country for "Where to watch" (the `country` setting).
    package var watchCountry = "US"
    /// Whether the details' source has watch providers (set as details arrive).
    private var watchAvailable = false
    /// Whether the watch providers were asked for and answered (or failed).
    private var watchAnswered = false

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
            if failure == nil, self.similar == nil, let shown = self.details, let similarWorker = self.similarWorker?(shown.source) {
                // After the details, so that they never wait for it; a failure leaves the section out.
                self.similar = try? await similarWorker.similarShows(to: shown.show)
            }
            if failure == nil, self.watch == nil, let shown = self.details, let watchWorker = self.watchWorker?(shown.source) {
                self.watch = try? await watchWorker.watchProviders(showID: shown.show.id, countryCode: self.watchCountry)
                self.watchAnswered = true
            }
            guard !Task.isCancelled else { return }
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
        watchAvailable = watchWorker?(details.source) != nil
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

    private func present(_ show: TVShow) {
        let refreshing: Bool
        if case .cache? = details?.source { refreshing = task != nil } else { refreshing = false }
        presenter?.presentDetails(response: .init(
            show: show, details: details, isLoading: isLoading, error: error,
            isRefreshing: refreshing && error == nil, retryInSeconds: countdown.remainingSeconds, listedSource: listedSource,
            similar: similar, watch: watch, watchCountry: watchAvailable ? watchCountry : nil, watchPending: watchAvailable && !watchAnswered
        ))
    }
}
