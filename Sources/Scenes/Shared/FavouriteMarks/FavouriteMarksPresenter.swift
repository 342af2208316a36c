import Domain

/// Formats the marks: the ids to star, and the status line.
@MainActor
package final class FavouriteMarksPresenter: FavouriteMarksPresentationLogic {
    package weak var viewController: FavouriteMarksDisplayLogic?

    /// Makes one with no view yet; the composition root (`SceneFactory`) sets it.
    package init() {}

    package func presentMarks(response: FavouriteMarks.Response) {
        let ids = Set(
            response.state.favourites.lazy
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
                let name = toggled.name.isEmpty ? "unnamed item" : "“\(ShowFormatting.capped(toggled.name))”"
                message = toggled.added ? "Added \(name) to favourites (F lists them)" : "Removed \(name) from favourites"
                if let notice = response.state.notice { message = (message ?? "") + "; " + notice }
            }
        }
        viewController?.displayMarks(viewModel: .init(ids: ids, message: message, messageIsError: isError))
    }
}
