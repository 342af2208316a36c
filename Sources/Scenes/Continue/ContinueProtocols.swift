import Domain

/// What the Continue ViewController may ask of its Interactor.
@MainActor
package protocol ContinueBusinessLogic: AnyObject {
    /// Reads the started shows (each time the scene appears).
    @discardableResult
    func loadList(request: ContinueWatching.LoadList.Request) -> Task<Void, Never>
    /// Marks a row's next episode watched; the row moves on to the one after.
    @discardableResult
    func markNext(request: ContinueWatching.MarkNext.Request) -> Task<Void, Never>
    /// Picks a row for the guide (the Router then opens it).
    func openNext(request: ContinueWatching.OpenNext.Request)
}

/// The Continue data store: the row picked for the guide.
@MainActor
package protocol ContinueDataStore: AnyObject {
    /// The show picked (by id and name, as the store knows it) and the season of its next episode.
    var picked: (show: TVShow, provider: String, season: Int?)? { get }
}

/// What the Continue Interactor hands to its Presenter.
@MainActor
package protocol ContinuePresentationLogic: AnyObject {
    /// Formats the list.
    func presentList(response: ContinueWatching.LoadList.Response)
}

/// What the Continue Presenter hands to its ViewController.
@MainActor
package protocol ContinueDisplayLogic: AnyObject {
    /// Shows the list.
    func displayList(viewModel: ContinueWatching.LoadList.ViewModel)
}

/// Where the Continue scene can go.
@MainActor
package protocol ContinueRoutingLogic: AnyObject {
    /// The episode guide of the picked show, at its next episode's season.
    func routeToGuide()
    /// Back to where Continue was opened from.
    func routeBack()
}

/// How the Continue Router reaches the scene's data.
@MainActor
package protocol ContinueDataPassing: AnyObject {
    /// The scene's data store.
    var dataStore: ContinueDataStore? { get }
}
