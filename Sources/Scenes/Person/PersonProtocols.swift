import Domain

/// What the Person ViewController may ask of its Interactor.
@MainActor
package protocol PersonBusinessLogic: AnyObject {
    /// Loads the person in the data store.
    @discardableResult
    func loadPerson(request: PersonScene.LoadPerson.Request) -> Task<Void, Never>
    /// Orders the credits.
    func sortCredits(request: PersonScene.SortCredits.Request)
    /// Keeps the row's show for the Router.
    /// - Returns: false when the row is gone or its show is known by id only.
    func openShow(request: PersonScene.OpenShow.Request) -> Bool
    /// Stops any load (the scene is closing).
    func cancel()
    /// Fetches and decodes the person's photo, once (the view asks when it lays out a place
    /// for it); presented with the page when ready.
    func loadPhoto()
}

/// The Person data store, filled by the Router that opens the scene.
@MainActor
package protocol PersonDataStore: AnyObject {
    /// Whom to show.
    var reference: PersonReference? { get set }
    /// The show picked with Enter, for ShowDetail.
    var selectedShow: TVShow? { get }
    /// Where the person came from: whose ids the credits' shows carry.
    var personSource: DataSource? { get }
}

/// What the Person Interactor hands to its Presenter.
@MainActor
package protocol PersonPresentationLogic: AnyObject {
    /// Formats the person and their credits.
    func presentPerson(response: PersonScene.LoadPerson.Response)
}

/// What the Person Presenter hands to its ViewController.
@MainActor
package protocol PersonDisplayLogic: AnyObject {
    /// Shows the person's view model.
    func displayPerson(viewModel: PersonScene.LoadPerson.ViewModel)
}

/// Where the Person scene can go.
@MainActor
package protocol PersonRoutingLogic: AnyObject {
    /// Back to the show's details, on the same cast line.
    func routeBack()
    /// On to the picked show's details.
    func routeToShowDetail()
}

/// How the Person Router reaches the scene's data.
@MainActor
package protocol PersonDataPassing: AnyObject {
    /// The scene's data store.
    var dataStore: PersonDataStore? { get }
}
