import Scenes

/// A scene's ViewController as `SceneFactory.assemble` wires it: its Interactor, its Router
/// and the screen to redraw.
@MainActor
protocol WiredViewController: AnyObject {
    /// The scene's BusinessLogic.
    associatedtype BusinessLogic
    /// The scene's RoutingLogic and DataPassing.
    associatedtype Routing
    /// The Interactor it sends requests to.
    var interactor: BusinessLogic? { get set }
    /// The Router it routes through.
    var router: Routing? { get set }
    /// The screen it asks to redraw.
    var display: DisplayInvalidating? { get set }
}

/// A scene's Interactor as `SceneFactory.assemble` wires it.
@MainActor
protocol WiredInteractor: AnyObject {
    /// The scene's PresentationLogic.
    associatedtype Presentation
    /// The Presenter it sends responses to.
    var presenter: Presentation? { get set }
}

/// A scene's Presenter as `SceneFactory.assemble` wires it.
@MainActor
protocol WiredPresenter: AnyObject {
    /// The scene's DisplayLogic.
    associatedtype Display
    /// The ViewController it sends view models to (held weakly).
    var viewController: Display? { get set }
}

/// A scene's Router as `SceneFactory.assemble` wires it.
@MainActor
protocol WiredRouter: AnyObject {
    /// The scene's DataStore.
    associatedtype Store
    /// The Interactor's data, passed on to the scene it opens (held weakly).
    var dataStore: Store? { get set }
    /// Where it pushes and pops scenes.
    var navigator: SceneNavigating? { get set }
}

extension PopularListViewController: WiredViewController {}
extension PopularListInteractor: WiredInteractor {}
extension PopularListPresenter: WiredPresenter {}
extension PopularListRouter: WiredRouter {}
extension ShowDetailViewController: WiredViewController {}
extension ShowDetailInteractor: WiredInteractor {}
extension ShowDetailPresenter: WiredPresenter {}
extension ShowDetailRouter: WiredRouter {}
extension EpisodeGuideViewController: WiredViewController {}
extension EpisodeGuideInteractor: WiredInteractor {}
extension EpisodeGuidePresenter: WiredPresenter {}
extension EpisodeGuideRouter: WiredRouter {}
extension FavouritesViewController: WiredViewController {}
extension FavouritesInteractor: WiredInteractor {}
extension FavouritesPresenter: WiredPresenter {}
extension FavouritesRouter: WiredRouter {}
extension NearbyPOIsViewController: WiredViewController {}
extension NearbyPOIsInteractor: WiredInteractor {}
extension NearbyPOIsPresenter: WiredPresenter {}
extension NearbyPOIsRouter: WiredRouter {}
extension TonightViewController: WiredViewController {}
extension TonightInteractor: WiredInteractor {}
extension TonightPresenter: WiredPresenter {}
extension TonightRouter: WiredRouter {}
