import Domain

/// Moves from Favourites to ShowDetail, passing the chosen show through the data stores.
@MainActor
final class FavouritesRouter: FavouritesRoutingLogic, FavouritesDataPassing {
    weak var navigator: SceneNavigating?
    weak var dataStore: FavouritesDataStore?
    private let makeShowDetail: @MainActor () -> (SceneViewController, ShowDetailDataStore)

    /// Makes a Router.
    /// - Parameter makeShowDetail: builds a ShowDetail scene and returns it with its data store.
    init(makeShowDetail: @escaping @MainActor () -> (SceneViewController, ShowDetailDataStore)) {
        self.makeShowDetail = makeShowDetail
    }

    func routeToShowDetail() {
        guard let show = dataStore?.selectedShow else { return }
        let (scene, destination) = makeShowDetail()
        destination.show = show
        navigator?.push(scene)
    }

    func routeToQuit() {
        navigator?.quit()
    }
}
