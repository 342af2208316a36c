/// What a scene's ViewController keeps of its favourite marks (`FavouriteMarks`): the ids it
/// marks with `♥` and the status line of the last `f`, until the next key. Shared by the scenes
/// that mark favourites, so that `f` and the marks behave the same in each.
struct FavouriteMarksState {
    /// The ids (as text) of the scene's items that are favourites.
    private(set) var ids: Set<String> = []
    /// What the last `f` did (or why favourites are not saved); nil once a key was pressed.
    private(set) var message: (text: String, isError: Bool)?

    /// True when the item with this id is a favourite.
    func contains(_ id: String) -> Bool {
        ids.contains(id)
    }

    /// Takes the marks' view model: the ids always, the message when it has one.
    mutating func display(_ viewModel: FavouriteMarks.ViewModel) {
        ids = viewModel.ids
        if let text = viewModel.message { message = (text, viewModel.messageIsError) }
    }

    /// Forgets the message (a key was pressed).
    mutating func clearMessage() {
        message = nil
    }

    /// `f`: asks the marks to add or remove an item.
    /// - Parameters:
    ///   - id: the item's id, or nil when nothing is selected (then nothing happens).
    ///   - marks: the scene's marks; nil without favourites.
    @MainActor
    func toggle(_ id: String?, with marks: FavouriteMarksBusinessLogic?) {
        guard let id else { return }
        marks?.toggleMark(request: .init(id: id))
    }
}
