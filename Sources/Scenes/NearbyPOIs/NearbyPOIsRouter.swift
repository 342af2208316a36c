/// Where the NearbyPOIs scene goes: out of the app. A place's details show inside the scene,
/// and Tab's switch to the Shows section is the `AppRouter`'s.
@MainActor
package final class NearbyPOIsRouter: NearbyPOIsRoutingLogic, NearbyPOIsDataPassing {
    package weak var navigator: SceneNavigating?
    package weak var dataStore: NearbyPOIsDataStore?

    package func routeToQuit() {
        navigator?.quit()
    }

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}
}
