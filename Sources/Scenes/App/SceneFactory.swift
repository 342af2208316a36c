import Domain
import Workers

/// Builds each scene's VIP cycle and injects its Workers (the configurator). No scene makes
/// its own Worker.
@MainActor
final class SceneFactory {
    private let showsWorker: any TVShowsWorking
    private let fallbackReason: @Sendable () async -> SourceError?
    weak var navigator: SceneNavigating?
    weak var display: DisplayInvalidating?

    /// Makes a factory.
    /// - Parameters:
    ///   - showsWorker: the TV source.
    ///   - fallbackReason: why the live source was given up, if it was.
    init(showsWorker: any TVShowsWorking, fallbackReason: @escaping @Sendable () async -> SourceError? = { nil }) {
        self.showsWorker = showsWorker
        self.fallbackReason = fallbackReason
    }

    /// The PopularList scene.
    func makePopularList() -> PopularListViewController {
        let viewController = PopularListViewController()
        let interactor = PopularListInteractor(worker: showsWorker, fallbackReason: fallbackReason)
        let presenter = PopularListPresenter()
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
        // The router holds the data store weakly; the view controller keeps the interactor.
        return viewController
    }

    /// The ShowDetail scene, with its data store for the Router that opens it.
    func makeShowDetail() -> (viewController: ShowDetailViewController, dataStore: ShowDetailDataStore) {
        let viewController = ShowDetailViewController()
        let interactor = ShowDetailInteractor(worker: showsWorker)
        let presenter = ShowDetailPresenter()
        let router = ShowDetailRouter()
        viewController.interactor = interactor
        viewController.router = router
        viewController.display = display
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        router.navigator = navigator
        return (viewController, interactor)
    }

    /// The NearbyPOIs scene, with its sources and where it starts.
    /// - Parameter places: the places sources, city searches, units and start.
    func makeNearbyPOIs(_ places: PlacesDependencies) -> NearbyPOIsViewController {
        let viewController = NearbyPOIsViewController()
        let interactor = NearbyPOIsInteractor(
            start: places.start, worker: places.worker, fallbackReason: places.fallbackReason,
            retryLiveSource: places.retryLiveSource, offlineCities: places.offlineCities,
            onlineCities: places.onlineCities, onlineCitiesProvider: places.onlineCitiesProvider
        )
        let presenter = NearbyPOIsPresenter(units: places.units)
        let router = NearbyPOIsRouter()
        viewController.interactor = interactor
        viewController.router = router
        viewController.display = display
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        router.navigator = navigator
        // The view controller keeps the interactor; the router holds the data store weakly.
        return viewController
    }
}

/// What the Places section is built from: its Workers, city searches, units and start.
struct PlacesDependencies: Sendable {
    /// The source of places.
    var worker: any PlacesWorking
    /// Why a live source was given up, if it was.
    var fallbackReason: @Sendable () async -> SourceError? = { nil }
    /// Goes back to the live source after a fallback (on `r`).
    var retryLiveSource: @Sendable () async -> Void = {}
    /// The type-ahead city search (the embedded GeoNames list).
    var offlineCities: any CitySearching = CitySearch()
    /// A live geocoder asked on request, or nil when offline.
    var onlineCities: (any CitySearching)?
    /// The live geocoder's name, for example `Nominatim`.
    var onlineCitiesProvider: String?
    /// How distances are written.
    var units: NearbyPOIs.Units = .metric
    /// Where the scene starts.
    var start: NearbyPOIs.Start
}
