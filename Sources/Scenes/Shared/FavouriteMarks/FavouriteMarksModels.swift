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
