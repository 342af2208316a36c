import Domain

/// Moves from PopularList to ShowDetail, passing the selected show through the data stores.
@MainActor
package final class PopularListRouter: PopularListRoutingLogic, PopularListDataPassing {
    package weak var navigator: SceneNavigating?
    package weak var dataStore: PopularListDataStore?
    private let makeShowDetail: @MainActor () -> (SceneViewController, ShowDetailDataStore)

    /// Makes a Router.
    /// - Parameter makeShowDetail: builds a ShowDetail scene and returns it with its data store.
    package init(makeShowDetail: @escaping @MainActor () -> (SceneViewController, ShowDetailDataStore)) {
        self.makeShowDetail = makeShowDetail
    }

    package func routeToShowDetail() {
        guard let show = dataStore?.selectedShow else { return }
        let (scene, destination) = makeShowDetail()
        passDataToShowDetail(show: show, destination: destination)
        navigator?.push(scene)
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

    private func passDataToShowDetail(show: TVShow, destination: ShowDetailDataStore) {
        destination.show = show
        destination.listedSource = dataStore?.source
    }
}
