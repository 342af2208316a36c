import Domain

/// What the Stats ViewController may ask of its Interactor.
@MainActor
package protocol StatsBusinessLogic: AnyObject {
    /// Reads the year on screen's figures (each time the scene appears, and on `r`).
    @discardableResult
    func loadYear(request: Stats.LoadYear.Request) -> Task<Void, Never>
    /// Moves to another year and reads its figures.
    @discardableResult
    func changeYear(request: Stats.ChangeYear.Request) -> Task<Void, Never>
}

/// The Stats data store: the year on screen, for a scene that opens Stats on a year.
@MainActor
package protocol StatsDataStore: AnyObject {
    /// The year on screen.
    var year: Int { get set }
}

/// What the Stats Interactor hands to its Presenter.
@MainActor
package protocol StatsPresentationLogic: AnyObject {
    /// Formats the year's figures.
    func presentYear(response: Stats.LoadYear.Response)
}

/// What the Stats Presenter hands to its ViewController.
@MainActor
package protocol StatsDisplayLogic: AnyObject {
    /// Shows the year.
    func displayYear(viewModel: Stats.LoadYear.ViewModel)
}

/// Where the Stats scene can go.
@MainActor
package protocol StatsRoutingLogic: AnyObject {
    /// Back to where Stats was opened from.
    func routeBack()
}

/// How the Stats Router reaches the scene's data.
@MainActor
package protocol StatsDataPassing: AnyObject {
    /// The scene's data store.
    var dataStore: StatsDataStore? { get }
}
