import Domain

/// Formats a year's figures: the summary lines (episodes and hours, shows, the longest
/// streak, the busiest day and weekday), the grid, the top genres, networks and people, and
/// the ratings. The same view model makes the scene and `discover-tui stats`' plain text.
@MainActor
package final class StatsPresenter: StatsPresentationLogic {
    package weak var viewController: StatsDisplayLogic?

    /// Makes a Presenter.
    package init() {}

    package func presentYear(response: Stats.LoadYear.Response) {
        viewController?.displayYear(viewModel: Self.viewModel(response))
    }

    /// How many names each top list shows.
    nonisolated static let shownTop = 5

    /// The view model of a response.
    /// - Parameter response: the year's figures (or none yet).
    package nonisolated static func viewModel(_ response: Stats.LoadYear.Response) -> Stats.LoadYear.ViewModel {
        let year = response.year
        let credit = response.credits.map(\.credit).joined(separator: " · ")
        guard let stats = response.stats else {
            return .init(
                title: title(year), year: year, summary: [], grid: nil, columns: [], ratingCounts: [], ratingsLine: nil, countLabel: String(year),
                emptyMessage: nil, credit: credit, message: response.message ?? "Counting \(year)…", messageIsError: response.messageIsError)
        }
        let empty = stats.episodes == 0 && stats.ratings.total == 0
        let columns = [("Genres", stats.genres), ("Networks", stats.networks), ("People", stats.people)].compactMap { title, tallies in
            tallies.isEmpty ? nil : Stats.LoadYear.ViewModel.Column(title: title, rows: tallies.prefix(shownTop).map { ($0.name, String($0.episodes)) })
        }
        return .init(
            title: title(year), year: year, summary: empty ? [] : summary(stats), grid: StatsGrid(year: year, days: stats.days, today: response.today),
            columns: columns, ratingCounts: stats.ratings.total > 0 ? stats.ratings.counts : [], ratingsLine: ratingsLine(stats.ratings),
            countLabel: "\(year) · " + episodes(stats.episodes),
            emptyMessage: empty ? "Nothing watched in \(year): in a show's episode guide (e), w marks an episode watched." : nil,
            credit: credit, message: response.isLoading ? "Counting \(year)…" : response.message, messageIsError: response.messageIsError)
    }

    /// `Your year in TV · 2024`.
    nonisolated static func title(_ year: Int) -> String { "Your year in TV · \(year)" }

    /// `1 episode`, `312 episodes`.
    nonisolated static func episodes(_ count: Int) -> String { count == 1 ? "1 episode" : "\(count) episodes" }

    /// `45 min`, `5 h`, `241 h 30 min`.
    nonisolated static func duration(minutes: Int) -> String {
        let hours = minutes / 60, rest = minutes % 60
        if hours == 0 { return "\(rest) min" }
        return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
    }

    /// `Sat 16 Mar`.
    nonisolated static func day(_ date: CalendarDate) -> String {
        StatsGrid.weekdays[CivilDays.isoWeekday(CivilDays.days(date)) - 1] + " " + String(date.day) + " " + AirTimeText.months[date.month - 1]
    }

    /// The summary's lines.
    nonisolated static func summary(_ stats: YearStats) -> [String] {
        var watched = episodes(stats.episodes) + " · " + duration(minutes: stats.minutes)
        if stats.withoutRuntime > 0 { watched += " (" + episodes(stats.withoutRuntime) + " without a known runtime)" }
        var shows = "Shows: \(stats.started) started · \(stats.finished) finished · \(stats.dropped) dropped"
        if stats.withoutList > 0 { shows += " (\(stats.withoutList) without an episode list here)" }
        var lines = [watched, shows]
        if let first = stats.streak.first, let last = stats.streak.last {
            let days = stats.streak.days == 1 ? "1 day" : "\(stats.streak.days) days"
            lines.append("Longest streak: " + days + ", " + (first == last ? day(first) : day(first) + " – " + day(last)))
        }
        if let busiest = stats.busiestDay, let weekday = stats.busiestWeekday {
            let busiestDay: String = "Busiest day: " + day(busiest) + ", " + episodes(stats.days[busiest] ?? 0)
            let busiestWeekday: String = "busiest weekday: " + LocalWallTime.weekdayNames[weekday] + ", " + episodes(stats.weekdays[weekday])
            lines.append(busiestDay + " · " + busiestWeekday)
        }
        return lines
    }

    /// `42 ratings (30 episodes, 12 shows) · mean 7.8 · 0.4 above the source's, over 38`; nil without ratings.
    nonisolated static func ratingsLine(_ ratings: YearStats.Ratings) -> String? {
        guard let mean = ratings.mean else { return nil }
        let total = ratings.total, shows = total - ratings.episodes
        let count: String = total == 1 ? "1 rating" : "\(total) ratings"
        let showCount: String = shows == 1 ? "1 show" : "\(shows) shows"
        var line = count + " (" + episodes(ratings.episodes) + ", " + showCount + ") · mean " + DecimalText.fixed(mean, decimals: 1)
        if let difference = ratings.meanDifference {
            let size = DecimalText.fixed(abs(difference), decimals: 1)
            let side = size == "0.0" ? "level with the source's" : size + (difference > 0 ? " above" : " below") + " the source's"
            line += " · " + side + " on average, over \(ratings.compared)"
        } else {
            line += " · none rated at the source here"
        }
        return line
    }
}
