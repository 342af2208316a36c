import Domain

/// What the NearbyPOIs ViewController may ask of its Interactor. A use case that starts work
/// returns its task, which ends when everything the request set off has ended.
@MainActor
package protocol NearbyPOIsBusinessLogic: AnyObject {
    /// Loads (or reloads) the first page around the centre; at start, also offers the cities
    /// of an ambiguous `--city`.
    @discardableResult
    func loadPOIs(request: NearbyPOIs.LoadPOIs.Request) -> Task<Void, Never>
    /// Loads the next page, when there is one and none is loading.
    @discardableResult
    func loadNextPage(request: NearbyPOIs.LoadNextPage.Request) -> Task<Void, Never>
    /// Filters the loaded places by name.
    func filterPOIs(request: NearbyPOIs.FilterPOIs.Request)
    /// Lists only the places open now (by their hours, in their own zone), or all again.
    func toggleOpenNow(request: NearbyPOIs.ToggleOpenNow.Request)
    /// Widens or narrows the radius by one step and searches again; at the widest (25 km) or
    /// narrowest (250 m) step, presents the limit instead.
    @discardableResult
    func changeRadius(request: NearbyPOIs.ChangeRadius.Request) -> Task<Void, Never>
    /// Searches one kind of place, or all, again.
    @discardableResult
    func chooseCategory(request: NearbyPOIs.ChooseCategory.Request) -> Task<Void, Never>
    /// Finds cities by name (type-ahead offline; live geocoding on request).
    @discardableResult
    func searchCities(request: NearbyPOIs.SearchCities.Request) -> Task<Void, Never>
    /// Moves the centre to a city found by `searchCities` and searches again.
    @discardableResult
    func chooseCity(request: NearbyPOIs.ChooseCity.Request) -> Task<Void, Never>
    /// Shows one place's details and records it in the data store.
    func showPOIDetails(request: NearbyPOIs.ShowPOIDetails.Request)
}

/// What the NearbyPOIs Router may read.
@MainActor
package protocol NearbyPOIsDataStore: AnyObject {
    /// The place chosen with `showPOIDetails`, if any.
    var selectedPOI: POI? { get }
    /// The point searched around.
    var center: Coordinate { get }
}

/// What the NearbyPOIs Interactor hands to its Presenter.
@MainActor
package protocol NearbyPOIsPresentationLogic: AnyObject {
    /// Formats the list's state.
    func presentPOIs(response: NearbyPOIs.LoadPOIs.Response)
    /// Formats the answer to `+` at the widest radius or `-` at the narrowest.
    func presentRadiusLimit(response: NearbyPOIs.ChangeRadius.Response)
    /// Formats the cities found.
    func presentCities(response: NearbyPOIs.SearchCities.Response)
    /// Formats one place's details.
    func presentPOIDetails(response: NearbyPOIs.ShowPOIDetails.Response)
    /// Formats the streets under the map, or why they could not be loaded.
    func presentStreets(response: NearbyPOIs.LoadStreets.Response)
}

/// What the NearbyPOIs Presenter hands to its ViewController.
@MainActor
package protocol NearbyPOIsDisplayLogic: AnyObject {
    /// Shows the list's view model.
    func displayPOIs(viewModel: NearbyPOIs.LoadPOIs.ViewModel)
    /// Shows, for a while, that the radius cannot go further that way.
    func displayRadiusLimit(viewModel: NearbyPOIs.ChangeRadius.ViewModel)
    /// Shows the city picker's view model.
    func displayCities(viewModel: NearbyPOIs.SearchCities.ViewModel)
    /// Shows one place's details.
    func displayPOIDetails(viewModel: NearbyPOIs.ShowPOIDetails.ViewModel)
    /// Draws the streets under the map (and says, once, when they could not be loaded).
    func displayStreets(viewModel: NearbyPOIs.LoadStreets.ViewModel)
}

/// Where the NearbyPOIs scene can go. (Tab, to the Shows section, is a global key: the
/// `AppRouter` switches sections.)
@MainActor
package protocol NearbyPOIsRoutingLogic: AnyObject {
    /// Quits the app.
    func routeToQuit()
}

/// How the NearbyPOIs Router reaches the scene's data.
@MainActor
package protocol NearbyPOIsDataPassing: AnyObject {
    /// The scene's data store.
    var dataStore: NearbyPOIsDataStore? { get }
}
