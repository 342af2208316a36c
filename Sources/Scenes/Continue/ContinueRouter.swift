import Domain

/// Moves from Continue to the episode guide of the picked show, on its next episode, or to the
/// Stats scene.
@MainActor
package final class ContinueRouter: ContinueRoutingLogic, ContinueDataPassing {
    package weak var navigator: SceneNavigating?
    package weak var dataStore: ContinueDataStore?
    private let makeGuide: @MainActor (String) -> (SceneViewController, EpisodeGuideDataStore)?

    /// Makes a Router.
    /// - Parameter makeGuide: builds an EpisodeGuide for a provider's ids (nil when none takes them).
    package init(makeGuide: @escaping @MainActor (String) -> (SceneViewController, EpisodeGuideDataStore)?) {
        self.makeGuide = makeGuide
    }

    package func routeToGuide() {
        guard let picked = dataStore?.picked, let (scene, destination) = makeGuide(picked.provider) else { return }
        destination.show = picked.show
        destination.startSeason = picked.season
        destination.startEpisode = picked.episode
        navigator?.push(scene)
    }

    /// Builds the Stats scene; nil when the app has no watched episodes.
    package var makeStats: (@MainActor () -> SceneViewController?)?

    package func routeToStats() {
        guard let scene = makeStats?() ?? nil else { return }
        navigator?.push(scene)
    }

    package func routeToQuit() {
        navigator?.quit()
    }
}
