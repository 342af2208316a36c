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
    package var startEpisode: SeasonAndNumber?
    private let worker: any EpisodesWorking
    private let loader: ResourceLoader
    /// Where the scene's tasks are tracked.
    let effects: RunningEffects
    private(set) var guide: ShowEpisodes?
    /// The person's record of the show (`w`, `W`, `x`, `u`, ratings, settings); nil leaves
    /// the scene without them.
    package var watchedWorker: (any WatchedWorking)?
    /// The favourites a show joins when one of its episodes is marked; nil for none.
    package var favourites: FavouritesBook?
    /// The wall clock that says which episodes have aired and stamps the marks.
    package var wallClock: @Sendable () -> Date = { Date() }
    /// The person's record of the show, the last mark change (for `u`), and what it said.
    var watch = WatchState()
    private var notRecorded = false

    /// Makes an Interactor.
    /// - Parameters:
    ///   - worker: the source of episodes, whose ids are those of the show's provider.
    ///   - clock: the clock a rate limit's countdown runs on.
    ///   - effects: where the use cases' tasks are tracked.
    package init(worker: any EpisodesWorking, clock: any Clock<Duration> = ContinuousClock(), effects: RunningEffects = RunningEffects()) {
        self.worker = worker
        self.loader = ResourceLoader(clock: clock, effects: effects)
        self.effects = effects
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
        return loader.load(
            { worker.episodesUpdates(showID: show.id) },
            receive: { [weak self] guide in
                self?.receive(guide)
            },
            present: { [weak self] in
                self?.present(show)
            },
            retry: { [weak self] in
                self?.loadGuide(request: .init(retry: true))
            })
    }

    package func showEpisode(request: EpisodeGuide.ShowEpisode.Request) {
        guard let episode = episode(season: request.season, index: request.index, specials: request.specials) else { return }
        presentEpisode(episode)
    }

    package func cancel() {
        loader.cancel()
    }

    private func receive(_ guide: ShowEpisodes?) {
        if let guide {
            self.guide = guide
            notRecorded = false
            if let show { loadRecord(show: show, provider: guide.source.provider.name) }
        } else if self.guide == nil {
            notRecorded = true
        }
    }

    func present(_ show: TVShow) {
        let plays = watch.plays
        presenter?.presentGuide(
            response: .init(
                show: show, guide: guide, isLoading: loader.isLoading, notRecorded: notRecorded, error: loader.error,
                retryInSeconds: loader.retryInSeconds, startSeason: startSeason, startEpisode: startEpisode,
                plays: plays, ratings: watch.ratings, settings: watch.show == nil ? nil : watch.settings, progress: progress(plays),
                watchMessage: watch.message, watchMessageIsError: watch.messageIsError
            ))
    }

    /// How far the show is watched, by its plays and settings; nil without a guide or a
    /// watched store.
    private func progress(_ plays: [SeasonAndNumber: Int]) -> WatchProgress? {
        guard let guide, watch.show != nil else { return nil }
        return WatchProgress(episodes: guide, plays: plays, settings: watch.settings, now: wallClock())
    }
}
