import Domain

/// What the ShowDetail ViewController may ask of its Interactor.
@MainActor
package protocol ShowDetailBusinessLogic: AnyObject {
    /// Loads the details of the show in the data store.
    @discardableResult
    func loadDetails(request: ShowDetail.LoadDetails.Request) -> Task<Void, Never>
    /// Stops any load in progress (the scene is closing).
    func cancel()
    /// Reads how far the show is watched and the person's rating of it (each time the scene
    /// appears: the guide changes them) and presents the details again with them.
    @discardableResult
    func loadProgress(request: ShowDetail.LoadProgress.Request) -> Task<Void, Never>
    /// Rates the show or clears its rating; presented at once, then again once saved.
    /// - Returns: the save's task.
    @discardableResult
    func rateShow(request: ShowDetail.RateShow.Request) -> Task<Void, Never>
    /// Fetches and decodes the show's poster, once (the view asks when it lays out a place for
    /// it, so a narrow screen fetches none); presented with the details when ready.
    func loadPoster()
}

/// The ShowDetail data store, filled by the Router that opens the scene.
@MainActor
package protocol ShowDetailDataStore: AnyObject {
    /// The show to detail.
    var show: TVShow? { get set }
    /// Where the list that opened the scene came from, named on the status bar until the
    /// details arrive (and when they fail); nil when not known.
    var listedSource: DataSource? { get set }
    /// Where the details on screen came from (else the list's source): whose ids the show
    /// carries, for the episode guide.
    var detailsSource: DataSource? { get }
}

/// What the ShowDetail Interactor hands to its Presenter.
@MainActor
package protocol ShowDetailPresentationLogic: AnyObject {
    /// Formats the show and its details.
    func presentDetails(response: ShowDetail.LoadDetails.Response)
}

/// What the ShowDetail Presenter hands to its ViewController.
@MainActor
package protocol ShowDetailDisplayLogic: AnyObject {
    /// Shows the details view model.
    func displayDetails(viewModel: ShowDetail.LoadDetails.ViewModel)
}

/// Where the ShowDetail scene can go.
@MainActor
package protocol ShowDetailRoutingLogic: AnyObject {
    /// Back to the list, which keeps its selection and scroll.
    func routeBack()
    /// On to the show's episode guide (`e`, or Enter on a season).
    /// - Parameter season: the season to start on; nil for the first.
    /// - Returns: false when the source has no episodes to show.
    @discardableResult
    func routeToEpisodeGuide(season: Int?) -> Bool
    /// On to a cast member's page (Enter on a cast line).
    /// - Parameter person: the person, as the cast names them.
    /// - Returns: false when the source has no people to show.
    @discardableResult
    func routeToPerson(_ person: PersonReference) -> Bool
    /// On to a show of "More like this" (Enter on its line).
    /// - Parameter show: the show, as listed (its id is the details' provider's).
    func routeToShow(_ show: TVShow)
}

/// How the ShowDetail Router reaches the scene's data.
@MainActor
package protocol ShowDetailDataPassing: AnyObject {
    /// The scene's data store.
    var dataStore: ShowDetailDataStore? { get }
}
