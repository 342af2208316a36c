import Domain

/// The PopularList scene's use cases, each with its Request, Response and ViewModel.
/// See Scenes.md for the keys and routes.
package enum PopularList {
    /// Load the first page (or reload the list from page 0).
    package enum LoadShows {
        /// Ask for the list.
        package struct Request: Sendable {
            /// True to load again (`r`): the page that failed when the status bar shows a
            /// failure under a list, else the whole list from page 0.
            var reload = false
        }

        /// The list's state after any change: loaded shows, the filter, paging and errors.
        package struct Response: Sendable {
            /// A show with its rank in the whole loaded list (1 = most popular).
            struct RankedShow: Sendable, Equatable {
                /// 1-based rank in popularity order (0 for a search result).
                let rank: Int
                /// The show.
                let show: TVShow
                /// True for a hit of the provider's search that is not in the loaded list.
                var isSearchResult = false
            }
            /// The shows that match the filter, in rank order.
            let shows: RankedShows
            /// How many shows are loaded in all.
            let totalCount: Int
            /// The filter query; empty for none.
            let query: String
            /// Where the shows came from; nil before the first page.
            let source: DataSource?
            /// Why each live source was given up, a rejected key first, when the snapshot (or
            /// a later source) answered instead; empty otherwise.
            let fallbackReasons: [SourceError]
            /// True while the first page (or a reload) is loading.
            let isLoading: Bool
            /// True while a further page is loading.
            let isLoadingMore: Bool
            /// True when a further page may exist.
            let hasMore: Bool
            /// The last failure, if the last request failed.
            let error: SourceError?
            /// True while a cached page is on screen and its fresh copy is being fetched.
            var isRefreshing = false
            /// Seconds left before a rate-limited request is retried by itself; nil when none waits.
            var retryInSeconds: Int? = nil
            /// True when `error` is a failed refresh of a page whose earlier copy is on screen
            /// (offline, the cached pages can still be paged through).
            var errorKeptCopy = false
            /// True once, when the rest of a snapshot asked for by `LoadRest` has arrived: the
            /// selection goes to the last show.
            var selectLast = false
            /// True once, when a snapshot's whole catalogue took the place of its pages: a
            /// selection on the first row stays there.
            var tookWhole = false
            /// How the list on screen was made (its header); nil before the first page.
            var basis: ListBasis? = nil
            /// How many lists `SwitchList` goes through (1: nothing to switch to).
            var listCount = 1
            /// The provider's search for the filter: nil when none was asked (no filter, or a
            /// snapshot); else its state.
            var search: SearchState? = nil
            /// The first close match's index (letters in order only, or a provider's hit its
            /// name does not explain; all rank last); nil for none or no filter.
            var closeFrom: Int? = nil
            /// The order the rows are in.
            var sort: SortOrder = .popularity
            /// The genre or network the list is narrowed to; nil for none.
            var narrowedTo: Narrow.Choice? = nil
            /// The viewer's streaming services (`services` setting), to mark the shows on them; nil for none.
            var services: StreamingServices? = nil
        }

        /// Where the provider's search for the filter stands.
        enum SearchState: Sendable, Equatable {
            /// Asked, not answered yet: the provider's name.
            case searching(provider: ProviderName)
            /// Answered: the provider's name and how many of its hits were added among the
            /// matches as names found (its close matches are counted with the others).
            case done(provider: ProviderName, added: Int)
            /// Offline: the snapshot's All shows and the shows kept from earlier live answers
            /// were searched; how many were added among the matches as names found.
            case kept(added: Int)
            /// Failed: the local matches stay.
            case failed(SourceError)
        }

        /// What the list view draws.
        package struct ViewModel: Sendable, Equatable {
            /// One row of the list, display-ready.
            struct Row: Sendable, Equatable {
                /// The show's id, to keep the selection on the same show when rows change.
                let id: Int
                /// The rank, for example `1`.
                let rank: String
                /// The name, or a placeholder.
                let name: String
                /// True when `name` is a placeholder (drawn dim).
                let nameIsPlaceholder: Bool
                /// Years, for example `2011–2019`.
                let years: String
                /// Genres, comma-separated, or `—`.
                let genres: String
                /// The rating, for example `8.1`, or `—`.
                let rating: String
                /// The network or web channel, or `—`.
                let network: String
                /// True when the network or web channel is one of the viewer's streaming
                /// services (`StreamingServices.carries`): drawn `>` before the network.
                var onMyServices = false
                /// The characters of `name` the filter matched (offsets, ascending), drawn
                /// highlighted; empty without a filter.
                var highlights: [Int] = []
                /// True for a row from outside the list (the provider's search, or offline the
                /// snapshot's All shows and the kept shows), ranked among the matches.
                var isSearchResult = false
                /// True for a close match (the query's letters in order only; drawn dim, last).
                var isCloseMatch = false
            }
            /// The rows.
            let rows: Rows
            /// The source, for example `TVmaze live` or `TVmaze · cached 3 h ago`.
            let sourceLabel: String
            /// The credit the source's terms ask for (help overlay).
            var credit: String = ShowFormatting.tvmazeCredit
            /// The count, for example `700 shows` or `12 of 700 shows`.
            let countLabel: String
            /// The filter query as typed; empty for none.
            let query: String
            /// A message for the list area when there are no rows (loading, empty, failed).
            let emptyMessage: String?
            /// What `emptyMessage` means: `.error` when it reports the failure, else `.info`.
            var emptyMessageStyle: MessageStyle = .info
            /// A one-line message for the status bar (a failure, a fallback), else nil.
            let statusMessage: String?
            /// Whether `statusMessage` reports an error.
            let statusIsError: Bool
            /// True to draw a "loading more" row under the last row.
            let isLoadingMore: Bool
            /// True when reaching the end should ask for the next page.
            let canLoadMore: Bool
            /// True to move the selection to the last row (End on a snapshot, once its rest
            /// has loaded).
            var selectsLast = false
            /// True when a selection on the first row stays there (a snapshot's whole list arrived).
            var keepsTop = false
            /// What the list is, for the header: for example `Popular now · airing this week in
            /// GB and streaming` or `All shows`.
            var title = "Popular shows"
            /// The list `v` switches to, for the hints (for example `All shows`); nil when
            /// there is none.
            var otherListName: String? = nil
            /// The digits of the largest rank (the number of shows loaded), for the rank column.
            var rankDigits = 1
            /// True while there are no rows because the first page (or a reload) is still
            /// loading: keys that act on rows wait for them (`TypedAheadKeys`).
            var awaitsRows = false
        }
    }

    /// The orders the list can be shown in (`s` goes to the next).
    typealias SortOrder = ShowSortOrder

    /// Show the list in the next order (popularity, rating, newest premiere, name).
    package enum CycleSort {
        /// Ask for the next order; the filter and the selection are kept.
        package struct Request: Sendable {}
    }

    /// Show the list in a named order (`:sort rating`).
    package enum SetSort {
        /// Ask for an order; the filter is kept.
        package struct Request: Sendable {
            /// The order wanted.
            let order: SortOrder
        }
    }

    /// Ask the provider's search now for the filter (Enter while typing it), without waiting
    /// for the pause in typing.
    package enum SearchCatalogue {
        /// Ask now; ignored without a filter, on a snapshot, or when the answer is known.
        package struct Request: Sendable {}
    }

    /// Switch to the next list of the scene ("Popular now" ⇄ "All shows").
    package enum SwitchList {
        /// Ask for the next list; ignored when there is only one. The filter is kept.
        package struct Request: Sendable {}
    }

    /// Load every remaining show of a snapshot (End, or G, on the list): they cost no network
    /// request, so End reaches the very last show rather than the last one loaded so far.
    package enum LoadRest {
        /// Ask for the rest; a live source ignores it (its pages load as the selection nears
        /// the end).
        package struct Request: Sendable {}
    }

    /// Load the next page (the selection neared the end of the list).
    package enum LoadNextPage {
        /// Ask for the next page; ignored while a page is loading or when there is none.
        package struct Request: Sendable {}
    }

    /// Filter the loaded shows by name as the person types.
    package enum FilterShows {
        /// The query.
        package struct Request: Sendable {
            /// Case- and diacritic-insensitive text to find in names; empty for all shows.
            let query: String
        }
    }

    /// Open a show found outside the list (`discover-tui show ID|NAME`).
    package enum OpenShow {
        /// The show.
        package struct Request: Sendable {
            /// The show, as the source found it.
            let show: TVShow
        }
    }

    /// Remember the selected show for routing to its details.
    package enum SelectShow {
        /// The selected row.
        package struct Request: Sendable {
            /// The show's id.
            let id: Int
        }
    }
}

extension PopularList.LoadShows.Response {
    /// Ranked shows, in rank order, made without copying a whole list: either the loaded list
    /// and the positions in it that match the filter, or a list given as such.
    struct RankedShows: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
        private enum Storage: Sendable, Equatable {
            case list([RankedShow])
            case matches(shows: [TVShow], positions: [Int], hits: [TVShow])
        }
        private let storage: Storage

        /// The shows at some positions of a list, each one's rank its position + 1, and
        /// search hits (rank 0, `isSearchResult`) among them.
        /// - Parameters:
        ///   - shows: the whole list, in popularity order.
        ///   - positions: the rows in order: a position in `shows` (0 or more), or `~i`
        ///     (below 0) for `hits[i]` (as `MatchTiers.Merged.order`).
        ///   - hits: search results not in the list.
        init(shows: [TVShow], positions: [Int], hits: [TVShow] = []) {
            storage = .matches(shows: shows, positions: positions, hits: hits)
        }

        /// Ranked shows given one by one.
        init(_ list: [RankedShow]) {
            storage = .list(list)
        }

        init(arrayLiteral elements: RankedShow...) {
            storage = .list(elements)
        }

        var startIndex: Int { 0 }
        var endIndex: Int {
            switch storage {
            case .list(let list): return list.count
            case .matches(_, let positions, _): return positions.count
            }
        }

        subscript(index: Int) -> RankedShow {
            switch storage {
            case .list(let list): return list[index]
            case .matches(let shows, let positions, let hits):
                let position = positions[index]
                if position < 0 { return RankedShow(rank: 0, show: hits[~position], isSearchResult: true) }
                return RankedShow(rank: position + 1, show: shows[position])
            }
        }

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
        }
    }

    /// A response from ranked shows given one by one.
    init(
        shows: [RankedShow], totalCount: Int, query: String, source: DataSource?, fallbackReasons: [SourceError], isLoading: Bool,
        isLoadingMore: Bool, hasMore: Bool, error: SourceError?
    ) {
        self.init(
            shows: RankedShows(shows), totalCount: totalCount, query: query, source: source, fallbackReasons: fallbackReasons,
            isLoading: isLoading, isLoadingMore: isLoadingMore, hasMore: hasMore, error: error)
    }
}

extension PopularList.LoadShows.ViewModel {
    /// The rows of the list, each formatted when it is read (a screen reads a screenful), so
    /// that a list of 100,000 shows costs no more to present than one of 20.
    struct Rows: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
        private enum Storage: Sendable {
            case list([Row])
            case ranked(PopularList.LoadShows.Response.RankedShows, format: @Sendable (PopularList.LoadShows.Response.RankedShow, Int) -> Row)
        }
        private let storage: Storage

        /// Rows formatted on reading from ranked shows.
        /// - Parameters:
        ///   - ranked: the shows.
        ///   - format: makes a show's row from the show and its index (the Presenter's formatting).
        init(_ ranked: PopularList.LoadShows.Response.RankedShows, format: @escaping @Sendable (PopularList.LoadShows.Response.RankedShow, Int) -> Row) {
            storage = .ranked(ranked, format: format)
        }

        init(arrayLiteral elements: Row...) {
            storage = .list(elements)
        }

        var startIndex: Int { 0 }
        var endIndex: Int {
            switch storage {
            case .list(let list): return list.count
            case .ranked(let ranked, _): return ranked.count
            }
        }

        subscript(index: Int) -> Row {
            switch storage {
            case .list(let list): return list[index]
            case .ranked(let ranked, let format): return format(ranked[index], index)
            }
        }

        /// The id of a row's show, without formatting the row.
        func id(at index: Int) -> Int {
            switch storage {
            case .list(let list): return list[index].id
            case .ranked(let ranked, _): return ranked[index].show.id
            }
        }

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
        }
    }
}
