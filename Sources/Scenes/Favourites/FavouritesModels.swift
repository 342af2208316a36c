import Domain

/// The Favourites scene's use cases, each with its Request, Response and ViewModel.
/// See Scenes.md for the keys and routes.
package enum Favourites {
    /// Read the favourites file again and list its shows and places.
    package enum LoadFavourites {
        /// Ask for the list.
        package struct Request: Sendable {}

        /// The favourites and how reading or saving went.
        package struct Response: Sendable {
            /// The favourites, newest first (`Favourite.newestFirst`).
            let favourites: [Favourite]
            /// True until the first read has answered.
            let isLoading: Bool
            /// A one-line notice (a corrupt file moved aside, favourites kept in memory), or nil.
            let notice: String?
            /// True when changes are not being saved.
            let isInMemoryOnly: Bool
            /// What the last removal did: the name removed; nil otherwise.
            let removedName: String?
            /// The started shows' episodes aired since the last look and not watched (the
            /// Continue list's count), 0 when none or not counted.
            var newEpisodes = 0
        }

        /// What the list view draws.
        package struct ViewModel: Sendable, Equatable {
            /// One favourite, display-ready.
            struct Row: Sendable, Equatable {
                /// The favourite's key as text (`show/TVmaze/82`), to keep the selection.
                let id: String
                /// `Show` or `Place`.
                let kind: String
                /// The name, or a placeholder.
                let name: String
                /// True when `name` is a placeholder (drawn dim).
                let nameIsPlaceholder: Bool
                /// The subtitle, for example `2011–2019 · HBO`, or `—`.
                let subtitle: String
                /// The day it was added, `2026-11-29` (UTC).
                let added: String
            }
            /// The rows, newest first.
            let rows: [Row]
            /// For example `2 shows · 1 place`.
            let countLabel: String
            /// A message for the list area when there are no rows.
            let emptyMessage: String?
            /// A line for the status bar, or nil.
            let statusMessage: String?
            /// Whether `statusMessage` reports a problem.
            let statusIsError: Bool
            /// The line under the help overlay: where the favourites are kept.
            var credit: String = ""
            /// `c Continue (3 new)` for the status bar's hints when episodes are new, else nil.
            var continueHint: String? = nil
        }
    }

    /// `f` / `d` / Delete: remove the selected favourite.
    package enum RemoveFavourite {
        /// The favourite.
        package struct Request: Sendable {
            /// Its key as text (`Row.id`).
            let id: String
        }
    }

    /// Enter: open a show's details (ShowDetail) or show a favourite's stored facts.
    package enum OpenFavourite {
        /// The favourite.
        package struct Request: Sendable {
            /// Its key as text (`Row.id`).
            let id: String
        }

        /// What to open.
        package struct Response: Sendable {
            /// The favourite.
            let favourite: Favourite
            /// True when the favourite is a show of the app's show source, which the ShowDetail
            /// scene opens (it is then in `FavouritesDataStore.selectedShow`).
            let opensShowDetail: Bool
        }

        /// The stored facts of a favourite (a place, or a show of another provider).
        package struct ViewModel: Sendable, Equatable {
            /// A label and its value.
            struct Fact: Sendable, Equatable {
                /// The label, for example `Coordinates`.
                let label: String
                /// The value, or `—`.
                let value: String
            }
            /// The row's id.
            let id: String
            /// The name, or a placeholder.
            let title: String
            /// The subtitle.
            let subtitle: String
            /// Kind, provider, id, coordinates, added.
            let facts: [Fact]
            /// Nil when the details are shown; else true to route to ShowDetail.
            let opensShowDetail: Bool
        }
    }
}
