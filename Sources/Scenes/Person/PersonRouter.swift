import Domain

/// Moves from Person back to the show's details, or on to one of the person's shows.
@MainActor
package final class PersonRouter: PersonRoutingLogic, PersonDataPassing {
    package weak var navigator: SceneNavigating?
    package weak var dataStore: PersonDataStore?
    private let makeShowDetail: @MainActor (DataSource?) -> (SceneViewController, ShowDetailDataStore)

    /// Makes a Router.
    /// - Parameter makeShowDetail: builds a ShowDetail scene for shows from a source (the
    ///   person's, whose ids the credits carry) and returns it with its data store.
    package init(makeShowDetail: @escaping @MainActor (DataSource?) -> (SceneViewController, ShowDetailDataStore)) {
        self.makeShowDetail = makeShowDetail
    }

    package func routeBack() {
        navigator?.pop()
    }

    package func routeToShowDetail() {
        guard let show = dataStore?.selectedShow else { return }
        let (scene, destination) = makeShowDetail(dataStore?.personSource)
        destination.show = show
        destination.listedSource = dataStore?.personSource
        navigator?.push(scene)
    }
}
