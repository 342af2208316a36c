import Domain
import FoundationEssentials

/// Formats the PopularList state into rows and labels (the scene's only formatting).
@MainActor
package final class PopularListPresenter: PopularListPresentationLogic {
    package weak var viewController: PopularListDisplayLogic?
    private let now: () -> Int64

    /// Makes a Presenter.
    /// - Parameter now: the clock in Unix seconds, to say a cached copy's age (the composition
    ///   root passes the system clock; tests pin it).
    package init(now: @escaping () -> Int64) {
        self.now = now
    }

    /// What goes before the network of a show on the viewer's streaming services: `> `
    /// (ASCII, two cells, so the mark does not rest on colour alone).
    nonisolated static let servicesMark = "> "

    /// One show's row (formatted when the view reads it).
    /// - Parameters:
    ///   - ranked: the show and its rank.
    ///   - query: the filter query, whose matched characters the row highlights; "" for none.
    ///   - isCloseMatch: true for a close match (the query's letters in order only).
    ///   - services: the viewer's streaming services: a show on one has `servicesMark`
    ///     before its network; nil for none.
    nonisolated static func row(
        _ ranked: PopularList.LoadShows.Response.RankedShow, query: String = "",
        isCloseMatch: Bool = false, services: StreamingServices? = nil
    ) -> PopularList.LoadShows.ViewModel.Row {
        let show = ranked.show
        let name = ShowFormatting.name(show)
        let mine = services?.carries(show) ?? false
        return .init(
            id: show.id,
            rank: ranked.isSearchResult ? "+" : String(ranked.rank),
            name: name.text,
            nameIsPlaceholder: name.isPlaceholder,
            years: ShowFormatting.years(show),
            genres: show.genres.isEmpty ? ShowFormatting.missing : show.genres.joined(separator: ", "),
            rating: ShowFormatting.rating(show.rating),
            network: (mine ? servicesMark : "") + (show.broadcaster?.name ?? ShowFormatting.missing),
            onMyServices: mine,
            highlights: name.isPlaceholder || query.isEmpty ? [] : NameFilter.matchedCharacters(in: name.text, query: query),
            isSearchResult: ranked.isSearchResult,
            isCloseMatch: isCloseMatch
        )
    }

    /// The filter bar's count: the list's rows whose names hold the query, of all loaded, the
    /// outside rows that do ("found"), and apart from both the close matches.
    /// - Parameters:
    ///   - rows: how many rows there are in all.
    ///   - closeFrom: the first close match's index; nil for none.
    ///   - added: how many outside rows hold the query.
    ///   - total: how many shows are loaded.
    /// - Returns: for example `3 of 420 shows + 1 found · 5 close matches`, or
    ///   `none found · 5 close matches` when no name holds the query.
    nonisolated static func countLabel(rows: Int, closeFrom: Int?, added: Int, total: Int) -> String {
        let close = closeFrom.map { rows - $0 } ?? 0
        let listed = rows - close - added
        let closeText = close == 1 ? "1 close match" : "\(close) close matches"
        if close > 0 && listed == 0 && added == 0 { return "none found · " + closeText }
        return "\(listed) of \(total) shows" + (added > 0 ? " + \(added) found" : "") + (close > 0 ? " · " + closeText : "")
    }

    package func presentShows(response: PopularList.LoadShows.Response) {
        let query = response.query
        let closeFrom = response.query.isEmpty ? nil : response.closeFrom
        let services = response.services
        let rows = PopularList.LoadShows.ViewModel.Rows(response.shows) { ranked, at in
            Self.row(ranked, query: query, isCloseMatch: closeFrom.map { at >= $0 } ?? false, services: services)
        }
        let count: String
        var added = 0
        if case .done(_, let n)? = response.search { added = n }
        if case .kept(let n)? = response.search { added = n }
        if response.query.isEmpty {
            count = response.totalCount == 1 ? "1 show" : "\(response.totalCount) shows"
        } else {
            count = Self.countLabel(rows: rows.count, closeFrom: closeFrom, added: added, total: response.totalCount)
        }
        let onlyClose = closeFrom == 0 && !rows.isEmpty
        var emptyMessage: String?
        var emptyMessageStyle = MessageStyle.info
        if rows.isEmpty {
            if response.isLoading {
                emptyMessage = "Loading popular shows…"
            } else if let error = response.error {
                emptyMessage = ShowFormatting.failure(error, retryInSeconds: response.retryInSeconds)
                emptyMessageStyle = .error
            } else if case .searching(let provider)? = response.search {
                emptyMessage = "No loaded show matches “\(response.query)”; searching \(provider)…"
            } else if !response.query.isEmpty {
                emptyMessage = "No show matches “\(response.query)”."
            } else {
                emptyMessage = "No shows."
            }
        }
        var status: String?
        var statusIsError = false
        if let error = response.error, response.totalCount > 0 {
            if case .rateLimited(let provider, _) = error, let seconds = response.retryInSeconds {
                status = ShowFormatting.retrying(provider: provider, inSeconds: seconds) + " (r retries now)"
            } else {
                status = ShowFormatting.error(error, hint: "r retries")
            }
            statusIsError = true
        } else if case .failed(let error)? = response.search {
            status = "Search failed: " + ShowFormatting.error(error) + "; loaded matches shown"
            statusIsError = true
        } else if case .searching(let provider)? = response.search {
            status = "Searching \(provider)…"
        } else if onlyClose {
            status = "No name holds “\(response.query)”: close matches (its letters in order)"
        } else if case .done(let provider, let added)? = response.search, added > 0 {
            status = "Rows marked + were found by \(provider)'s search"
        } else if case .kept(let added)? = response.search, added > 0 {
            status = "+ rows: from All shows or seen online"
        } else if response.isLoading && !rows.isEmpty {
            status = "Reloading…"
        } else if response.isRefreshing, case .cache(let provider, _)? = response.source {
            status = "Checking \(provider) for newer data…"
        } else if !response.fallbackReasons.isEmpty {
            status = ShowFormatting.reasons(response.fallbackReasons)
        }
        viewController?.displayShows(
            viewModel: .init(
                rows: rows,
                sourceLabel: response.source.map { ShowFormatting.source($0, now: now()) } ?? (response.isLoading ? "loading…" : "no source"),
                credit: ShowFormatting.credit(for: response.source),
                countLabel: count,
                query: response.query,
                emptyMessage: emptyMessage,
                emptyMessageStyle: emptyMessageStyle,
                statusMessage: status,
                statusIsError: statusIsError,
                isLoadingMore: response.isLoadingMore,
                canLoadMore: response.loadStatus.canLoadMore,
                selectsLast: response.selectLast,
                keepsTop: response.tookWhole,
                title: Self.title(response.basis, source: response.source, sort: response.sort, narrowedTo: response.narrowedTo),
                otherListName: response.listCount > 1 ? Self.otherListName(response.basis) : nil,
                rankDigits: String(response.totalCount).count,
                awaitsRows: rows.isEmpty && response.isLoading
            ))
    }

    package func presentNarrowChoices(response: PopularList.Narrow.Response) {
        var lines = [PopularList.Narrow.ViewModel.Line(choice: nil, label: "Every show")]
        lines += response.choices.map { .init(choice: $0.choice, label: "\(Self.label($0.choice)) (\($0.count))") }
        let current = lines.firstIndex { $0.choice == response.current } ?? 0
        viewController?.displayNarrowChoices(viewModel: .init(lines: lines, currentIndex: current))
    }

    /// A narrowing as the picker and the header say it: `Genre: Drama`, `Network: HBO`,
    /// `On my services`.
    nonisolated static func label(_ choice: PopularList.Narrow.Choice) -> String {
        switch choice {
        case .genre(let name): return "Genre: " + name
        case .network(let name): return "Network: " + name
        case .onMyServices: return "On my services"
        }
    }

    /// What a list is, for the header.
    /// - Parameters:
    ///   - basis: how it was made; nil before the first page or when the source does not say.
    ///   - source: where it came from.
    /// - Returns: for example `Popular now · airing this week in GB and streaming`,
    ///   `Popular · week of 2024-01-22`, `Popular on TMDB`, `All shows`.
    package nonisolated static func title(_ basis: ListBasis?, source: DataSource?) -> String {
        switch basis {
        case .airing(let country, let from, _, let recorded, _)?:
            if recorded {
                return "Popular · week of \(from)"
            }
            return "Popular now · airing this week in \(country) and streaming"
        case .providerPopular?:
            return "Popular on \((source?.provider ?? .tmdb).name)"
        case .allShows?:
            return "All shows"
        case nil:
            return "Popular shows"
        }
    }

    /// What a list is, with its order and narrowing, for the header. With either, the list is
    /// named shortly (`Popular · week of 2024-01-22`, `Popular now`), so that a sort makes the
    /// path no wider and the header keeps what it showed (the app's name, the tabs).
    /// - Parameters:
    ///   - basis: how it was made.
    ///   - source: where it came from.
    ///   - sort: the order in force.
    ///   - narrowedTo: the narrowing in force; nil for none.
    /// - Returns: for example `Popular · week of 2024-01-22 · by rating`.
    nonisolated static func title(
        _ basis: ListBasis?, source: DataSource?, sort: PopularList.SortOrder,
        narrowedTo: PopularList.Narrow.Choice?
    ) -> String {
        guard sort != .popularity || narrowedTo != nil else { return title(basis, source: source) }
        var name = title(basis, source: source)
        if case .airing(_, let from, _, let recorded, _)? = basis {
            name = recorded ? "Popular · week of \(from)" : "Popular now"
        }
        return name + (sort == .popularity ? "" : " · " + sort.label) + (narrowedTo.map { " · " + label($0) } ?? "")
    }

    /// The name of the list `v` goes to from this one.
    nonisolated static func otherListName(_ basis: ListBasis?) -> String {
        if case .allShows? = basis { return "Popular" }
        return "All shows"
    }
}

extension PopularList.LoadShows.Response {
    /// The list's loading as both lists say it.
    package var loadStatus: ListLoadStatus {
        ListLoadStatus(
            isLoading: isLoading, isLoadingMore: isLoadingMore, hasMore: hasMore, error: error, retryInSeconds: retryInSeconds,
            errorKeptCopy: errorKeptCopy)
    }
}
