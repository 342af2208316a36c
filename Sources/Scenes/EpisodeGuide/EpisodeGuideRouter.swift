/// Moves from the EpisodeGuide back to the show's details.
@MainActor
package final class EpisodeGuideRouter: EpisodeGuideRoutingLogic, EpisodeGuideDataPassing {
    package weak var navigator: SceneNavigating?
    package weak var dataStore: EpisodeGuideDataStore?

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    package init() {}

    package func routeBack() {
        navigator?.pop()
    }
}
