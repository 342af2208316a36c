import Domain

/// Moves from Favourites to ShowDetail, passing the chosen show through the data stores.
@MainActor
package final class FavouritesRouter: FavouritesRoutingLogic, FavouritesDataPassing {
    package weak var navigator: SceneNavigating?
    package weak var dataStore: FavouritesDataStore?
    private let showDetail: ShowDetailRoute

    /// Makes a Router.
    /// - Parameter makeShowDetail: builds a ShowDetail scene and returns it with its data store.
    package init(makeShowDetail: @escaping @MainActor () -> (SceneViewController, ShowDetailDataStore)) {
        showDetail = ShowDetailRoute(make: makeShowDetail)
    }

    package func routeToShowDetail() {
        showDetail.open(dataStore?.selectedShow, on: navigator)
    }

    /// Builds the Tonight scene on a list; nil when the app has none.
    package var makeTonight: (@MainActor (Tonight.Listing) -> SceneViewController?)?

    package func routeToUpcoming() {
        guard let scene = makeTonight?(.upcoming) ?? nil else { return }
        navigator?.push(scene)
    }

    /// Shows the Continue section; nil when the app has none.
    package var openContinue: (@MainActor () -> Void)?

    package func routeToContinue() {
        openContinue?()
    }

    /// Builds the Stats scene; nil when the app has no watched episodes.
    package var makeStats: (@MainActor () -> SceneViewController?)?

    package func routeToStats() {
        guard let scene = makeStats?() ?? nil else { return }
        navigator?.push(scene)
    }

    package func routeToQuit() {
        navigator?.quit()
    }
}
