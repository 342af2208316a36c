/// Moves from Stats back to the scene that opened it (Favourites' `S`, or any scene whose
/// Router is given `SceneFactory.makeStats`).
@MainActor
package final class StatsRouter: StatsRoutingLogic, StatsDataPassing {
    package weak var navigator: SceneNavigating?
    package weak var dataStore: StatsDataStore?

    /// Makes a Router.
    package init() {}

    package func routeBack() {
        navigator?.pop()
    }
}
