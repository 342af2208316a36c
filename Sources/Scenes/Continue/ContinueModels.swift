import Domain

/// The Continue scene's use cases: every started show with its next episode to watch (by its
/// plays and settings: a rewatch's next in its new round), most recently watched first; Enter
/// opens the guide on that episode, `w` counts a play of it and the row moves on, `u` takes the
/// last `w` back. See Scenes.md for the keys and routes.
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
            /// The store's notice, or what the last `w` or `u` did; nil for none.
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
                /// `S01E06 ‘A Golden Crown’`, `Rewatching · S01E02 ‘The Kingsroad’`, `caught
                /// up`, or why the list is unknown.
                package let next: String
                /// `68 left · next Thu`, or empty.
                package let detail: String
                /// True when there is no next aired episode (drawn dim).
                package let isDone: Bool
                /// The next episode's badges, `NEW`, `S3 ▶`, `FINALE` (an ASCII canvas draws
                /// `▶` as `>`); empty for none.
                package var badge = ""
                /// The person's rating of the show, `you 8`; empty when not rated.
                package var rating = ""
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
            /// A loading line, the store's notice, or what `w` or `u` did.
            package let message: String?
            /// True when `message` reports a failure.
            package let messageIsError: Bool
            /// True while the list is first read (keys on rows wait for them).
            package var isLoading = false
        }
    }

    /// Count a play of a row's next episode (`w`: a first watch, or the next of a rewatch); the
    /// answer is the list again.
    package enum MarkNext {
        /// The row.
        package struct Request: Sendable {
            /// The row's id (`TVmaze/82`).
            package let id: String
        }
    }

    /// Take the last `w` back (`u`): one play less of that episode (a mark of one play goes);
    /// the answer is the list again.
    package enum UndoMark {
        /// No parameters: the last `w` of the scene, whatever row is selected.
        package struct Request: Sendable {}
    }

    /// Open the guide on a row's next episode (Enter).
    package enum OpenNext {
        /// The row.
        package struct Request: Sendable {
            /// The row's id.
            package let id: String
        }
    }
}
