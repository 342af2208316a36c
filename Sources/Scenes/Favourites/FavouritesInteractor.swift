import Domain

/// The Favourites scene's business logic: reads the favourites again each time the scene
/// appears (another running instance may have changed the file), removes them, and decides
/// what Enter opens.
@MainActor
package final class FavouritesInteractor: FavouritesBusinessLogic, FavouritesDataStore {
    package var presenter: FavouritesPresentationLogic?
    private let book: FavouritesBook
    private let showProvider: @MainActor () -> String
    private let effects: RunningEffects
    private var loaded = false
    private var removedName: String?
    /// The last count of `countNewEpisodes`.
    private var newEpisodes = 0
    /// Called each time the favourites (and the count of new episodes) have been shown: what a
    /// key of this scene opens next is read ahead (Stats' year); nil reads nothing ahead.
    private let readAhead: (@MainActor () -> Void)?

    /// Counts the started shows' episodes aired since the last look and not watched (the
    /// Continue list's count), after each read of the favourites; nil counts nothing.
    package var countNewEpisodes: (@Sendable () async -> Int)?

    package private(set) var selectedShow: TVShow?

    /// Makes an Interactor.
    /// - Parameters:
    ///   - book: the app's favourites.
    ///   - showProvider: the provider of the app's shows now (whose ids ShowDetail can open).
    ///   - effects: where the use cases' tasks are tracked.
    ///   - readAhead: called each time the favourites have been shown (the app reads Stats'
    ///     year ahead); nil for none.
    package init(
        book: FavouritesBook, showProvider: @escaping @MainActor () -> String, effects: RunningEffects = RunningEffects(), readAhead: (@MainActor () -> Void)? = nil
    ) {
        self.readAhead = readAhead
        self.book = book
        self.effects = effects
        self.showProvider = showProvider
        book.observe(self) { [weak self] state in
            guard let self, self.loaded else { return }
            self.present(state)
        }
    }

    @discardableResult
    package func loadFavourites(request: Favourites.LoadFavourites.Request) -> Task<Void, Never> {
        if !loaded {
            presenter?.presentFavourites(response: .init(favourites: [], isLoading: true, notice: nil, isInMemoryOnly: false, removedName: nil))
        }
        let book = self.book, count = countNewEpisodes
        return effects.track(
            Task { [weak self] in
                let state = await book.reload()
                self?.loaded = true
                self?.present(state)
                guard let count else {
                    self?.readAhead?()
                    return
                }
                let new = await count()
                guard let self else { return }
                self.newEpisodes = new
                self.present(self.book.state)
                self.readAhead?()
            })
    }

    package func removeFavourite(request: Favourites.RemoveFavourite.Request) {
        guard let favourite = book.state.favourites.first(where: { $0.key.description == request.id }) else { return }
        // The row goes at once (the book tells its observers, this one among them), so a
        // second `d` removes the next row; the save follows in the background.
        removedName = favourite.name
        book.remove(favourite.key)
        removedName = nil
    }

    package func openFavourite(request: Favourites.OpenFavourite.Request) {
        guard let favourite = book.state.favourites.first(where: { $0.key.description == request.id }) else { return }
        var opens = false
        if favourite.key.kind == .show, favourite.key.provider == showProvider(), let id = Int(favourite.key.id) {
            selectedShow = TVShow(id: id, name: favourite.name)
            opens = true
        }
        presenter?.presentOpenFavourite(response: .init(favourite: favourite, opensShowDetail: opens))
    }

    private func present(_ state: FavouritesState) {
        let removed = removedName
        removedName = nil
        presenter?.presentFavourites(
            response: .init(
                favourites: Favourite.newestFirst(state.favourites), isLoading: false,
                notice: state.notice, isInMemoryOnly: state.isInMemoryOnly, removedName: removed, newEpisodes: newEpisodes
            ))
    }
}
