import Domain

/// What the Continue ViewController may ask of its Interactor.
@MainActor
package protocol ContinueBusinessLogic: AnyObject {
    /// Reads the started shows (each time the scene appears).
    @discardableResult
    func loadList(request: ContinueWatching.LoadList.Request) -> Task<Void, Never>
    /// Counts a play of a row's next episode (after any `w` or `u` still saving); the row moves
    /// on to the one after.
    /// - Returns: the save's task, finished once the list is presented again.
    @discardableResult
    func markNext(request: ContinueWatching.MarkNext.Request) -> Task<Void, Never>
    /// Takes the last `w` back: one play less of that episode.
    /// - Returns: the save's task, finished once the list is presented again.
    @discardableResult
    func undoMark(request: ContinueWatching.UndoMark.Request) -> Task<Void, Never>
    /// Picks a row for the guide (the Router then opens it).
    func openNext(request: ContinueWatching.OpenNext.Request)
}

/// The Continue data store: the row picked for the guide.
@MainActor
package protocol ContinueDataStore: AnyObject {
    /// The show picked (by id and name, as the store knows it), its provider, the season of its
    /// next episode (else of its furthest watched) and the next episode's key (`ShowEpisodes.markKey`:
    /// a special in season 0; nil when caught up).
    var picked: (show: TVShow, provider: String, season: Int?, episode: SeasonAndNumber?)? { get }
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
    /// The episode guide of the picked show, the cursor on its next episode.
    func routeToGuide()
    /// The Stats scene (`S`), pushed over Continue.
    func routeToStats()
    /// Ends the app (Continue is a section's first scene).
    func routeToQuit()
}

/// How the Continue Router reaches the scene's data.
@MainActor
package protocol ContinueDataPassing: AnyObject {
    /// The scene's data store.
    var dataStore: ContinueDataStore? { get }
}
