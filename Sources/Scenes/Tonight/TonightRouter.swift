import Domain

/// Moves from Tonight to ShowDetail, passing the chosen show through the data stores.
@MainActor
package final class TonightRouter: TonightRoutingLogic, TonightDataPassing {
    package weak var navigator: SceneNavigating?
    package weak var dataStore: TonightDataStore?
    private let showDetail: ShowDetailRoute

    /// Makes a Router.
    /// - Parameter makeShowDetail: builds a ShowDetail scene (over TVmaze, whose ids the
    ///   schedules carry) and returns it with its data store.
    package init(makeShowDetail: @escaping @MainActor () -> (SceneViewController, ShowDetailDataStore)) {
        showDetail = ShowDetailRoute(make: makeShowDetail)
    }

    package func routeToShowDetail() {
        showDetail.open(dataStore?.selectedShow, on: navigator)
    }

    package func routeBack() {
        navigator?.pop()
    }

    package func routeToQuit() {
        navigator?.quit()
    }
}
