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
    private let loader: ResourceLoader
    private(set) var details: TVShowDetails?
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
    /// The viewer's streaming services (the `services` setting); nil for none.
    package var services: StreamingServices?
    /// Whether the details' source has watch providers (set as details arrive).
    private var watchAvailable = false
    /// Whether the watch providers were asked for and answered (or failed).
    private var watchAnswered = false
    /// Where the scene's tasks are tracked.
    let effects: RunningEffects
    /// The watched marks, for the progress line; nil for none.
    package var watchedWorker: (any WatchedWorking)?
    /// The episode list of a show from a source (the progress counts its episodes); nil for none.
    package var episodesFor: (@MainActor (DataSource?) -> (any EpisodesWorking)?)?
    /// The wall clock that says which episodes have aired.
    package var wallClock: @Sendable () -> Date = { Date() }
    /// How far the show is watched; nil before it is known or when nothing is marked.
    var progress: WatchProgress?
    /// The person's rating of the show; nil for none (or not read yet).
    var userRating: UserRating?
    /// What the last rating key did, and whether it reports a failure.
    var ratingMessage: (text: String, isError: Bool)?
    /// How many rating keys were pressed: a store's answer (a save's, or a read's) is taken
    /// only when no key was pressed since it was asked, so a late answer never takes back a
    /// newer rating on screen.
    var ratingChanges = 0
    /// The picture worker for the poster; nil for none (`--images off`, or no terminal to draw on).
    package var images: (any ImageLoading)?
    /// The poster's URL once asked for (`loadPoster`).
    var posterURL: String?
    /// The poster, once decoded.
    var poster: RGBImage?
    /// Why there is no poster, once that is known.
    var posterMessage: String?

    /// Makes an Interactor.
    /// - Parameters:
    ///   - worker: the source of details.
    ///   - clock: the clock the rate-limit countdown waits on (tests pass one that does not wait).
    ///   - effects: where the use cases' tasks are tracked.
    package init(worker: any TVShowsWorking, clock: any Clock<Duration> = ContinuousClock(), effects: RunningEffects = RunningEffects()) {
        self.worker = worker
        self.loader = ResourceLoader(clock: clock, effects: effects)
        self.effects = effects
    }

    @discardableResult
    package func loadDetails(request: ShowDetail.LoadDetails.Request) -> Task<Void, Never> {
        guard let show else { return .nothing }
        if (details != nil || loader.isRunning) && !request.retry {
            present(show)
            return .nothing
        }
        let worker = self.worker
        return loader.load(
            { worker.showDetailsUpdates(for: show) },
            receive: { [weak self] details in
                guard let self else { return }
                self.details = details
                self.watchAvailable = self.watchWorker?(details.source) != nil
            },
            present: { [weak self] in
                self?.present(show)
            },
            retry: { [weak self] in
                self?.loadDetails(request: .init(retry: true))
            },
            after: { [weak self] in
                await self?.loadSimilarAndWatch()
            })
    }

    /// After the details, so that they never wait for them: the shows like this one and where
    /// to watch it; a failure leaves its section out.
    private func loadSimilarAndWatch() async {
        if similar == nil, let shown = details, let similarWorker = similarWorker?(shown.source) {
            similar = try? await similarWorker.similarShows(to: shown.show)
        }
        if watch == nil, let shown = details, let watchWorker = watchWorker?(shown.source) {
            watch = try? await watchWorker.watchProviders(showID: shown.show.id, countryCode: watchCountry)
            watchAnswered = true
        }
    }

    package func cancel() {
        loader.cancel()
    }

    func present(_ show: TVShow) {
        let refreshing: Bool
        if case .cache? = details?.source { refreshing = loader.isRunning } else { refreshing = false }
        var response = ShowDetail.LoadDetails.Response(
            show: show, details: details, isLoading: loader.isLoading, error: loader.error,
            isRefreshing: refreshing && loader.error == nil, retryInSeconds: loader.retryInSeconds, listedSource: listedSource,
            similar: similar, watch: watch, watchCountry: watchAvailable ? watchCountry : nil, watchPending: watchAvailable && !watchAnswered
        )
        response.progress = progress
        response.userRating = userRating
        response.ratingMessage = ratingMessage?.text
        response.ratingMessageIsError = ratingMessage?.isError ?? false
        response.services = services
        response.poster = poster
        response.posterMessage = posterMessage
        presenter?.presentDetails(response: response)
    }
}
