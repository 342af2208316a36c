/// Moves from ShowDetail back to the list.
@MainActor
final class ShowDetailRouter: ShowDetailRoutingLogic, ShowDetailDataPassing {
    weak var navigator: SceneNavigating?
    weak var dataStore: ShowDetailDataStore?

    func routeBack() {
        navigator?.pop()
    }
}
