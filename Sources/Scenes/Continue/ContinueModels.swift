import Domain

/// The Continue scene's use cases: every started show with its next unwatched aired episode,
/// most recently watched first; Enter opens the guide there, `w` marks it watched and the row
/// moves on. See Scenes.md for the keys and routes.
package enum ContinueWatching {
    /// Read the started shows and their progress.
    package enum LoadList {
        /// No parameters.
        package struct Request: Sendable {}

        /// The items, once read.
        package struct Response: Sendable {
            /// The started shows, most recently marked first.
            package let items: [ContinueItem]
            /// True while they are read.
            package let isLoading: Bool
            /// The store's notice, or what the last `w` did; nil for none.
            package var message: String? = nil
            /// True when `message` reports a failure.
            package var messageIsError = false
        }

        /// What the list draws.
        package struct ViewModel: Sendable, Equatable {
            /// One started show.
            package struct Row: Sendable, Equatable {
                /// `TVmaze/82`: the show's provider and id.
                package let id: String
                /// The show's name.
                package let name: String
                /// `S01E06 ‘A Golden Crown’`, `caught up`, or why the list is unknown.
                package let next: String
                /// `68 left · next Thu`, or empty.
                package let detail: String
                /// True when there is no next aired episode (drawn dim).
                package let isDone: Bool
                /// The next episode's badges, `NEW`, `S3 ▶`, `FINALE` (an ASCII canvas draws
                /// `▶` as `>`); empty for none.
                package var badge = ""
            }
            /// The rows.
            package let rows: [Row]
            /// `Continue (3 new)`: the scene's title, with the episodes aired since the last
            /// look and not watched when there are any.
            package var title = "Continue"
            /// `12 started shows`.
            package let countLabel: String
            /// How old the episode lists are when not live (`episode lists as of 12 Nov 14:02`,
            /// `episode lists recorded August 2025`), or nil.
            package var listsAge: String? = nil
            /// What an empty list says, or nil.
            package let emptyMessage: String?
            /// A loading line, the store's notice, or what `w` did.
            package let message: String?
            /// True when `message` reports a failure.
            package let messageIsError: Bool
        }
    }

    /// Mark a row's next episode watched (`w`); the answer is the list again.
    package enum MarkNext {
        /// The row.
        package struct Request: Sendable {
            /// The row's id (`TVmaze/82`).
            package let id: String
        }
    }

    /// Open the guide at a row's next episode (Enter).
    package enum OpenNext {
        /// The row.
        package struct Request: Sendable {
            /// The row's id.
            package let id: String
        }
    }
}
