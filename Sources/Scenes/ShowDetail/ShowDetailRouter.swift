/// Moves from ShowDetail back to the list.
@MainActor
package final class ShowDetailRouter: ShowDetailRoutingLogic, ShowDetailDataPassing {
    package weak var navigator: SceneNavigating?
    package weak var dataStore: ShowDetailDataStore?

    package func routeBack() {
        navigator?.pop()
    }

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}
}
