import Domain

/// What the Tonight view may ask.
@MainActor
package protocol TonightBusinessLogic: AnyObject {
    /// Fetches a day's broadcast and streaming schedules; the Task ends when both are in.
    @discardableResult
    func loadSchedule(request: Tonight.LoadSchedule.Request) -> Task<Void, Never>
    /// Asks each favourite show's next episode; the Task ends when all are answered.
    @discardableResult
    func loadUpcoming(request: Tonight.LoadUpcoming.Request) -> Task<Void, Never>
    /// Reads New this week's days one after the other; the Task ends when all are in.
    @discardableResult
    func loadPremieres(request: Tonight.LoadPremieres.Request) -> Task<Void, Never>
    /// Stops the loads and a rate limit's countdown (the scene closes).
    func cancel()
    /// Keeps the show of a row for the Router.
    /// - Returns: true when the row is known.
    func openShow(request: Tonight.OpenShow.Request) -> Bool
    /// Marks a row's episodes watched (one play more each), on screen at once; the Task ends
    /// when the store has answered.
    @discardableResult
    func markWatched(request: Tonight.MarkWatched.Request) -> Task<Void, Never>
    /// Takes the last mark back (one play less each); the Task ends when the store has answered.
    @discardableResult
    func undoWatched(request: Tonight.UndoWatched.Request) -> Task<Void, Never>
}

/// What the Router may read.
@MainActor
package protocol TonightDataStore: AnyObject {
    /// The show chosen with Enter.
    var selectedShow: TVShow? { get }
}

/// What the Interactor tells the Presenter.
@MainActor
package protocol TonightPresentationLogic: AnyObject {
    /// The day's schedule so far.
    func presentSchedule(response: Tonight.LoadSchedule.Response)
    /// The favourites' next episodes so far.
    func presentUpcoming(response: Tonight.LoadUpcoming.Response)
    /// New this week's days so far.
    func presentPremieres(response: Tonight.LoadPremieres.Response)
    /// What a mark or its undoing did.
    func presentWatched(response: Tonight.WatchedMessage.Response)
}

/// What the Presenter tells the view.
@MainActor
package protocol TonightDisplayLogic: AnyObject {
    /// Draw the day's schedule.
    func displaySchedule(viewModel: Tonight.LoadSchedule.ViewModel)
    /// Draw the upcoming episodes.
    func displayUpcoming(viewModel: Tonight.LoadUpcoming.ViewModel)
    /// Draw New this week.
    func displayPremieres(viewModel: Tonight.LoadPremieres.ViewModel)
    /// Say what a mark did.
    func displayWatched(viewModel: Tonight.WatchedMessage.ViewModel)
}

/// Where the Tonight scene goes.
@MainActor
package protocol TonightRoutingLogic: AnyObject {
    /// Opens the chosen show's details.
    func routeToShowDetail()
    /// Goes back to the scene below.
    func routeBack()
    /// Quits the app.
    func routeToQuit()
}

/// How the Router reads the Interactor's data.
@MainActor
package protocol TonightDataPassing: AnyObject {
    /// The Interactor's data.
    var dataStore: TonightDataStore? { get }
}
