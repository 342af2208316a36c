import Domain

/// The marks' business logic: looks the item up, toggles it, presents the result.
@MainActor
package final class FavouriteMarksInteractor: FavouriteMarksBusinessLogic {
    package var presenter: FavouriteMarksPresentationLogic?
    private let book: FavouritesBook
    private let kind: FavouriteKind
    private let provider: @MainActor () -> String?
    private let lookup: @MainActor (String) -> Favourite?
    /// The number of the last `f`.
    private var lastToggle = 0

    /// Makes an Interactor.
    /// - Parameters:
    ///   - book: the app's favourites.
    ///   - kind: the kind of item the scene lists.
    ///   - provider: the provider of the scene's ids, asked each time (a source may give way
    ///     to another); nil when ids carry it (places).
    ///   - lookup: the scene's item with an id, as a favourite, or nil when not loaded.
    package init(book: FavouritesBook, kind: FavouriteKind, provider: @escaping @MainActor () -> String?, lookup: @escaping @MainActor (String) -> Favourite?) {
        self.book = book
        self.kind = kind
        self.provider = provider
        self.lookup = lookup
        book.observe(self) { [weak self] state in
            self?.present(state, toggled: nil)
        }
    }

    package func loadMarks(request: FavouriteMarks.LoadMarks.Request) {
        present(book.state, toggled: nil)
    }

    package func toggleMark(request: FavouriteMarks.ToggleMark.Request) {
        guard let favourite = lookup(request.id) else { return }
        // The star changes at once (the book tells its observers); what `f` did is said when
        // its save is done, for the last `f` only, so quick presses never show a stale line.
        lastToggle += 1
        let number = lastToggle
        book.toggle(favourite) { [weak self] state, added in
            guard let self, self.lastToggle == number else { return }
            self.present(state, toggled: (favourite.name, added))
        }
    }

    private func present(_ state: FavouritesState, toggled: (name: String, added: Bool)?) {
        presenter?.presentMarks(response: .init(state: state, kind: kind, provider: provider(), toggled: toggled))
    }
}
