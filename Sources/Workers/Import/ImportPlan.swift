import Domain

/// What an import would change, set against the store: the favourites, marks, ratings and
/// show settings to add, what is there already, and the counts the summary gives. Importing a
/// file a second time plans nothing to add.
///
/// What the store holds is kept: a mark present keeps its plays, an episode or a show already
/// rated keeps its rating, a show whose settings differ from the default keeps them. A
/// favourite's rating (Trakt's, IMDb's) becomes the show's own rating.
public struct ImportPlan: Sendable {
    /// The favourites, marks, ratings and settings not in the store yet: `marks` are new marks
    /// (a rating with them only where the store has none), `rated` the ratings of episodes
    /// the store has none of, `shows` what a show gains (a rating, settings, or both).
    public let additions: WatchHistory
    /// Favourites, marks, ratings and show settings of the file the store already holds.
    public let alreadyPresent: Int
    /// Rows that became a favourite, a mark, a rating or a show's settings.
    public let matchedRows: Int
    /// Rows not matched, or matched ambiguously.
    public let problems: [ImportProblem]
    /// Rows left out on purpose, by reason.
    public let skipped: [String: Int]

    /// Sets a matching result against the store's history. The result's marks are filtered in
    /// place when the caller hands the result over (`consume`): a large import's marks are then
    /// held once, not twice.
    /// - Parameters:
    ///   - result: what matching gave.
    ///   - skipped: the readers' skipped counts.
    ///   - stored: the store's history now.
    public init(result: consuming ShowMatcher.Result, skipped: [String: Int], stored: WatchHistory) {
        var marks: [HistoryMark] = []
        swap(&marks, &result.history.marks)
        let found = result.history
        let favouriteKeys = Set(stored.favourites.compactMap(\.show.identity))
        let markKeys = Set(stored.marks.compactMap(\.key))
        var ratedKeys = Set(stored.marks.filter { $0.rating != nil }.compactMap(\.key) + stored.rated.compactMap(\.key))
        let storedShows = Dictionary(stored.shows.compactMap { show in show.show.identity.map { ($0, show) } }, uniquingKeysWith: { first, _ in first })
        let favourites = found.favourites.filter { $0.show.identity.map { !favouriteKeys.contains($0) } ?? false }
        var rated: [HistoryRating] = []
        var presentMarks = 0
        // The marks to add are moved to the front, in order, then the rest dropped.
        var kept = 0
        for place in marks.indices {
            var mark = marks[place]
            guard let key = mark.key else { continue }
            let ratingIsNew = mark.rating != nil && !ratedKeys.contains(key)
            if ratingIsNew { ratedKeys.insert(key) }
            if markKeys.contains(key) {
                presentMarks += 1
                if ratingIsNew, let rating = mark.rating {
                    rated.append(
                        HistoryRating(
                            show: mark.show, showName: mark.showName, season: mark.season, number: mark.number, episode: mark.episode, rating: rating,
                            ratedAt: mark.ratedAt ?? mark.markedAt))
                }
                continue
            }
            if !ratingIsNew {
                mark.rating = nil
                mark.ratedAt = nil
            }
            marks[kept] = mark
            kept += 1
        }
        marks.removeLast(marks.count - kept)
        var presentRatings = 0
        for rating in found.rated {
            guard let key = rating.key else { continue }
            if ratedKeys.insert(key).inserted { rated.append(rating) } else { presentRatings += 1 }
        }
        // A favourite's rating is the show's, unless a show row of the file gives one.
        var wanted = found.shows
        for favourite in found.favourites {
            guard let rating = favourite.rating, let key = favourite.show.identity else { continue }
            if let index = wanted.firstIndex(where: { $0.show.identity == key }) {
                if wanted[index].rating == nil {
                    wanted[index].rating = rating
                    wanted[index].ratedAt = favourite.addedAt
                }
            } else {
                wanted.append(HistoryShow(show: favourite.show, name: favourite.name, rating: rating, ratedAt: favourite.addedAt))
            }
        }
        var shows: [HistoryShow] = []
        var presentShows = 0
        let fileShowKeys = Set(found.shows.compactMap(\.show.identity))
        for show in wanted {
            guard let key = show.show.identity else { continue }
            let kept = storedShows[key]
            // Settings stay `.standard` (no change) where the store's are not the default.
            var gain = HistoryShow(show: show.show, name: show.name)
            if kept?.rating == nil, let rating = show.rating {
                gain.rating = rating
                gain.ratedAt = show.ratedAt
            }
            if (kept?.settings ?? .standard) == .standard { gain.settings = show.settings }
            if !gain.isEmpty {
                shows.append(gain)
            } else if fileShowKeys.contains(key) && !show.isEmpty {
                presentShows += 1
            }
        }
        additions = WatchHistory(favourites: favourites, marks: marks, shows: shows, rated: rated)
        alreadyPresent = found.favourites.count - favourites.count + presentMarks + presentRatings + presentShows
        matchedRows = result.matchedRows
        problems = result.problems
        self.skipped = skipped
    }

    /// How many things the import adds: favourites, marks, ratings (of the marks, the rated
    /// episodes and the shows) and shows' settings.
    public var additionCount: Int {
        additions.favourites.count + additions.marks.count + ratingCount + settingsCount
    }

    /// The ratings it adds: the new marks', the rated episodes' and the shows'.
    public var ratingCount: Int {
        additions.marks.filter { $0.rating != nil }.count + additions.rated.count + additions.shows.filter { $0.rating != nil }.count
    }

    /// The shows whose settings it changes from the default.
    public var settingsCount: Int { additions.shows.filter { $0.settings != .standard }.count }

    /// Rows with no match.
    public var unmatched: Int { problems.filter { $0.kind == .unmatched }.count }
    /// Rows with several matches.
    public var ambiguous: Int { problems.filter { $0.kind == .ambiguous }.count }

    /// The summary, two lines:
    /// `424 rows: 380 matched · 12 unmatched · 2 ambiguous · 30 skipped (30 films and specials)` and
    /// `to add: 2 favourites, 340 watched episodes · already present: 28` (with `, 5 ratings`
    /// and `, 1 show's settings` after the episodes when there are any).
    public var summary: [String] {
        let rows = matchedRows + problems.count + skipped.values.reduce(0, +)
        var first =
            "\(ImportProgress.grouped(rows)) rows: \(ImportProgress.grouped(matchedRows)) matched · \(ImportProgress.grouped(unmatched)) unmatched · "
            + "\(ImportProgress.grouped(ambiguous)) ambiguous"
        let skippedCount = skipped.values.reduce(0, +)
        if skippedCount > 0 {
            let reasons = skipped.sorted { $0.key < $1.key }.map { "\(ImportProgress.grouped($0.value)) \($0.key)" }.joined(separator: ", ")
            first += " · \(ImportProgress.grouped(skippedCount)) skipped (\(reasons))"
        }
        var second =
            "to add: \(Self.count(additions.favourites.count, "favourite", "favourites")), "
            + "\(Self.count(additions.marks.count, "watched episode", "watched episodes"))"
        if ratingCount > 0 { second += ", " + Self.count(ratingCount, "rating", "ratings") }
        if settingsCount > 0 { second += ", " + Self.count(settingsCount, "show's settings", "shows' settings") }
        second += " · already present: \(ImportProgress.grouped(alreadyPresent))"
        return [first, second]
    }

    private static func count(_ n: Int, _ one: String, _ many: String) -> String { "\(ImportProgress.grouped(n)) \(n == 1 ? one : many)" }
}
