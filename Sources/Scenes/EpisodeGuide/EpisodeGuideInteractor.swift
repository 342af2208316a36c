import Domain
import FoundationEssentials

/// The EpisodeGuide scene's business logic: asks the Worker for the show's episodes (a kept
/// copy first when there is one, then a fresh one) and hands each answer to the Presenter.
///
/// A failure keeps what is on screen; `r` asks again; a rate limit counts down
/// (`RetryCountdown`) and retries by itself. Closing the scene (`cancel()`) stops the load and
/// the countdown.
@MainActor
package final class EpisodeGuideInteractor: EpisodeGuideBusinessLogic, EpisodeGuideDataStore {
    package var presenter: EpisodeGuidePresentationLogic?
    package var show: TVShow?
    package var startSeason: Int?
    private let worker: any EpisodesWorking
    private let countdown: RetryCountdown
    let effects: RunningEffects
    private(set) var guide: ShowEpisodes?
    /// The watched marks (`w`, `W`, `u`); nil leaves the scene without them.
    package var watchedWorker: (any WatchedWorking)?
    /// The favourites a show joins when one of its episodes is marked; nil for none.
    package var favourites: FavouritesBook?
    /// The wall clock that says which episodes have aired and stamps the marks.
    package var wallClock: @Sendable () -> Date = { Date() }
    /// The marked episodes of the show, the last mark change (for `u`), and what it said.
    var watch = WatchState()
    private var notRecorded = false
    private var task: Task<Void, Never>?
    private var isLoading = false
    private var error: SourceError?

    /// Makes an Interactor.
    /// - Parameters:
    ///   - worker: the source of episodes, whose ids are those of the show's provider.
    ///   - clock: the clock a rate limit's countdown runs on.
    ///   - effects: where the use cases' tasks are tracked.
    package init(worker: any EpisodesWorking, clock: any Clock<Duration> = ContinuousClock(), effects: RunningEffects = RunningEffects()) {
        self.worker = worker
        self.countdown = RetryCountdown(clock: clock)
        self.effects = effects
    }

    @discardableResult
    package func loadGuide(request: EpisodeGuide.LoadGuide.Request) -> Task<Void, Never> {
        guard let show else { return Task {} }
        if let task, !request.retry { return task }
        if guide != nil, !request.retry {
            present(show)
            return Task {}
        }
        cancel()
        isLoading = true
        error = nil
        present(show)
        let worker = self.worker
        let task = Task { [weak self] in
            do {
                for try await guide in worker.episodesUpdates(showID: show.id) {
                    guard !Task.isCancelled else { return }
                    self?.receive(guide, show: show)
                }
                guard !Task.isCancelled else { return }
                self?.finish(show: show, error: nil)
            } catch is CancellationError {
                return
            } catch {
                guard !Task.isCancelled else { return }
                // A rate limit's countdown and retry belong to this load: its task ends after them.
                await self?.finish(show: show, error: (error as? SourceError) ?? .unreachable(provider: "source", reason: String(describing: type(of: error))))?.value
            }
        }
        self.task = task
        return effects.track(task)
    }

    package func showEpisode(request: EpisodeGuide.ShowEpisode.Request) {
        guard let show, let guide else { return }
        let episodes = request.specials ? guide.specials : guide.seasons.first(where: { $0.number == request.season })?.episodes ?? []
        guard episodes.indices.contains(request.index) else { return }
        presenter?.presentEpisode(response: .init(showName: show.name, episode: episodes[request.index]))
    }

    package func cancel() {
        task?.cancel()
        task = nil
        countdown.stop()
        isLoading = false
    }

    private func receive(_ guide: ShowEpisodes?, show: TVShow) {
        if let guide {
            self.guide = guide
            notRecorded = false
            loadMarks(show: show, provider: guide.source.provider)
        } else if self.guide == nil {
            notRecorded = true
        }
        isLoading = false
        error = nil
        present(show)
    }

    /// Ends a load; a rate limit starts the countdown to a retry.
    /// - Returns: the countdown's task (it ends after the retry's), or nil.
    @discardableResult
    private func finish(show: TVShow, error: SourceError?) -> Task<Void, Never>? {
        task = nil
        isLoading = false
        self.error = error
        var countdownTask: Task<Void, Never>?
        if case .rateLimited(_, let seconds)? = error {
            countdownTask = countdown.start(retryAfter: seconds, tick: { [weak self] _ in
                self?.present(show)
            }, retry: { [weak self] in
                self?.loadGuide(request: .init(retry: true))
            })
        }
        present(show)
        return countdownTask
    }

    func present(_ show: TVShow) {
        presenter?.presentGuide(response: .init(
            show: show, guide: guide, isLoading: isLoading, notRecorded: notRecorded, error: error,
            retryInSeconds: countdown.remainingSeconds, startSeason: startSeason,
            watched: watch.marked, watchMessage: watch.message, watchMessageIsError: watch.messageIsError
        ))
    }
}
