/// Where the NearbyPOIs scene goes: out of the app. A place's details show inside the scene,
/// and Tab's switch to the Shows section is the `AppRouter`'s.
@MainActor
final class NearbyPOIsRouter: NearbyPOIsRoutingLogic, NearbyPOIsDataPassing {
    weak var navigator: SceneNavigating?
    weak var dataStore: NearbyPOIsDataStore?

    func routeToQuit() {
        navigator?.quit()
    }
}
