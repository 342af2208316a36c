import Domain
import FoundationEssentials

/// Formats a show's episodes for the guide: the ratings chart's cells on the fixed scale
/// (`RatingStep`), each season's average, the best and worst episode, the season lists, and
/// one episode's page with its air time in the viewer's zone.
@MainActor
package final class EpisodeGuidePresenter: EpisodeGuidePresentationLogic {
    package weak var viewController: EpisodeGuideDisplayLogic?
    private let clock: AirClock

    /// Makes a Presenter.
    /// - Parameter clock: the present (to say a cached copy's age and which year is this year)
    ///   and the viewer's zone (an episode's air time); the composition root passes the
    ///   system's, tests fix both.
    package init(clock: AirClock) {
        self.clock = clock
    }

    /// The present instant, by the clock given.
    private func now() -> Date { clock.now() }

    package typealias ViewModel = EpisodeGuide.LoadGuide.ViewModel

    package func presentGuide(response: EpisodeGuide.LoadGuide.Response) {
        let guide = response.guide
        let seasons = guide?.seasons ?? []
        let extremes = Self.extremes(seasons.flatMap(\.episodes))
        var columns = seasons.map { season(of: $0, best: extremes.best?.id, worst: extremes.worst?.id) }
        let specials = guide?.specials ?? []
        if !specials.isEmpty { columns.append(specialsColumn(specials)) }
        if let guide { personalise(&columns, guide: guide, response: response) }

        var message: String?
        var isError = false
        if let error = response.error {
            message = ShowFormatting.failure(error, retryInSeconds: response.retryInSeconds)
            isError = true
        } else if response.isLoading {
            message = "Loading episodes…"
        } else if response.notRecorded {
            message = "No episode list is recorded for this show in this source."
        } else if let guide, guide.seasons.isEmpty, guide.specials.isEmpty {
            message = "No episodes listed."
        } else if let said = response.watchMessage {
            message = said
            isError = response.watchMessageIsError
        }

        let note = specials.isEmpty ? nil : "Sp: " + Self.count(specials.count, "special")
        let start = Self.startPlace(guide, columns: columns, season: response.startSeason, episode: response.startEpisode)
        viewController?.displayGuide(
            viewModel: ViewModel(
                title: ShowFormatting.name(response.show).text + ": episodes",
                seasons: columns,
                rowCount: columns.map(\.cells.count).max() ?? 0,
                best: extremes.best.map { "Best: " + EpisodeText.named($0) },
                worst: extremes.worst.map { "Worst: " + EpisodeText.named($0) },
                note: note,
                startSeasonIndex: start.column,
                startRow: start.row,
                message: message,
                messageIsError: isError,
                sourceLabel: guide.map { ShowFormatting.source($0.source, now: Int64(now().timeIntervalSince1970)) } ?? "",
                credit: ShowFormatting.credit(for: guide?.source),
                unratedMessage: Self.unratedMessage(guide, now: now()),
                watchLine: Self.watchLine(response),
                comparisonTitle: "You vs " + (guide?.source.provider.name ?? ProviderName.tvmaze.name),
                comparisonSummary: guide.map { Self.comparisonSummary($0, ratings: response.ratings) } ?? "",
                hasYourRatings: !response.ratings.isEmpty
            ))
    }

    /// Where the cursor starts: the start episode's column and row when it is listed (a key
    /// in season 0 is a special's, `ShowEpisodes.markKey`), else the start season's first row,
    /// else the first column's.
    /// - Parameters:
    ///   - guide: the episodes.
    ///   - columns: the chart's columns, as made from them.
    ///   - season: the start season, or nil.
    ///   - episode: the start episode's key, or nil.
    static func startPlace(_ guide: ShowEpisodes?, columns: [ViewModel.Season], season: Int?, episode: SeasonAndNumber?) -> (column: Int, row: Int) {
        if let guide, let episode {
            let listed = episode.season == 0 ? guide.specials : guide.seasons.first { $0.number == episode.season }?.episodes ?? []
            let column = columns.firstIndex { episode.season == 0 ? $0.isSpecials : !$0.isSpecials && $0.number == episode.season }
            if let column, let row = listed.firstIndex(where: { guide.markKey(of: $0) == episode }) { return (column, row) }
        }
        return (season.flatMap { number in columns.firstIndex { $0.number == number } } ?? 0, 0)
    }

    package func presentEpisode(response: EpisodeGuide.ShowEpisode.Response) {
        let episode = response.episode
        let missing = ShowFormatting.missing
        var subtitle = [ShowFormatting.capped(response.showName), episode.code]
        if let rating = episode.rating { subtitle.append("★ " + ShowFormatting.rating(rating.average)) }
        var facts: [EpisodeGuide.ShowEpisode.ViewModel.Fact] = []
        // TMDB numbers its specials in season 0; TVmaze's have no number and keep their season.
        let position: String
        switch (episode.number, episode.isSpecial || episode.season == 0) {
        case (let number?, true) where episode.season == 0: position = "special \(number)"
        case (let number?, false): position = "Season \(episode.season), episode \(number)"
        default: position = "Season \(episode.season), special"
        }
        facts.append(.init(label: "Episode", value: episode.code + " (" + position + ")"))
        facts.append(.init(label: "Aired", value: AirTimeText.airing(episode, now: now(), viewer: clock.viewer, relative: false) ?? missing))
        facts.append(.init(label: "Runtime", value: episode.runtimeMinutes.map { "\($0) min" } ?? missing))
        var rating = missing
        if let value = episode.rating {
            rating = ShowFormatting.rating(value.average) + " / 10"
            if let votes = value.voteCount { rating += votes == 1 ? " (1 vote)" : " (\(votes) votes)" }
        }
        facts.append(.init(label: "Rating", value: rating))
        Self.personalise(response, subtitle: &subtitle, facts: &facts)
        viewController?.displayEpisode(
            viewModel: .init(
                title: EpisodeText.title(episode),
                subtitle: subtitle.joined(separator: " · "),
                facts: facts,
                summary: episode.summary.isEmpty ? ["No summary."] : episode.summary,
                episodeID: episode.id
            ))
    }

    /// The sentence that says why a chart is all `·`: episodes listed, none rated.
    /// - Parameters:
    ///   - guide: the episodes, if any.
    ///   - now: the present, to name a cached copy's age.
    /// - Returns: the sentence; nil when some episode is rated or none is listed.
    nonisolated static func unratedMessage(_ guide: ShowEpisodes?, now: Date) -> String? {
        guard let guide, !guide.seasons.isEmpty else { return nil }
        let episodes = guide.seasons.flatMap(\.episodes)
        guard !episodes.isEmpty, !episodes.contains(where: { $0.rating != nil }) else { return nil }
        let source = ShowFormatting.source(guide.source, now: Int64(now.timeIntervalSince1970))
        return "No episode has a rating in the \(source)."
    }

    private func season(of season: SeasonEpisodes, best: Int?, worst: Int?) -> ViewModel.Season {
        column(
            number: season.number, title: "S\(season.number)", name: "Season \(season.number)", unit: "episode",
            episodes: season.episodes, best: best, worst: worst
        ) { $0.code }
    }

    /// The specials' column, `Sp`, after the last season: in airing order, never the best or
    /// the worst (those are regular episodes'), each listed by its code when that fits the list's
    /// six cells (`S00E03`), else by its season and `sp` (`S05 sp`, for TVmaze's unnumbered ones).
    private func specialsColumn(_ specials: [Episode]) -> ViewModel.Season {
        var column = column(number: 0, title: "Sp", name: "Specials", unit: "special", episodes: specials, best: nil, worst: nil) { episode in
            episode.number == nil ? "S" + (episode.season < 10 && episode.season >= 0 ? "0" : "") + "\(episode.season) sp" : episode.code
        }
        column.isSpecials = true
        return column
    }

    /// One column of the chart and its list: cells on the scale, the list's rows, the heading
    /// (`Season 1 · 10 episodes · 2011-04-17 – 2011-06-19 · average 9.0`).
    private func column(
        number: Int, title: String, name: String, unit: String, episodes: [Episode], best: Int?, worst: Int?,
        code: (Episode) -> String
    ) -> ViewModel.Season {
        let cells = episodes.map { episode -> ViewModel.Cell in
            let mark: ViewModel.Mark = episode.id == best ? .best : episode.id == worst ? .worst : .none
            guard let rating = episode.rating?.average else { return .init(rating: nil, step: nil, mark: mark) }
            return .init(rating: ShowFormatting.rating(rating), step: RatingStep(rating: rating), mark: mark)
        }
        let rows = episodes.map { episode in
            ViewModel.Row(
                code: code(episode), name: EpisodeText.title(episode),
                airDate: AirTimeText.viewerDay(episode, viewer: clock.viewer)?.description ?? ShowFormatting.missing,
                runtime: episode.runtimeMinutes.map { "\($0) min" } ?? "",
                rating: episode.rating.map { ShowFormatting.rating($0.average) } ?? "·",
                step: episode.rating.map { RatingStep(rating: $0.average) }
            )
        }
        let average = SeasonEpisodes(number: number, episodes: episodes).averageRating
        var heading = [name, Self.count(episodes.count, unit)]
        let days = episodes.compactMap { AirTimeText.viewerDay($0, viewer: clock.viewer) }
        if let first = days.min(), let last = days.max() {
            heading.append(first == last ? first.description : "\(first) – \(last)")
        }
        if let average { heading.append("average " + ShowFormatting.rating(average)) }
        return .init(
            number: number, title: title, cells: cells,
            average: average.map { ShowFormatting.rating($0) }, averageStep: average.map { RatingStep(rating: $0) },
            heading: heading.joined(separator: " · "), rows: rows
        )
    }

    /// `1 special`, `40 specials`.
    private nonisolated static func count(_ n: Int, _ unit: String) -> String {
        n == 1 ? "1 \(unit)" : "\(n) \(unit)s"
    }

    /// The best and worst rated episodes: the highest and lowest rating, the earlier episode on
    /// a tie; no worst when only one episode is rated.
    /// - Parameter episodes: the regular episodes in order.
    package nonisolated static func extremes(_ episodes: [Episode]) -> (best: Episode?, worst: Episode?) {
        var best: (Episode, Double)?
        var worst: (Episode, Double)?
        for episode in episodes {
            guard let rating = episode.rating?.average else { continue }
            if rating > best?.1 ?? -1 { best = (episode, rating) }
            if rating < worst?.1 ?? 11 { worst = (episode, rating) }
        }
        if let b = best, let w = worst, b.0.id == w.0.id { return (b.0, nil) }
        return (best?.0, worst?.0)
    }
}
