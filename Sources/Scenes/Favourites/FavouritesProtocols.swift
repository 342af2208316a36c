import Domain

/// What the Favourites ViewController may ask of its Interactor.
@MainActor
package protocol FavouritesBusinessLogic: AnyObject {
    /// Reads the favourites file again and presents the list.
    @discardableResult
    func loadFavourites(request: Favourites.LoadFavourites.Request) -> Task<Void, Never>
    /// Removes a favourite and presents the list.
    func removeFavourite(request: Favourites.RemoveFavourite.Request)
    /// Opens a favourite: a show of the app's source in ShowDetail, else its stored facts.
    func openFavourite(request: Favourites.OpenFavourite.Request)
}

/// What the Favourites Router may read.
@MainActor
package protocol FavouritesDataStore: AnyObject {
    /// The show chosen with `openFavourite`, as far as the favourite knows it (id and name;
    /// ShowDetail asks the source for the rest).
    var selectedShow: TVShow? { get }
}

/// What the Favourites Interactor hands to its Presenter.
@MainActor
package protocol FavouritesPresentationLogic: AnyObject {
    /// Formats the list.
    func presentFavourites(response: Favourites.LoadFavourites.Response)
    /// Formats what Enter opens.
    func presentOpenFavourite(response: Favourites.OpenFavourite.Response)
}

/// What the Favourites Presenter hands to its ViewController.
@MainActor
package protocol FavouritesDisplayLogic: AnyObject {
    /// Shows the list.
    func displayFavourites(viewModel: Favourites.LoadFavourites.ViewModel)
    /// Opens the show's details, or shows the stored facts.
    func displayOpenFavourite(viewModel: Favourites.OpenFavourite.ViewModel)
}

/// Where the Favourites scene can go.
@MainActor
package protocol FavouritesRoutingLogic: AnyObject {
    /// Opens the selected show's details (ShowDetail).
    func routeToShowDetail()
    /// Opens Upcoming: the favourite shows' next episodes (the Tonight scene).
    func routeToUpcoming()
    /// Shows the Continue section: the started shows' next episodes (as `C` does anywhere).
    func routeToContinue()
    /// Opens Stats: the year's figures from the watched episodes.
    func routeToStats()
    /// Quits the app.
    func routeToQuit()
}

/// How the Favourites Router reaches the scene's data.
@MainActor
package protocol FavouritesDataPassing: AnyObject {
    /// The scene's data store.
    var dataStore: FavouritesDataStore? { get }
}
