import Domain

/// What a scene's ViewController asks of its favourite marks.
@MainActor
package protocol FavouriteMarksBusinessLogic: AnyObject {
    /// Presents the current marks.
    func loadMarks(request: FavouriteMarks.LoadMarks.Request)
    /// Adds or removes the item.
    func toggleMark(request: FavouriteMarks.ToggleMark.Request)
}

/// What the marks' Interactor hands to its Presenter.
@MainActor
package protocol FavouriteMarksPresentationLogic: AnyObject {
    /// Formats the marks.
    func presentMarks(response: FavouriteMarks.Response)
}

/// What the marks' Presenter hands to the scene's ViewController.
@MainActor
package protocol FavouriteMarksDisplayLogic: AnyObject {
    /// Shows the marks.
    func displayMarks(viewModel: FavouriteMarks.ViewModel)
}
