import Domain
import FoundationEssentials
import Scenes
import Workers

/// Builds each scene's VIP cycle and injects its Workers (the configurator). No scene makes
/// its own Worker; everything comes from one immutable `AppDependencies`.
///
/// A new scene is one `make…` method: make its five parts and hand them to `assemble`.
@MainActor
final class SceneFactory {
    /// What every scene is built from.
    let dependencies: AppDependencies
    /// Where the scenes' Routers push and pop scenes.
    weak let navigator: SceneNavigating?
    /// The screen the scenes ask to redraw.
    weak let display: DisplayInvalidating?
    /// What the factory learns as it makes scenes.
    let made = MadeScenes()
    /// The app's sections, for a scene that opens another section (Favourites' `c`); nil
    /// leaves such a key doing nothing.
    weak var sections: SectionRoutingLogic?

    /// Makes a factory.
    /// - Parameters:
    ///   - dependencies: what the scenes are built from.
    ///   - navigator: where the scenes' Routers push and pop scenes (held weakly).
    ///   - display: the screen the scenes ask to redraw (held weakly).
    init(dependencies: AppDependencies, navigator: SceneNavigating?, display: DisplayInvalidating?) {
        self.dependencies = dependencies
        self.navigator = navigator
        self.display = display
    }

    /// The provider of the shows' ids now: the list's source once it has one (a source with a
    /// fallback may have given way to another provider), else the first live source's.
    func currentShowProvider() -> String {
        made.showList?.source?.provider.name ?? dependencies.shows.provider
    }

    /// Wires a scene's VIP cycle: ViewController → Interactor → Presenter → ViewController, the
    /// Router with the Interactor's data and the navigator. The ViewController keeps the
    /// Interactor and the Router; the Presenter and the Router hold theirs weakly.
    /// - Returns: the ViewController.
    func assemble<V: WiredViewController, I: WiredInteractor, P: WiredPresenter, R: WiredRouter>(
        _ viewController: V, interactor: I, presenter: P, router: R
    ) -> V {
        viewController.interactor = interactor as? V.BusinessLogic
        viewController.router = router as? V.Routing
        viewController.display = display
        interactor.presenter = presenter as? I.Presentation
        presenter.viewController = viewController as? P.Display
        router.dataStore = interactor as? R.Store
        router.navigator = navigator
        return viewController
    }

    /// `now` in whole seconds since 1970-01-01 UTC, as the Presenters take it.
    private func unixSeconds() -> @Sendable () -> Int64 {
        let now = dependencies.clocks.now
        return { Int64(now().timeIntervalSince1970) }
    }

    /// The PopularList scene; the first one made starts as the command line says.
    func makePopularList() -> PopularListViewController {
        let shows = dependencies.shows
        let viewController = PopularListViewController()
        if !made.startTaken {
            viewController.start = shows.start
            made.startTaken = true
        }
        let interactor = PopularListInteractor(
            worker: shows.worker, fallbackReasons: shows.fallbackReasons, otherLists: shows.allShows.map { [$0] } ?? [],
            startsOnOtherList: shows.startsOnAllShows, keptShows: shows.keptShows,
            clock: dependencies.clocks.wait, effects: dependencies.effects, services: shows.services)
        let router = PopularListRouter { [unowned self] in
            let scene = self.makeShowDetail()
            return (scene.viewController, scene.dataStore)
        }
        router.makeTonight = { [unowned self] listing -> SceneViewController? in self.makeTonight(listing: listing) }
        made.showList = interactor
        viewController.marks = showMarks(display: viewController) { [weak interactor] id in interactor?.shows.first { String($0.id) == id } }
        return assemble(viewController, interactor: interactor, presenter: PopularListPresenter(now: unixSeconds()), router: router)
    }

    /// The favourite marks of a show scene, or nil without favourites.
    /// - Parameters:
    ///   - display: the scene that shows the marks.
    ///   - show: the show of an id on the scene.
    private func showMarks(display: FavouriteMarksDisplayLogic, show: @escaping @MainActor (String) -> TVShow?) -> FavouriteMarksBusinessLogic? {
        let provider: @MainActor () -> String? = { [weak self] in self?.currentShowProvider() }
        let now = dependencies.clocks.now
        return makeMarks(kind: .show, provider: provider, display: display) { id in
            guard let provider = provider(), let found = show(id) else { return nil }
            return FavouriteEntry.show(found, provider: provider, now: Int(now().timeIntervalSince1970))
        }
    }

    /// The favourite marks of a scene (`f` and the stars), or nil without favourites.
    func makeMarks(kind: FavouriteKind, provider: @escaping @MainActor () -> String?, display: FavouriteMarksDisplayLogic, lookup: @escaping @MainActor (String) -> Favourite?)
        -> FavouriteMarksBusinessLogic?
    {
        guard let favourites = dependencies.favourites else { return nil }
        let interactor = FavouriteMarksInteractor(book: favourites, kind: kind, provider: provider, lookup: lookup)
        let presenter = FavouriteMarksPresenter()
        interactor.presenter = presenter
        presenter.viewController = display
        return interactor
    }

    /// The Favourites scene: the favourite shows and places, with ShowDetail behind Enter.
    /// - Parameter book: the app's favourites.
    func makeFavourites(book: FavouritesBook) -> FavouritesViewController {
        let interactor = FavouritesInteractor(
            book: book, showProvider: { [weak self] in self?.currentShowProvider() ?? FavouriteEntry.tvmaze },
            effects: dependencies.effects, readAhead: statsReadAhead())
        let router = FavouritesRouter { [unowned self] in
            let scene = self.makeShowDetail()
            return (scene.viewController, scene.dataStore)
        }
        router.makeTonight = { [unowned self] listing -> SceneViewController? in self.makeTonight(listing: listing) }
        router.openContinue = { [weak self] in self?.sections?.routeToSection(.continueWatching) }
        router.makeStats = { [unowned self] in self.makeStats() }
        interactor.countNewEpisodes = continueNewCount()
        return assemble(FavouritesViewController(), interactor: interactor, presenter: FavouritesPresenter(), router: router)
    }

    /// The ShowDetail scene, with its data store for the Router that opens it.
    /// - Parameter worker: where the details come from when not the list's source (TVmaze for
    ///   the schedules' shows, whose ids are TVmaze's).
    func makeShowDetail(worker: (any TVShowsWorking)? = nil) -> (viewController: ShowDetailViewController, dataStore: ShowDetailDataStore) {
        let viewController = ShowDetailViewController()
        // Details come through the list on screen's source (its cache, its fallback).
        let interactor = ShowDetailInteractor(
            worker: worker ?? made.showList?.listWorker ?? dependencies.shows.worker,
            clock: dependencies.clocks.wait, effects: dependencies.effects)
        let router = ShowDetailRouter { [unowned self] source in
            self.makeEpisodeGuide(source: source).map { ($0.viewController, $0.dataStore) }
        }
        router.makePerson = { [unowned self] source in self.makePerson(source: source).map { ($0.viewController, $0.dataStore) } }
        router.makeShowDetail = { [unowned self] in
            let scene = self.makeShowDetail(worker: worker)
            return (scene.viewController, scene.dataStore)
        }
        interactor.watchedWorker = dependencies.watched
        interactor.episodesFor = dependencies.episodes
        interactor.wallClock = dependencies.clocks.now
        interactor.similarWorker = dependencies.people.similar
        interactor.watchWorker = dependencies.people.watch
        interactor.watchCountry = dependencies.people.watchCountry
        interactor.services = dependencies.shows.services
        interactor.images = dependencies.images
        viewController.clipboard = dependencies.clipboard
        viewController.marks = showMarks(display: viewController) { [weak interactor] _ in interactor?.show }
        let presenter = ShowDetailPresenter(now: unixSeconds(), airClock: dependencies.clocks.zones)
        return (assemble(viewController, interactor: interactor, presenter: presenter, router: router), interactor)
    }

    /// The EpisodeGuide scene for shows from a source, with its data store for the Router that
    /// opens it; nil when no episodes source takes that source's ids.
    /// - Parameter source: where the show's details came from.
    func makeEpisodeGuide(source: DataSource?) -> (viewController: EpisodeGuideViewController, dataStore: EpisodeGuideDataStore)? {
        guard let worker = dependencies.episodes(source) else { return nil }
        let interactor = EpisodeGuideInteractor(worker: worker, clock: dependencies.clocks.wait, effects: dependencies.effects)
        interactor.watchedWorker = dependencies.watched
        interactor.favourites = dependencies.favourites
        interactor.wallClock = dependencies.clocks.now
        let viewController = assemble(
            EpisodeGuideViewController(), interactor: interactor,
            presenter: EpisodeGuidePresenter(clock: dependencies.clocks.zones), router: EpisodeGuideRouter())
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
            clock: dependencies.clocks.wait, now: places.now, placeClock: places.placeClock, effects: dependencies.effects, streetsWorker: places.streets
        )
        let wallClock = places.now
        let presenter = NearbyPOIsPresenter(units: places.units, now: { Int64(wallClock().timeIntervalSince1970) })
        viewController.clipboard = dependencies.clipboard
        viewController.marks = makeMarks(kind: .place, provider: { nil }, display: viewController) { [weak interactor] id in
            interactor?.places.first { $0.poi.id == id }.map { FavouriteEntry.place($0.poi, now: Int(wallClock().timeIntervalSince1970)) }
        }
        return assemble(viewController, interactor: interactor, presenter: presenter, router: NearbyPOIsRouter())
    }
}
