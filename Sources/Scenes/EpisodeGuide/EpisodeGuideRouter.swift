/// Moves from the EpisodeGuide back to the show's details.
@MainActor
final class EpisodeGuideRouter: EpisodeGuideRoutingLogic, EpisodeGuideDataPassing {
    weak var navigator: SceneNavigating?
    weak var dataStore: EpisodeGuideDataStore?

    func routeBack() {
        navigator?.pop()
    }
}
