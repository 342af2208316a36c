import Domain

/// The ShowDetail scene's use cases. See Scenes.md for the keys and routes.
package enum ShowDetail {
    /// The poster's box, in cells: 30 across and 22 down, that is 30 × 44 pixels (a cell is
    /// one pixel wide and two tall): a poster's 2:3 on a terminal's cells.
    package static let posterBox = (columns: 30, rows: 22)
    /// The narrowest screen that shows the poster beside the facts.
    package static let posterMinimumWidth = 100

    /// Load the show's details (cast, seasons) and show what is known meanwhile.
    package enum LoadDetails {
        /// Ask for the details of the show in the data store.
        package struct Request: Sendable {
            /// True to ask the source again (`r`), even when details are on screen.
            var retry = false
        }

        /// The show, its details when they have arrived, and the loading state.
        package struct Response: Sendable {
            /// The show as listed (shown at once).
            let show: TVShow
            /// The details, once loaded.
            let details: TVShowDetails?
            /// True while the details are loading.
            let isLoading: Bool
            /// The failure of the last load, if it failed.
            let error: SourceError?
            /// True while cached details are on screen and fresh ones are being fetched.
            var isRefreshing = false
            /// Seconds left before a rate-limited load is retried by itself; nil when none waits.
            var retryInSeconds: Int? = nil
            /// Where the list the show came from was read (`ShowDetailDataStore.listedSource`):
            /// the source named before the details arrive or when they fail.
            var listedSource: DataSource? = nil
            /// The shows like this one, once loaded; nil before (or without a source of them).
            var similar: SimilarShows? = nil
            /// Where to watch in `watchCountry`, once loaded.
            var watch: WatchProviders? = nil
            /// The country asked when the details' source has watch providers (TMDB with a
            /// key); nil when it has none (the section then names the broadcaster and how to
            /// turn full data on).
            var watchCountry: String? = nil
            /// True while the watch providers are still to come.
            var watchPending = false
            /// How far the show is watched, by its plays and settings; nil when nothing is
            /// marked or it is not known.
            var progress: WatchProgress? = nil
            /// The person's rating of the show, or nil.
            var userRating: UserRating? = nil
            /// What the last rating key did (`Game of Thrones rated 8`), or why it was not
            /// saved; nil when none was pressed.
            var ratingMessage: String? = nil
            /// True when `ratingMessage` says the rating was not saved.
            var ratingMessageIsError = false
            /// The viewer's streaming services (`services` setting): "Where to watch" names
            /// those that stream the show; nil for none.
            var services: StreamingServices? = nil
            /// The poster, decoded and scaled to `ShowDetail.posterBox`; nil until it is (or
            /// when there is none).
            var poster: RGBImage? = nil
            /// Why the poster could not be shown, for the status bar and the message log.
            var posterMessage: String? = nil

            /// Makes one from its parts (the memberwise initialiser, visible to the composition root).
            package init(
                show: TVShow, details: TVShowDetails?, isLoading: Bool, error: SourceError?, isRefreshing: Bool = false, retryInSeconds: Int? = nil,
                listedSource: DataSource? = nil, similar: SimilarShows? = nil, watch: WatchProviders? = nil, watchCountry: String? = nil, watchPending: Bool = false
            ) {
                self.watchPending = watchPending
                self.similar = similar
                self.watch = watch
                self.watchCountry = watchCountry
                self.show = show
                self.details = details
                self.isLoading = isLoading
                self.error = error
                self.isRefreshing = isRefreshing
                self.retryInSeconds = retryInSeconds
                self.listedSource = listedSource
            }
        }

        /// What the detail view draws.
        package struct ViewModel: Sendable, Equatable {
            /// A label and its value, for example `Network` / `HBO (United States)`.
            package struct Fact: Sendable, Equatable {
                /// The label.
                package let label: String
                /// The value, or `—`.
                package let value: String
            }
            /// A titled block of lines, for example `Cast` with one line a person.
            package struct Section: Sendable, Equatable {
                /// The title.
                package let title: String
                /// Paragraphs; each is word-wrapped to the screen's width.
                package let paragraphs: [String]
                /// For the seasons section, the season number of each paragraph (Enter on one
                /// opens the episode guide there); empty otherwise.
                package var seasonNumbers: [Int] = []
                /// For the cast section, the person of each paragraph (Enter on one opens their
                /// page); empty otherwise.
                package var people: [PersonReference] = []
                /// For the "More like this" section, the show of each paragraph (Enter on one
                /// opens its details); empty otherwise.
                package var shows: [TVShow] = []
            }
            /// The show's id at its provider (TVmaze's or TMDB's): the favourite mark and `f` use it.
            package let id: Int
            /// The show's name, or a placeholder.
            package let title: String
            /// Years and rating under the title, for example `2014–2019 · ★ 8.5`.
            package let subtitle: String
            /// The facts table.
            package let facts: [Fact]
            /// Summary, cast, seasons.
            package let sections: [Section]
            /// A loading or failure line, if any.
            let message: String?
            /// Whether `message` reports an error.
            let messageIsError: Bool
            /// The source, for example `TVmaze live` or `TVmaze · cached 3 h ago`.
            package let sourceLabel: String
            /// The credit the source's terms ask for (help overlay).
            package var credit: String = ShowFormatting.tvmazeCredit
            /// TMDB's watch page for the show in the viewer's country (`Y` copies it); nil when none.
            package var watchLink: String? = nil
            /// False when the source records no episode list for the show, so `e` has no guide
            /// to open (the hints then leave it out); true when it has one or may have one.
            package var hasEpisodeGuide = true
            /// True when the show has a poster to show (so the page leaves room for it before it
            /// arrives); false when the source gives none.
            package var hasPoster = false
            /// The poster, once decoded (scaled to `ShowDetail.posterBox`).
            package var poster: RGBImage? = nil
            /// Why there is no poster, when fetching or decoding it failed.
            package var posterMessage: String? = nil

            /// Makes one from its parts (the memberwise initialiser, visible to the composition root).
            package init(
                id: Int, title: String, subtitle: String, facts: [Fact], sections: [Section], message: String?, messageIsError: Bool, sourceLabel: String,
                credit: String = ShowFormatting.tvmazeCredit, watchLink: String? = nil
            ) {
                self.watchLink = watchLink
                self.id = id
                self.title = title
                self.subtitle = subtitle
                self.facts = facts
                self.sections = sections
                self.message = message
                self.messageIsError = messageIsError
                self.sourceLabel = sourceLabel
                self.credit = credit
            }
        }
    }
}
