import Domain

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
    private let loader: ResourceLoader
    private var guide: ShowEpisodes?
    private var notRecorded = false

    /// Makes an Interactor.
    /// - Parameters:
    ///   - worker: the source of episodes, whose ids are those of the show's provider.
    ///   - clock: the clock a rate limit's countdown runs on.
    ///   - effects: where the use cases' tasks are tracked.
    package init(worker: any EpisodesWorking, clock: any Clock<Duration> = ContinuousClock(), effects: RunningEffects = RunningEffects()) {
        self.worker = worker
        self.loader = ResourceLoader(clock: clock, effects: effects)
    }

    @discardableResult
    package func loadGuide(request: EpisodeGuide.LoadGuide.Request) -> Task<Void, Never> {
        guard let show else { return Task {} }
        if let task = loader.runningTask, !request.retry { return task }
        if guide != nil, !request.retry {
            present(show)
            return Task {}
        }
        let worker = self.worker
        return loader.load({ worker.episodesUpdates(showID: show.id) }, receive: { [weak self] guide in
            self?.receive(guide)
        }, present: { [weak self] in
            self?.present(show)
        }, retry: { [weak self] in
            self?.loadGuide(request: .init(retry: true))
        })
    }

    package func showEpisode(request: EpisodeGuide.ShowEpisode.Request) {
        guard let show, let guide else { return }
        let episodes = request.specials ? guide.specials : guide.seasons.first(where: { $0.number == request.season })?.episodes ?? []
        guard episodes.indices.contains(request.index) else { return }
        presenter?.presentEpisode(response: .init(showName: show.name, episode: episodes[request.index]))
    }

    package func cancel() {
        loader.cancel()
    }

    private func receive(_ guide: ShowEpisodes?) {
        if let guide {
            self.guide = guide
            notRecorded = false
        } else if self.guide == nil {
            notRecorded = true
        }
    }

    private func present(_ show: TVShow) {
        presenter?.presentGuide(response: .init(
            show: show, guide: guide, isLoading: loader.isLoading, notRecorded: notRecorded, error: loader.error,
            retryInSeconds: loader.retryInSeconds, startSeason: startSeason
        ))
    }
}
