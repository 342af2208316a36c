import Domain
import FoundationEssentials

/// The Continue list's items: every started show, most recently marked first, each with its
/// progress against its episode list (the next unwatched aired episode, how many are left, the
/// next one not aired yet). The lists are read a few at a time, so 500 shows from the snapshot
/// or the cache take one pass.
package enum ContinueItems {
    /// How many episode lists are read at once.
    static let parallelReads = 8

    /// Reads the started shows and their progress.
    /// - Parameters:
    ///   - watched: the marks.
    ///   - episodes: the episodes source for a provider's ids; nil when there is none.
    ///   - now: the time that decides what has aired.
    /// - Returns: the items, most recently marked first, and the store's notice.
    package static func fetch(watched: any WatchedWorking, episodes: @escaping @Sendable (String) -> (any EpisodesWorking)?,
                              now: Date) async -> (items: [ContinueItem], notice: String?) {
        let shows = await watched.startedShows()
        let all = await watched.allMarks()
        var marks: [WatchedShowID: Set<SeasonAndNumber>] = [:]
        for mark in all.value { marks[mark.key.show, default: []].insert(SeasonAndNumber(season: mark.key.season, number: mark.key.number)) }
        var items = [ContinueItem?](repeating: nil, count: shows.value.count)
        let table = marks
        await withTaskGroup(of: (Int, ContinueItem).self) { group in
            var next = 0
            func add(_ index: Int) {
                let summary = shows.value[index]
                group.addTask {
                    guard let worker = episodes(summary.show.provider) else {
                        return (index, ContinueItem(summary: summary, progress: nil, problem: "no \(summary.show.provider) episode list here"))
                    }
                    do {
                        guard let list = try await worker.episodes(showID: summary.show.id) else {
                            return (index, ContinueItem(summary: summary, progress: nil, problem: "no episode list recorded"))
                        }
                        let progress = WatchProgress(episodes: list, watched: table[summary.show] ?? [], now: now)
                        var item = ContinueItem(summary: summary, progress: progress, problem: nil)
                        if let next = progress.nextUnwatched {
                            let lengths = PremiereBadge.endedSeasonLengths(list.seasons.flatMap(\.episodes))
                            item.badges = PremiereBadge.badges(next, episodeOrder: lengths[next.season])
                        }
                        return (index, item)
                    } catch {
                        return (index, ContinueItem(summary: summary, progress: nil, problem: (error as? SourceError).map(ShowFormatting.error) ?? "episode list unreadable"))
                    }
                }
            }
            while next < min(parallelReads, shows.value.count) { add(next); next += 1 }
            for await (index, item) in group {
                items[index] = item
                if next < shows.value.count { add(next); next += 1 }
            }
        }
        return (items.compactMap { $0 }, shows.notice ?? all.notice)
    }

    /// `S01E06 ‘A Golden Crown’ · 68 left · next Thu 2026-12-03`, or `caught up`, or why the
    /// list is unknown. The next unaired episode's day is the weekday when within a week of
    /// `today`, else the date.
    /// - Parameters:
    ///   - item: the item.
    ///   - today: the viewer's day.
    ///   - day: the viewer's day of an episode.
    package static func line(_ item: ContinueItem, today: CalendarDate, day: (Episode) -> CalendarDate?) -> String {
        guard let progress = item.progress else { return item.problem ?? "episode list unknown" }
        var parts: [String] = []
        if let next = progress.nextUnwatched {
            parts.append(next.code + " ‘" + ShowFormatting.capped(EpisodeText.title(next)) + "’")
            parts.append("\(progress.leftCount) left")
        } else {
            parts.append("caught up")
        }
        if let unaired = progress.nextUnaired, let date = day(unaired) {
            let days = CivilDays.days(date) - CivilDays.days(today)
            let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
            parts.append("next " + (days >= 0 && days < 7 ? names[CivilDays.isoWeekday(CivilDays.days(date)) - 1] : date.description))
        }
        return parts.joined(separator: " · ")
    }
}
