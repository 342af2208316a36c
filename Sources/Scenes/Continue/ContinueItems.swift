import Domain
import FoundationEssentials

/// The Continue list's items: every started show, most recently watched first, each with its
/// progress against its episode list by its marks' plays and its settings (`WatchProgress`:
/// the next episode in the show's order, specials counted or not, a new round once every aired
/// counted episode was watched; how many are left; the next one not aired yet). The lists are
/// read a few at a time, so 500 shows from the snapshot or the cache take one pass.
package enum ContinueItems {
    /// How many episode lists are read at once.
    static let parallelReads = 8

    /// Reads the started shows and their progress.
    /// - Parameters:
    ///   - watched: the marks.
    ///   - episodes: the episodes source for a provider's ids; nil when there is none.
    ///   - now: the time that decides what has aired.
    ///   - since: the last look (`LastLookState`, seconds since 1970 UTC): each item counts the
    ///     unwatched regular episodes whose air time is after it and not after `now`; nil
    ///     counts none.
    /// - Returns: the items, most recently marked first, and the store's notice.
    package static func fetch(
        watched: any WatchedWorking, episodes: @escaping @Sendable (String) -> (any EpisodesWorking)?,
        now: Date, since: Int? = nil
    ) async -> (items: [ContinueItem], notice: String?) {
        let shows = await watched.startedShows()
        var items = [ContinueItem?](repeating: nil, count: shows.value.count)
        var notice = shows.notice
        // A show's marks are read only once its list is known (one indexed query each): a show
        // without a list needs none, and 20,000 marks are not read for 11 lists.
        await withTaskGroup(of: (Int, ContinueItem, String?).self) { group in
            var next = 0
            func add(_ index: Int) {
                let summary = shows.value[index]
                group.addTask {
                    guard let worker = episodes(summary.show.provider) else {
                        return (index, ContinueItem(summary: summary, progress: nil, problem: "no \(summary.show.provider) episode list here"), nil)
                    }
                    do {
                        guard let list = try await worker.episodeOutline(showID: summary.show.id) else {
                            return (index, ContinueItem(summary: summary, progress: nil, problem: "no episode list recorded"), nil)
                        }
                        let marks = await watched.marks(of: summary.show)
                        let plays = Dictionary(
                            marks.value.map { (SeasonAndNumber(season: $0.key.season, number: $0.key.number), $0.plays) }, uniquingKeysWith: max)
                        let seen = Set(plays.keys)
                        let progress = WatchProgress(episodes: list, plays: plays, settings: summary.settings, now: now)
                        var item = ContinueItem(
                            summary: summary, progress: progress, problem: nil,
                            listSource: list.source, newCount: since.map { newCount(list, watched: seen, since: $0, now: now) } ?? 0)
                        if let next = progress.nextUnwatched {
                            let lengths = PremiereBadge.endedSeasonLengths(list.seasons.flatMap(\.episodes))
                            item.badges = PremiereBadge.badges(next, episodeOrder: lengths[next.season])
                            item.nextKey = list.markKey(of: next)
                        }
                        return (index, item, marks.notice)
                    } catch {
                        return (index, ContinueItem(summary: summary, progress: nil, problem: (error as? SourceError).map(ShowFormatting.error) ?? "episode list unreadable"), nil)
                    }
                }
            }
            while next < min(parallelReads, shows.value.count) { add(next); next += 1 }
            for await (index, item, said) in group {
                items[index] = item
                notice = notice ?? said
                if next < shows.value.count { add(next); next += 1 }
            }
        }
        return (items.compactMap { $0 }, notice)
    }

    /// The unwatched regular episodes whose air time is after `since` and not after `now`.
    static func newCount(_ list: ShowEpisodes, watched: Set<SeasonAndNumber>, since: Int, now: Date) -> Int {
        let from = Date(timeIntervalSince1970: TimeInterval(since))
        return list.regularEpisodes.filter { episode in
            guard let number = episode.number, let stamp = episode.airstamp, stamp > from, stamp <= now else { return false }
            return !watched.contains(SeasonAndNumber(season: episode.season, number: number))
        }.count
    }

    /// `S01E06 ‘A Golden Crown’ · 68 left · next Thu 2026-12-03`, `Rewatching · S01E02 ‘The
    /// Kingsroad’ · 71 left`, or `caught up`, or why the list is unknown: `parts` joined.
    /// - Parameters:
    ///   - item: the item.
    ///   - today: the viewer's day.
    ///   - day: the viewer's day of an episode.
    package static func line(_ item: ContinueItem, today: CalendarDate, day: (Episode) -> CalendarDate?) -> String {
        let parts = parts(item, today: today, day: day)
        return ([parts.next] + parts.detail).joined(separator: " · ")
    }

    /// A line's two parts: the next episode (`S01E06 ‘A Golden Crown’`, `Rewatching · S01E02
    /// ‘The Kingsroad’` on a new round, `caught up`, or why the list is unknown) and the rest
    /// (`68 left`, `next Thu`). The next unaired episode's day is the weekday when within a week
    /// of `today`, else the date.
    /// - Parameters:
    ///   - item: the item.
    ///   - today: the viewer's day.
    ///   - day: the viewer's day of an episode.
    package static func parts(_ item: ContinueItem, today: CalendarDate, day: (Episode) -> CalendarDate?) -> (next: String, detail: [String]) {
        guard let progress = item.progress else { return (item.problem ?? "episode list unknown", []) }
        var next: String
        var detail: [String] = []
        if let episode = progress.nextUnwatched {
            next = episode.code + " ‘" + ShowFormatting.capped(EpisodeText.title(episode)) + "’"
            detail.append("\(progress.leftCount) left")
        } else {
            next = "caught up"
        }
        if progress.isRewatching { next = "Rewatching · " + next }
        if let unaired = progress.nextUnaired, let date = day(unaired) {
            let days = CivilDays.days(date) - CivilDays.days(today)
            let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
            detail.append("next " + (days >= 0 && days < 7 ? names[CivilDays.isoWeekday(CivilDays.days(date)) - 1] : date.description))
        }
        return (next, detail)
    }

    /// How old the episode lists behind the items are, when any is not live: the oldest kept
    /// answer's time (`episode lists as of 12 Nov 14:02`, in the viewer's zone), else the
    /// oldest recording's month (`episode lists recorded August 2025`); nil when every list
    /// is live or none is known.
    /// - Parameters:
    ///   - items: the items.
    ///   - viewer: the viewer's wall time at an instant.
    package static func listsAge(_ items: [ContinueItem], viewer: (Date) -> LocalWallTime?) -> String? {
        var savedAt: Int64?, recorded: CalendarDate?, undated = false
        for item in items {
            switch item.listSource {
            case .cache(_, let time)?, .mirror(let time, _)?: savedAt = min(savedAt ?? time, time)
            case .embeddedSnapshot(_, let day?)?: recorded = min(recorded ?? day, day)
            case .embeddedSnapshot(_, nil)?, .snapshotFile?: undated = true
            case .live?, nil: break
            }
        }
        if let savedAt {
            let time = Date(timeIntervalSince1970: TimeInterval(savedAt))
            guard let wall = viewer(time) else { return "episode lists as of " + CalendarDate.utcDay(ofUnixTime: Int(savedAt)).description }
            return "episode lists as of \(wall.date.day) \(AirTimeText.months[wall.date.month - 1]) \(wall.time)"
        }
        if let recorded { return "episode lists recorded \(monthNames[recorded.month - 1]) \(recorded.year)" }
        return undated ? "episode lists recorded" : nil
    }

    /// The months' English names, January first.
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
}
