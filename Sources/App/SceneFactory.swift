import FoundationEssentials
import Domain
import Scenes
import Workers

/// Builds each scene's VIP cycle and injects its Workers (the configurator). No scene makes
/// its own Worker.
@MainActor
final class SceneFactory {
    private let showsWorker: any TVShowsWorking
    private let fallbackReasons: @Sendable () async -> [SourceError]
    weak var navigator: SceneNavigating?
    weak var display: DisplayInvalidating?
    /// The app's favourites; nil leaves the scenes without `f` and the marker.
    var favourites: FavouritesBook?
    /// The watched episodes; nil leaves the guide without `w`, `W` and the marks.
    var watched: (any WatchedWorking)?
    /// The terminal's clipboard for the places details' copy keys; nil in tests without one.
    var clipboard: ClipboardWriting?
    /// The provider of the shows' ids (for favourites) until the list has loaded a page.
    var showProvider = FavouriteEntry.tvmaze
    /// The Shows section's list, whose source says whose ids the shows carry.
    weak var showList: PopularListDataStore?

    /// The provider of the shows' ids now: the list's source once it has one (a source with a
    /// fallback may have given way to another provider), else `showProvider`.
    var currentShowProvider: String {
        showList?.source?.provider ?? showProvider
    }

    /// Makes a factory.
    /// - Parameters:
    ///   - showsWorker: the TV source.
    ///   - fallbackReasons: why each live source was given up, a rejected key first.
    ///   - allShows: the list's second view ("All shows"), if the source has one.
    init(showsWorker: any TVShowsWorking, fallbackReasons: @escaping @Sendable () async -> [SourceError] = { [] },
         allShows: PopularListInteractor.ListSource? = nil) {
        self.showsWorker = showsWorker
        self.fallbackReasons = fallbackReasons
        self.allShows = allShows
    }
    private let allShows: PopularListInteractor.ListSource?
    /// How the shows list starts (`discover-tui search`, `discover-tui show`); used by the first list made.
    var listStart = PopularListViewController.Start()
    /// True to start the shows list on "All shows" (`--list all`) when the source has it.
    var startsOnAllShows = false
    /// Shows kept from earlier live answers, searched by the filter offline; nil for none.
    var keptShows: (any KeptShowsSearching)?
    /// Turns air times into the viewer's zone (the system's clock and tz database).
    var airClock: AirClock = .viewerOnly
    /// What the Tonight scene needs; nil when the app has no schedules.
    var tonight: TonightSources?
    /// Where the tasks of every scene this factory makes are tracked (`effects.finished()`
    /// awaits them); set it before making scenes to share one with the caller.
    var effects = RunningEffects()
    /// The clock the scenes' waits run on (rate-limit countdowns, typing pauses, debounces).
    var clock: any Clock<Duration> = ContinuousClock()
    /// The wall clock the shows' Presenters read to say a cached copy's age: the system's.
    var now: @Sendable () -> Date = { Date() }

    /// `now` in whole seconds since 1970-01-01 UTC, as the Presenters take it.
    private var unixSeconds: () -> Int64 {
        let now = self.now
        return { Int64(now().timeIntervalSince1970) }
    }
    /// The source of episodes for shows from a source (whose ids it must take); nil, or a nil
    /// answer, when there is none (`e` then says so).
    var episodesWorker: (@MainActor (DataSource?) -> (any EpisodesWorking)?)?

    /// The PopularList scene.
    func makePopularList() -> PopularListViewController {
        let viewController = PopularListViewController()
        viewController.start = listStart
        listStart = .init()
        let interactor = PopularListInteractor(worker: showsWorker, fallbackReasons: fallbackReasons, otherLists: allShows.map { [$0] } ?? [],
                                               startsOnOtherList: startsOnAllShows, keptShows: keptShows, clock: clock, effects: effects)
        let presenter = PopularListPresenter(now: unixSeconds)
        let router = PopularListRouter { [unowned self] in
            let scene = self.makeShowDetail()
            return (scene.viewController, scene.dataStore)
        }
        viewController.interactor = interactor
        viewController.router = router
        viewController.display = display
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        router.navigator = navigator
        router.makeTonight = { [unowned self] listing -> SceneViewController? in self.makeTonight(listing: listing) }
        showList = interactor
        let provider: @MainActor () -> String? = { [weak self] in self?.currentShowProvider }
        let wallClock = now
        viewController.marks = makeMarks(kind: .show, provider: provider, display: viewController) { [weak interactor] id in
            guard let provider = provider() else { return nil }
            return interactor?.shows.first { String($0.id) == id }.map { FavouriteEntry.show($0, provider: provider, now: Int(wallClock().timeIntervalSince1970)) }
        }
        // The router holds the data store weakly; the view controller keeps the interactor.
        return viewController
    }

    /// The favourite marks of a scene (`f` and the stars), or nil without favourites.
    private func makeMarks(kind: FavouriteKind, provider: @escaping @MainActor () -> String?, display: FavouriteMarksDisplayLogic, lookup: @escaping @MainActor (String) -> Favourite?) -> FavouriteMarksBusinessLogic? {
        guard let favourites else { return nil }
        let interactor = FavouriteMarksInteractor(book: favourites, kind: kind, provider: provider, lookup: lookup)
        let presenter = FavouriteMarksPresenter()
        interactor.presenter = presenter
        presenter.viewController = display
        return interactor
    }

    /// The Favourites scene: the favourite shows and places, with ShowDetail behind Enter.
    /// - Parameter book: the app's favourites.
    func makeFavourites(book: FavouritesBook) -> FavouritesViewController {
        let viewController = FavouritesViewController()
        let interactor = FavouritesInteractor(book: book, showProvider: { [weak self] in self?.currentShowProvider ?? FavouriteEntry.tvmaze }, effects: effects)
        let presenter = FavouritesPresenter()
        let router = FavouritesRouter { [unowned self] in
            let scene = self.makeShowDetail()
            return (scene.viewController, scene.dataStore)
        }
        viewController.interactor = interactor
        viewController.router = router
        viewController.display = display
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        router.navigator = navigator
        router.makeTonight = { [unowned self] listing -> SceneViewController? in self.makeTonight(listing: listing) }
        router.makeContinue = { [unowned self] in self.makeContinue() }
        return viewController
    }

    /// The ShowDetail scene, with its data store for the Router that opens it.
    /// - Parameter worker: where the details come from when not the list's source (TVmaze for
    ///   the schedules' shows, whose ids are TVmaze's).
    func makeShowDetail(worker: (any TVShowsWorking)? = nil) -> (viewController: ShowDetailViewController, dataStore: ShowDetailDataStore) {
        let viewController = ShowDetailViewController()
        // Details come through the list on screen's source (its cache, its fallback).
        let interactor = ShowDetailInteractor(worker: worker ?? showList?.listWorker ?? showsWorker, clock: clock, effects: effects)
        interactor.watchedWorker = watched
        interactor.episodesFor = episodesWorker
        interactor.wallClock = now
        let presenter = ShowDetailPresenter(now: unixSeconds, airClock: airClock)
        let router = ShowDetailRouter { [unowned self] source in
            self.makeEpisodeGuide(source: source).map { ($0.viewController, $0.dataStore) }
        }
        viewController.interactor = interactor
        viewController.router = router
        viewController.display = display
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        router.navigator = navigator
        let provider: @MainActor () -> String? = { [weak self] in self?.currentShowProvider }
        let wallClock = now
        viewController.marks = makeMarks(kind: .show, provider: provider, display: viewController) { [weak interactor] _ in
            guard let provider = provider() else { return nil }
            return interactor?.show.map { FavouriteEntry.show($0, provider: provider, now: Int(wallClock().timeIntervalSince1970)) }
        }
        return (viewController, interactor)
    }

    /// The EpisodeGuide scene for shows from a source, with its data store for the Router that
    /// opens it; nil when no episodes source takes that source's ids.
    /// - Parameter source: where the show's details came from.
    func makeEpisodeGuide(source: DataSource?) -> (viewController: EpisodeGuideViewController, dataStore: EpisodeGuideDataStore)? {
        guard let worker = episodesWorker?(source) else { return nil }
        let viewController = EpisodeGuideViewController()
        let interactor = EpisodeGuideInteractor(worker: worker, clock: clock, effects: effects)
        interactor.watchedWorker = watched
        interactor.favourites = favourites
        interactor.wallClock = now
        let presenter = EpisodeGuidePresenter(clock: airClock)
        let router = EpisodeGuideRouter()
        viewController.interactor = interactor
        viewController.router = router
        viewController.display = display
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        router.navigator = navigator
        // The view controller keeps the interactor; the router holds the data store weakly.
        return (viewController, interactor)
    }

    /// The NearbyPOIs scene, with its sources and where it starts.
    /// - Parameter places: the places sources, city searches, units and start.
    func makeNearbyPOIs(_ places: POIsDependencies) -> NearbyPOIsViewController {
        let viewController = NearbyPOIsViewController()
        let interactor = NearbyPOIsInteractor(
            start: places.start, worker: places.worker, fallbackReasons: places.fallbackReasons,
            retryLiveSource: places.retryLiveSource, offlineCities: places.offlineCities,
            onlineCities: places.onlineCities, onlineCitiesProvider: places.onlineCitiesProvider,
            clock: clock, now: places.now, placeClock: places.placeClock, effects: effects
        )
        let wallClock = places.now
        let presenter = NearbyPOIsPresenter(units: places.units, now: { Int64(wallClock().timeIntervalSince1970) })
        let router = NearbyPOIsRouter()
        viewController.interactor = interactor
        viewController.router = router
        viewController.display = display
        viewController.clipboard = clipboard
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        router.navigator = navigator
        viewController.marks = makeMarks(kind: .place, provider: { nil }, display: viewController) { [weak interactor] id in
            interactor?.places.first { $0.poi.id == id }.map { FavouriteEntry.place($0.poi, now: Int(wallClock().timeIntervalSince1970)) }
        }
        // The view controller keeps the interactor; the router holds the data store weakly.
        return viewController
    }
}
