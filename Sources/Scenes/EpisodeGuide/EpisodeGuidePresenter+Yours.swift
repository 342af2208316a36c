import Domain

/// The person's part of the guide: plays and ratings on the chart's cells and the list's rows,
/// the "you vs source" chart's comparisons, the header's progress and settings, and the
/// episode page's `you 9`.
extension EpisodeGuidePresenter {
    /// Puts the person's plays and ratings on the columns (the seasons in order, then the
    /// specials), with each cell's comparison when the guide has a watched store.
    /// - Parameters:
    ///   - columns: the columns, from `guide`.
    ///   - guide: the episodes.
    ///   - response: the plays, ratings and settings.
    func personalise(_ columns: inout [ViewModel.Season], guide: ShowEpisodes, response: EpisodeGuide.LoadGuide.Response) {
        let compares = response.settings != nil
        guard compares || !response.plays.isEmpty || !response.ratings.isEmpty else { return }
        let source = guide.source.provider.name
        for c in columns.indices {
            let column = columns[c]
            let episodes = column.isSpecials ? guide.specials : guide.seasons.first { $0.number == column.number }?.episodes ?? []
            var yours: [Int] = []
            for (n, episode) in episodes.enumerated() where n < column.cells.count {
                let key = guide.markKey(of: episode)
                let plays = key.flatMap { response.plays[$0] } ?? 0
                let rating = key.flatMap { response.ratings[$0] }
                if plays > 0 {
                    columns[c].cells[n].watched = true
                    columns[c].rows[n].watched = true
                    columns[c].rows[n].plays = plays
                }
                if let rating {
                    let step = RatingStep(rating: Double(rating.value))
                    columns[c].cells[n].yours = rating.description
                    columns[c].cells[n].yourStep = step
                    columns[c].rows[n].yours = rating.description
                    columns[c].rows[n].yourStep = step
                    yours.append(rating.value)
                }
                if compares { columns[c].cells[n].comparison = Self.comparison(rating, episode.rating?.average, source: source) }
            }
            if !yours.isEmpty {
                let mean = Double(yours.reduce(0, +)) / Double(yours.count)
                columns[c].yourAverage = ShowFormatting.rating(mean)
                columns[c].yourAverageStep = RatingStep(rating: mean)
            }
        }
    }

    /// `you 9 · TVmaze 8.4 · +0.6`, `you 9 · TVmaze unrated`, `not rated by you · TVmaze 8.4`.
    /// - Parameters:
    ///   - yours: the person's rating, or nil.
    ///   - theirs: the source's mean rating, 0–10, or nil.
    ///   - source: the source's name.
    nonisolated static func comparison(_ yours: UserRating?, _ theirs: Double?, source: String) -> String {
        let sourcePart = source + " " + (theirs.map { ShowFormatting.rating($0) } ?? "unrated")
        guard let yours else { return "not rated by you · " + sourcePart }
        guard let theirs else { return "you \(yours) · " + sourcePart }
        return "you \(yours) · " + sourcePart + " · " + difference(Double(yours.value), theirs)
    }

    /// The person's rating less the source's, on the ratings as shown (one decimal): `+0.6`,
    /// `-1.2`, or `same`.
    nonisolated static func difference(_ yours: Double, _ theirs: Double) -> String {
        let tenths = Int((yours * 10).rounded(.toNearestOrAwayFromZero)) - Int((theirs * 10).rounded(.toNearestOrAwayFromZero))
        guard tenths != 0 else { return "same" }
        return (tenths > 0 ? "+" : "-") + DecimalText.fixed(Double(abs(tenths)) / 10, decimals: 1)
    }

    /// The "you vs source" chart's summary: `You rated 12 · you 8.1 · TVmaze 8.4 · -0.3 on
    /// average` (the averages over the episodes both rated), or how to rate.
    nonisolated static func comparisonSummary(_ guide: ShowEpisodes, ratings: [SeasonAndNumber: UserRating]) -> String {
        guard !ratings.isEmpty else { return "You have rated no episode: 1–9 and 0 (10) rate the one under the cursor" }
        var yours = 0.0, theirs = 0.0, both = 0
        for episode in guide.regularEpisodes + guide.specials {
            guard let source = episode.rating?.average, let key = guide.markKey(of: episode), let rating = ratings[key] else { continue }
            yours += Double(rating.value)
            theirs += source
            both += 1
        }
        let count = "You rated \(ratings.count)"
        guard both > 0 else { return count }
        let name = guide.source.provider.name
        let mine = yours / Double(both), its = theirs / Double(both)
        let means = "you " + ShowFormatting.rating(mine) + " · " + name + " " + ShowFormatting.rating(its)
        return count + " · " + means + " · " + difference(mine, its) + " on average"
    }

    /// The header: `Watched S1 E5 of 73 · 7 % · next S01E06 · specials not counted · order
    /// aired` (`Rewatching …` in a new round).
    nonisolated static func watchLine(_ response: EpisodeGuide.LoadGuide.Response) -> String? {
        guard let settings = response.settings, let progress = response.progress else { return nil }
        return (progress.isRewatching ? "Rewatching " : "Watched ") + WatchProgressText.line(progress, nextName: false) + " · " + settings.summary
    }

    /// The person's part of an episode's page: `you 9` for the subtitle and the rating fact,
    /// and the plays (`Watched  2 plays`).
    /// - Parameters:
    ///   - response: the episode, its rating and plays.
    ///   - subtitle: the subtitle's parts, to add to.
    ///   - facts: the facts, to add to (the `Rating` fact is the last).
    nonisolated static func personalise(
        _ response: EpisodeGuide.ShowEpisode.Response, subtitle: inout [String], facts: inout [EpisodeGuide.ShowEpisode.ViewModel.Fact]
    ) {
        if let rating = response.rating {
            subtitle.append("you \(rating)")
            if let last = facts.last {
                let value = last.value == ShowFormatting.missing ? "you \(rating)" : last.value + " · you \(rating)"
                facts[facts.count - 1] = .init(label: last.label, value: value)
            }
        }
        if response.plays > 0 { facts.append(.init(label: "Watched", value: response.plays == 1 ? "1 play" : "\(response.plays) plays")) }
    }
}
