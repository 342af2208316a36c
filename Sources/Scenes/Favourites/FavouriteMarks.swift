import Domain

/// The `f` key of the shows list, a show's details and the places list: a small VIP cycle
/// each of those scenes owns one of, beside its main one. Its Interactor finds the selected
/// item through the scene's data (a lookup given by `SceneFactory`), toggles it in the
/// `FavouritesBook`, and its Presenter turns the favourites into the set of ids the scene marks
/// with `♥` (`<3` in ASCII) and a status line.
package enum FavouriteMarks {
    /// Ask for the marks again (the scene appeared, or the favourites changed elsewhere).
    package enum LoadMarks {
        /// No parameters.
        package struct Request: Sendable {}
    }

    /// `f`: add the item to the favourites, or remove it.
    package enum ToggleMark {
        /// The item.
        package struct Request: Sendable {
            /// The item's id in the scene (a show's TVmaze id as text, a place's id).
            let id: String
        }
    }

    /// The favourites as the scene marks them.
    package struct Response: Sendable {
        /// All favourites.
        let state: FavouritesState
        /// The kind of item the scene lists.
        let kind: FavouriteKind
        /// The provider of the scene's ids, or nil when ids carry their provider (places).
        let provider: String?
        /// What `f` just did: the item's name and whether it was added; nil for a reload.
        let toggled: (name: String, added: Bool)?
    }

    /// What the scene draws.
    package struct ViewModel: Sendable, Equatable {
        /// The ids (as text) of the scene's items that are favourites.
        let ids: Set<String>
        /// A line for the status bar: what `f` did, or why favourites are not saved; nil for none.
        let message: String?
        /// Whether the message reports a problem.
        let messageIsError: Bool
    }
}

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

/// Formats the marks: the ids to star, and the status line.
@MainActor
package final class FavouriteMarksPresenter: FavouriteMarksPresentationLogic {
    package weak var viewController: FavouriteMarksDisplayLogic?

    /// Makes one with no view yet; the composition root (`SceneFactory`) sets it.
    package init() {}

    package func presentMarks(response: FavouriteMarks.Response) {
        let ids = Set(response.state.favourites.lazy
            .filter { $0.key.kind == response.kind && (response.provider == nil || $0.key.provider == response.provider) }
            .map(\.key.id))
        var message: String?
        var isError = false
        // Only `f` says something: a reload (another scene's change) changes the stars alone.
        if let toggled = response.toggled {
            if response.state.isInMemoryOnly, let notice = response.state.notice {
                message = notice
                isError = true
            } else {
                let name = toggled.name.isEmpty ? "unnamed item" : "“\(toggled.name)”"
                message = toggled.added ? "Added \(name) to favourites (F lists them)" : "Removed \(name) from favourites"
                if let notice = response.state.notice { message = (message ?? "") + "; " + notice }
            }
        }
        viewController?.displayMarks(viewModel: .init(ids: ids, message: message, messageIsError: isError))
    }
}
