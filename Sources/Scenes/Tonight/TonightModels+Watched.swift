import Domain

extension Tonight {
    /// `w`: mark the episodes of a row watched (one play more each, `WatchedWorking.addPlays`).
    package enum MarkWatched {
        /// Which episodes: a row's, or a folded row's episode rows.
        package struct Request: Sendable {
            /// The episode rows' ids.
            package let ids: [String]
            /// The list they are in.
            package let listing: Listing
            /// Makes a request.
            package init(ids: [String], listing: Listing) {
                self.ids = ids
                self.listing = listing
            }
        }
    }

    /// `u`: take back the last `w` (one play less each, `WatchedWorking.removePlays`).
    package enum UndoWatched {
        /// No parameters: the last change is the Interactor's.
        package struct Request: Sendable {
            /// Makes a request.
            package init() {}
        }
    }

    /// What a mark or its undoing says on the status bar.
    package enum WatchedMessage {
        /// What happened.
        package struct Response: Sendable {
            /// What was done.
            package enum Outcome: Sendable, Equatable {
                /// Episodes marked: the show, the episodes and each one's plays after the mark.
                case marked(show: String, episodes: [Episode], plays: [Int])
                /// The last mark taken back: the show and the episodes.
                case undone(show: String, episodes: [Episode])
                /// Nothing to take back.
                case nothingToUndo
                /// The row has no episode that can be marked: the show's, a special without a
                /// number; nil, a row of no episode (a show without an announced episode, a change).
                case nothingToMark(show: String?)
                /// The store's notice (a damaged file moved aside, marks kept in memory only).
                case notice(String)
                /// No store of watched episodes in this run.
                case noStore
            }
            /// What was done.
            package let outcome: Outcome
            /// Whether it is said as an error.
            package var isError = false
            /// Makes a response.
            package init(_ outcome: Outcome, isError: Bool = false) {
                self.outcome = outcome
                self.isError = isError
            }
        }

        /// The status bar's line.
        package struct ViewModel: Sendable, Equatable {
            /// The line, for example `The Tourist S02E01 marked watched · u undoes`.
            package let text: String
            /// Whether it is an error.
            package let isError: Bool
        }
    }

    /// The key of an episode's mark: the show under its provider, season and number; nil for a
    /// special or an episode without a number (its place is known only from the show's list).
    /// - Parameters:
    ///   - provider: the show's provider (`ProviderName.tvmaze.name` for the schedules).
    ///   - show: the show's id at that provider.
    ///   - episode: the episode.
    package static func watchKey(provider: String, show: Int, episode: Episode) -> WatchedEpisodeKey? {
        guard !episode.isSpecial, let number = episode.number else { return nil }
        return WatchedEpisodeKey(show: WatchedShowID(provider: provider, id: show), season: episode.season, number: number)
    }
}
