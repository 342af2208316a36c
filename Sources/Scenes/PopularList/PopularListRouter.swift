import Domain

/// Moves from PopularList to ShowDetail, passing the selected show through the data stores.
@MainActor
package final class PopularListRouter: PopularListRoutingLogic, PopularListDataPassing {
    package weak var navigator: SceneNavigating?
    package weak var dataStore: PopularListDataStore?
    private let showDetail: ShowDetailRoute

    /// Makes a Router.
    /// - Parameter makeShowDetail: builds a ShowDetail scene and returns it with its data store.
    package init(makeShowDetail: @escaping @MainActor () -> (SceneViewController, ShowDetailDataStore)) {
        showDetail = ShowDetailRoute(make: makeShowDetail)
    }

    package func routeToShowDetail() {
        showDetail.open(dataStore?.selectedShow, listedSource: dataStore?.source, on: navigator)
    }

    /// Builds the Tonight scene on a list; nil when the app has none.
    package var makeTonight: (@MainActor (Tonight.Listing) -> SceneViewController?)?

    package func routeToTonight(listing: Tonight.Listing) {
        guard let scene = makeTonight?(listing) ?? nil else { return }
        navigator?.push(scene)
    }

    package func routeToQuit() {
        navigator?.quit()
    }
}
