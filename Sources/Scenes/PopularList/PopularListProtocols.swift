import Domain

/// What the PopularList ViewController may ask of its Interactor. A use case that starts work
/// returns its task, which ends when everything the request set off has ended.
@MainActor
package protocol PopularListBusinessLogic: AnyObject {
    /// Loads (or reloads) the first page.
    @discardableResult
    func loadShows(request: PopularList.LoadShows.Request) -> Task<Void, Never>
    /// Loads the next page, when there is one and none is loading.
    @discardableResult
    func loadNextPage(request: PopularList.LoadNextPage.Request) -> Task<Void, Never>
    /// Loads the rest of a snapshot, then presents the list with the last show to select;
    /// nothing for a live source.
    @discardableResult
    func loadRest(request: PopularList.LoadRest.Request) -> Task<Void, Never>
    /// Switches to the scene's next list ("Popular now" ⇄ "All shows"), keeping the filter.
    @discardableResult
    func switchList(request: PopularList.SwitchList.Request) -> Task<Void, Never>
    /// Presents the genres and networks the loaded shows offer, for the picker (`n`).
    func listNarrowChoices(request: PopularList.Narrow.ChoicesRequest)
    /// Narrows the list to a genre or a network, or shows every show again.
    func narrow(request: PopularList.Narrow.Request)
    /// Shows the list in the next order (`s`).
    func cycleSort(request: PopularList.CycleSort.Request)
    /// Shows the list in the order asked (`:sort rating`).
    func setSort(request: PopularList.SetSort.Request)
    /// Asks the provider's search for the filter at once (Enter).
    @discardableResult
    func searchCatalogue(request: PopularList.SearchCatalogue.Request) -> Task<Void, Never>
    /// Filters the loaded shows by name.
    @discardableResult
    func filterShows(request: PopularList.FilterShows.Request) -> Task<Void, Never>
    /// Records a show found outside the list (`discover-tui show`) as the selected one, for the
    /// Router to open.
    func openShow(request: PopularList.OpenShow.Request)
    /// Records the selected show for the Router.
    func selectShow(request: PopularList.SelectShow.Request)
}

/// What the PopularList Router may read.
@MainActor
package protocol PopularListDataStore: AnyObject {
    /// The show chosen with `selectShow`, if any.
    var selectedShow: TVShow? { get }
    /// Where the loaded shows came from (and so whose ids they carry); nil before the first page.
    var source: DataSource? { get }
    /// The source of the list on screen, which also gives its shows' details.
    var listWorker: any TVShowsWorking { get }
}

/// What the PopularList Interactor hands to its Presenter.
@MainActor
package protocol PopularListPresentationLogic: AnyObject {
    /// Formats the list's state.
    func presentShows(response: PopularList.LoadShows.Response)
    /// Formats the picker's choices.
    func presentNarrowChoices(response: PopularList.Narrow.Response)
}

/// What the PopularList Presenter hands to its ViewController.
@MainActor
package protocol PopularListDisplayLogic: AnyObject {
    /// Shows the list's view model.
    func displayShows(viewModel: PopularList.LoadShows.ViewModel)
    /// Opens the picker of genres and networks.
    func displayNarrowChoices(viewModel: PopularList.Narrow.ViewModel)
}

/// Where the PopularList scene can go.
@MainActor
package protocol PopularListRoutingLogic: AnyObject {
    /// Opens the selected show's details.
    func routeToShowDetail()
    /// Opens the Tonight scene on one of its lists.
    func routeToTonight(listing: Tonight.Listing)
    /// Quits the app.
    func routeToQuit()
}

/// How the PopularList Router reaches the scene's data.
@MainActor
package protocol PopularListDataPassing: AnyObject {
    /// The scene's data store.
    var dataStore: PopularListDataStore? { get }
}
