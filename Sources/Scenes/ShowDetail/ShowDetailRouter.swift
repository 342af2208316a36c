import Domain

/// Moves from ShowDetail back to the list, or on to the show's episode guide.
@MainActor
package final class ShowDetailRouter: ShowDetailRoutingLogic, ShowDetailDataPassing {
    package weak var navigator: SceneNavigating?
    package weak var dataStore: ShowDetailDataStore?
    private let makeEpisodeGuide: (@MainActor (DataSource?) -> (SceneViewController, EpisodeGuideDataStore)?)?

    /// Makes one with its parts unset; the composition root (`SceneFactory`) sets them.
    /// - Parameter makeEpisodeGuide: builds an EpisodeGuide scene for the source of the show's
    ///   details (whose ids the show carries) and returns it with its data store; nil, or a nil
    ///   answer, when that source has no episodes.
    package init(makeEpisodeGuide: (@MainActor (DataSource?) -> (SceneViewController, EpisodeGuideDataStore)?)? = nil) {
        self.makeEpisodeGuide = makeEpisodeGuide
    }

    /// Builds a Person scene for the source of the show's details (whose ids the cast carries)
    /// and returns it with its data store; nil, or a nil answer, when that source has no people.
    package var makePerson: (@MainActor (DataSource?) -> (SceneViewController, PersonDataStore)?)?

    @discardableResult
    package func routeToPerson(_ person: PersonReference) -> Bool {
        guard let (scene, destination) = makePerson?(dataStore?.detailsSource) else { return false }
        destination.reference = person
        navigator?.push(scene)
        return true
    }

    /// Builds another ShowDetail scene for a show of "More like this".
    package var makeShowDetail: (@MainActor () -> (SceneViewController, ShowDetailDataStore))?

    package func routeToShow(_ show: TVShow) {
        guard let (scene, destination) = makeShowDetail?() else { return }
        destination.show = show
        destination.listedSource = dataStore?.detailsSource
        navigator?.push(scene)
    }

    package func routeBack() {
        navigator?.pop()
    }

    @discardableResult
    package func routeToEpisodeGuide(season: Int?) -> Bool {
        guard let show = dataStore?.show, let (scene, destination) = makeEpisodeGuide?(dataStore?.detailsSource) else { return false }
        destination.show = show
        destination.startSeason = season
        navigator?.push(scene)
        return true
    }
}
