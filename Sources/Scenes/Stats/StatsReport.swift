import Domain
import FoundationEssentials

/// A year's figures as the Stats scene and `discover-tui stats` read them: every mark and
/// rating from the store, what the machine holds of the shows concerned (a few at a time),
/// and `YearStats.make` over them in the viewer's days.
package enum StatsReport {
    /// How many shows' facts are read at once.
    static let parallelReads = 8

    /// What a read gives.
    package struct Answer: Sendable {
        /// The figures.
        package let stats: YearStats
        /// The providers whose data the figures used (for the credit line), in a fixed order.
        package let credits: [ProviderName]
        /// The store's notice, or nil.
        package let notice: String?
    }

    /// Reads the history and the shows' facts and works a year out.
    /// - Parameters:
    ///   - year: the year.
    ///   - watched: the store.
    ///   - facts: what is known of the shows.
    ///   - now: the present.
    ///   - viewer: the viewer's wall time of an instant (`AirClock.viewer`).
    /// - Returns: the figures, the credits and the store's notice.
    package static func fetch(
        year: Int, watched: any WatchedWorking, facts: any ShowFactsWorking, now: Date, viewer: @escaping @Sendable (Date) -> LocalWallTime?
    ) async -> Answer {
        async let marksRead = watched.marksForCounting()
        async let ratingsRead = watched.allRatings()
        let marks = await marksRead, ratings = await ratingsRead
        // Only the shows the year concerns need their facts: a play or a rating in it. Any
        // zone is within 14 hours of UTC, so an instant out of the UTC year by more is out of
        // the viewer's year too (and nothing is converted to tell).
        let first = (CalendarDate(year: year, month: 1, day: 1).map(CivilDays.days) ?? 0) * 86_400 - 14 * 3600
        // The day after 31 December, counted from that day (year 9999 has no next year's date).
        let last = ((CalendarDate(year: year, month: 12, day: 31).map(CivilDays.days) ?? 0) + 1) * 86_400 + 14 * 3600
        let inYear = first..<max(first, last)
        var wanted: [WatchedShowID: Bool] = [:] // show → whether its episode ratings are wanted
        var previous: WatchedShowID?
        for mark in marks.value where mark.key.show != previous {
            if inYear.contains(mark.markedAt) || inYear.contains(mark.lastPlayedAt), wanted[mark.key.show] == nil {
                wanted[mark.key.show] = false
                previous = mark.key.show
            }
        }
        for rated in ratings.value.episodes where inYear.contains(rated.ratedAt) { wanted[rated.key.show] = true }
        for rated in ratings.value.shows where wanted[rated.show] == nil && inYear.contains(rated.ratedAt) { wanted[rated.show] = false }
        let known = await read(wanted.sorted { $0.key < $1.key }, from: facts)
        let days = ViewerDays(viewer: viewer)
        let stats = YearStats.make(year: year, marks: marks.value, ratings: ratings.value, facts: known, now: now, dayNumber: days.dayNumber(of:))
        let providers = Set(known.filter { $0.value.show != nil || $0.value.episodes != nil }.map(\.key.provider))
        let credits = [ProviderName.tvmaze, .tmdb].filter { providers.contains($0.name) }
        return Answer(stats: stats, credits: credits, notice: marks.notice ?? ratings.notice)
    }

    /// The facts of shows, `parallelReads` at a time.
    private static func read(_ shows: [(key: WatchedShowID, value: Bool)], from facts: any ShowFactsWorking) async -> [WatchedShowID: ShowFacts] {
        var out: [WatchedShowID: ShowFacts] = [:]
        await withTaskGroup(of: (WatchedShowID, ShowFacts).self) { group in
            var next = 0
            func add() {
                let (show, ratings) = shows[next]
                next += 1
                group.addTask { (show, await facts.facts(of: show, ratings: ratings)) }
            }
            while next < min(parallelReads, shows.count) { add() }
            for await (show, found) in group {
                out[show] = found
                if next < shows.count { add() }
            }
        }
        return out
    }

    /// The year it is now in the viewer's zone.
    /// - Parameters:
    ///   - now: the present.
    ///   - viewer: the viewer's wall time of an instant.
    package static func currentYear(now: Date, viewer: (Date) -> LocalWallTime?) -> Int {
        (viewer(now)?.date ?? CalendarDate.utcDay(ofUnixTime: Int(now.timeIntervalSince1970))).year
    }
}
