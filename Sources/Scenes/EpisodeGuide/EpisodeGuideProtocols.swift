import Domain

/// What the EpisodeGuide ViewController may ask of its Interactor.
@MainActor
package protocol EpisodeGuideBusinessLogic: AnyObject {
    /// Loads the episodes of the show in the data store.
    /// - Returns: the load's task, finished when the answer (or failure) has been presented.
    @discardableResult
    func loadGuide(request: EpisodeGuide.LoadGuide.Request) -> Task<Void, Never>
    /// Presents one episode's details.
    func showEpisode(request: EpisodeGuide.ShowEpisode.Request)
    /// Stops any load and countdown in progress (the scene is closing).
    func cancel()
    /// Marks the episode under the cursor (or every aired one up to it) watched, or counts
    /// one more play of a watched one; the guide is presented at once with the change, then
    /// again once it is saved.
    /// - Returns: the save's task.
    @discardableResult
    func markWatched(request: EpisodeGuide.MarkWatched.Request) -> Task<Void, Never>
    /// Marks the episode under the cursor unwatched, every play of it.
    /// - Returns: the save's task.
    @discardableResult
    func markUnwatched(request: EpisodeGuide.MarkUnwatched.Request) -> Task<Void, Never>
    /// Takes back the last mark change and the favourite it added.
    /// - Returns: the save's task.
    @discardableResult
    func undoWatched(request: EpisodeGuide.UndoWatched.Request) -> Task<Void, Never>
    /// Rates the episode under the cursor, or clears its rating; the guide (and the episode's
    /// page, from there) is presented at once, then again once it is saved.
    /// - Returns: the save's task.
    @discardableResult
    func rateEpisode(request: EpisodeGuide.RateEpisode.Request) -> Task<Void, Never>
    /// Turns one of the show's progress settings; presented at once, then again once saved.
    /// - Returns: the save's task.
    @discardableResult
    func changeSettings(request: EpisodeGuide.ChangeSettings.Request) -> Task<Void, Never>
}

/// The EpisodeGuide data store, filled by the Router that opens the scene.
@MainActor
package protocol EpisodeGuideDataStore: AnyObject {
    /// The show whose episodes to chart.
    var show: TVShow? { get set }
    /// The season to start on (Enter on a season in ShowDetail); nil for the first.
    var startSeason: Int? { get set }
    /// The episode to start on, by the key it is kept under (`ShowEpisodes.markKey`: a special
    /// in season 0), from Continue; nil for the start season's first. Wins over `startSeason`
    /// when listed.
    var startEpisode: SeasonAndNumber? { get set }
}

/// What the EpisodeGuide Interactor hands to its Presenter.
@MainActor
package protocol EpisodeGuidePresentationLogic: AnyObject {
    /// Formats the chart and the episode lists.
    func presentGuide(response: EpisodeGuide.LoadGuide.Response)
    /// Formats one episode's page.
    func presentEpisode(response: EpisodeGuide.ShowEpisode.Response)
}

/// What the EpisodeGuide Presenter hands to its ViewController.
@MainActor
package protocol EpisodeGuideDisplayLogic: AnyObject {
    /// Shows the chart and lists.
    func displayGuide(viewModel: EpisodeGuide.LoadGuide.ViewModel)
    /// Opens an episode's page.
    func displayEpisode(viewModel: EpisodeGuide.ShowEpisode.ViewModel)
}

/// Where the EpisodeGuide scene can go.
@MainActor
package protocol EpisodeGuideRoutingLogic: AnyObject {
    /// Back to the show's details, which keep their place.
    func routeBack()
}

/// How the EpisodeGuide Router reaches the scene's data.
@MainActor
package protocol EpisodeGuideDataPassing: AnyObject {
    /// The scene's data store.
    var dataStore: EpisodeGuideDataStore? { get }
}
