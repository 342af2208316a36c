import FoundationEssentials

extension YearStats {
    /// Works a year's figures out from the person's marks and ratings and what is known of
    /// their shows.
    ///
    /// - Plays and days: the store keeps a mark's first play (`markedAt`) and its latest
    ///   (`lastPlayedAt`), not the days between. The first play counts on `markedAt`'s day and
    ///   every later one (`plays − 1`) on `lastPlayedAt`'s day; a play counts in the year when
    ///   its day, in the viewer's zone, is in it.
    /// - Runtimes: the episode's in the show's episode list, else the show's own, else none
    ///   (the play is counted in `withoutRuntime`, not in `minutes`).
    /// - Started: the show's first play is in the year.
    /// - Finished: with the episode list known, every numbered regular episode aired by the
    ///   year's end (or now, when earlier) is marked by then, and the last of those marks is
    ///   in the year. A show with no aired regular episode is never finished.
    /// - Dropped: with the episode list known, the latest play is in the year and more than
    ///   `droppedAfterDays` before now, and at that play some regular episode aired by then was
    ///   not marked (a show caught up and waiting for its next season is not dropped).
    /// - Genres, networks and people: each show's plays in the year count for each of its
    ///   genres, its network (or streaming service) and each member of its cast.
    /// - Ratings: those made in the year (`ratedAt`'s day); the difference is with the
    ///   episode list's rating of the episode, or the show's rating for a show.
    /// - Parameters:
    ///   - year: the year, for example 2024.
    ///   - marks: every watched mark.
    ///   - ratings: every rating.
    ///   - facts: what is known of each show (absent: nothing).
    ///   - now: the present.
    ///   - day: the viewer's day of an instant in seconds since 1970-01-01 UTC (`ViewerDays`).
    /// - Returns: the figures.
    public static func make(
        year: Int, marks: [WatchedMark], ratings: UserRatings, facts: [WatchedShowID: ShowFacts], now: Date, day: (Int) -> CalendarDate
    ) -> YearStats {
        var byShow: [WatchedShowID: [WatchedMark]] = [:]
        for mark in marks { byShow[mark.key.show, default: []].append(mark) }
        let nowSeconds = Int(now.timeIntervalSince1970)
        let yearEnd = (CalendarDate(year: year + 1, month: 1, day: 1).map(CivilDays.days) ?? 0) * 86_400
        var days: [CalendarDate: Int] = [:]
        var counts = (episodes: 0, minutes: 0, withoutRuntime: 0, started: 0, finished: 0, dropped: 0, withoutList: 0)
        var showPlays: [(show: WatchedShowID, plays: Int)] = []
        for (show, list) in byShow {
            let known = facts[show]
            let runtimes = index(known?.episodes) { $0.runtimeMinutes.flatMap { $0 > 0 ? $0 : nil } }
            let showRuntime = known?.show?.runtimeMinutes.flatMap { $0 > 0 ? $0 : nil }
            var plays = 0
            var firstPlay = Int.max, latestPlay = Int.min
            for mark in list {
                firstPlay = min(firstPlay, mark.markedAt)
                latestPlay = max(latestPlay, mark.markedAt, mark.lastPlayedAt)
                var inYear = 0
                let first = day(mark.markedAt)
                if first.year == year {
                    days[first, default: 0] += 1
                    inYear += 1
                }
                if mark.plays > 1 {
                    let last = day(mark.lastPlayedAt)
                    if last.year == year {
                        days[last, default: 0] += mark.plays - 1
                        inYear += mark.plays - 1
                    }
                }
                guard inYear > 0 else { continue }
                plays += inYear
                if let runtime = runtimes[SeasonAndNumber(season: mark.key.season, number: mark.key.number)] ?? showRuntime {
                    counts.minutes += runtime * inYear
                } else {
                    counts.withoutRuntime += inYear
                }
            }
            counts.episodes += plays
            if plays > 0 { showPlays.append((show, plays)) }
            if !list.isEmpty, day(firstPlay).year == year { counts.started += 1 }
            guard let episodes = known?.episodes else {
                if plays > 0 { counts.withoutList += 1 }
                continue
            }
            let regular = episodes.regularEpisodes.filter { $0.number != nil }
            var markedAt: [SeasonAndNumber: Int] = [:]
            for mark in list where mark.key.season > 0 {
                let key = SeasonAndNumber(season: mark.key.season, number: mark.key.number)
                markedAt[key] = min(markedAt[key] ?? .max, mark.markedAt)
            }
            // Finished in the year: every regular episode aired by the cut marked on a day up
            // to the year's, the last of them in the year.
            if let last = lastMark(regular, markedAt: markedAt, airedBy: min(nowSeconds, yearEnd), markedBy: { day($0).year <= year }),
                day(last).year == year
            {
                counts.finished += 1
            }
            // Dropped: quiet for six months after a latest play in the year, with aired
            // episodes left at that play.
            if latestPlay != .min, day(latestPlay).year == year, latestPlay < nowSeconds - droppedAfterDays * 86_400,
                !regular.isEmpty,
                lastMark(regular, markedAt: markedAt, airedBy: latestPlay, markedBy: { $0 <= latestPlay }) == nil
            {
                counts.dropped += 1
            }
        }
        let tallies = tally(showPlays, facts: facts)
        return YearStats(
            year: year, episodes: counts.episodes, minutes: counts.minutes, withoutRuntime: counts.withoutRuntime, days: days,
            started: counts.started, finished: counts.finished, dropped: counts.dropped, withoutList: counts.withoutList,
            streak: longestStreak(days), busiestDay: days.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key,
            weekdays: weekdayCounts(days), genres: tallies.genres, networks: tallies.networks, people: tallies.people,
            ratings: ratingFigures(ratings, facts: facts, year: year, day: day))
    }

    /// The time of the last of the marks of the regular episodes aired by a time, when every
    /// one of them is marked (and the mark passes `markedBy`); nil when one is not, or none aired.
    private static func lastMark(_ regular: [Episode], markedAt: [SeasonAndNumber: Int], airedBy: Int, markedBy: (Int) -> Bool) -> Int? {
        let cut = Date(timeIntervalSince1970: TimeInterval(airedBy))
        var last: Int?
        for episode in regular where WatchProgress.hasAired(episode, now: cut) {
            guard let number = episode.number, let at = markedAt[SeasonAndNumber(season: episode.season, number: number)], markedBy(at) else { return nil }
            last = max(last ?? at, at)
        }
        return last
    }

    /// A value of each episode of a list, by the key its marks and ratings are kept under
    /// (`ShowEpisodes.markKey`); empty without a list.
    static func index<Value>(_ list: ShowEpisodes?, _ value: (Episode) -> Value?) -> [SeasonAndNumber: Value] {
        guard let list else { return [:] }
        var out: [SeasonAndNumber: Value] = [:]
        for episode in list.regularEpisodes {
            if let number = episode.number, let v = value(episode) { out[SeasonAndNumber(season: episode.season, number: number)] = v }
        }
        for (place, special) in list.specials.enumerated() {
            guard let v = value(special) else { continue }
            // As `markKey`: a numbered season-0 special under its number, else its place.
            let number = special.season == 0 ? special.number ?? place + 1 : place + 1
            out[SeasonAndNumber(season: 0, number: number)] = v
        }
        return out
    }

    /// The longest run of consecutive days in a set (the earliest of equals).
    static func longestStreak(_ days: [CalendarDate: Int]) -> Streak {
        let sorted = days.keys.map(CivilDays.days).sorted()
        var best = (length: 0, first: 0), run = (length: 0, first: 0)
        var previous: Int?
        for d in sorted {
            run = previous.map { d == $0 + 1 } == true ? (run.length + 1, run.first) : (1, d)
            if run.length > best.length { best = run }
            previous = d
        }
        guard best.length > 0 else { return Streak(days: 0, first: nil, last: nil) }
        return Streak(days: best.length, first: CivilDays.date(best.first), last: CivilDays.date(best.first + best.length - 1))
    }

    /// The plays of each weekday, Monday first.
    static func weekdayCounts(_ days: [CalendarDate: Int]) -> [Int] {
        var out = [Int](repeating: 0, count: 7)
        for (date, count) in days { out[CivilDays.isoWeekday(CivilDays.days(date)) - 1] += count }
        return out
    }

    /// Genres, networks and people weighted by each show's plays, most first, at most
    /// `topCount` each; equal counts by name, people by their best place in a cast's billing first.
    static func tally(_ shows: [(show: WatchedShowID, plays: Int)], facts: [WatchedShowID: ShowFacts]) -> (genres: [Tally], networks: [Tally], people: [Tally]) {
        var genres: [String: Int] = [:], networks: [String: Int] = [:], people: [String: Int] = [:]
        var billing: [String: Int] = [:]
        for (show, plays) in shows {
            guard let known = facts[show] else { continue }
            for genre in Set(known.show?.genres ?? []) where !genre.isEmpty { genres[genre, default: 0] += plays }
            if let network = known.show?.broadcaster?.name, !network.isEmpty { networks[network, default: 0] += plays }
            var seen = Set<String>()
            for (place, member) in known.cast.enumerated() where !member.personName.isEmpty && seen.insert(member.personName).inserted {
                people[member.personName, default: 0] += plays
                billing[member.personName] = min(billing[member.personName] ?? .max, place)
            }
        }
        func top(_ counts: [String: Int], order: [String: Int] = [:]) -> [Tally] {
            counts.sorted { a, b in
                if a.value != b.value { return a.value > b.value }
                let (x, y) = (order[a.key] ?? 0, order[b.key] ?? 0)
                return x != y ? x < y : a.key < b.key
            }.prefix(topCount).map { Tally(name: $0.key, episodes: $0.value) }
        }
        return (top(genres), top(networks), top(people, order: billing))
    }

    /// The ratings made in the year, against the source's.
    static func ratingFigures(_ ratings: UserRatings, facts: [WatchedShowID: ShowFacts], year: Int, day: (Int) -> CalendarDate) -> Ratings {
        var counts = [Int](repeating: 0, count: 10)
        var episodes = 0, sum = 0, differences = 0.0, compared = 0
        var sourceRatings: [WatchedShowID: [SeasonAndNumber: Double]] = [:]
        for rated in ratings.episodes where day(rated.ratedAt).year == year {
            counts[rated.rating.value - 1] += 1
            episodes += 1
            sum += rated.rating.value
            let show = rated.key.show
            if sourceRatings[show] == nil { sourceRatings[show] = index(facts[show]?.episodes) { $0.rating?.average } }
            if let source = sourceRatings[show]?[SeasonAndNumber(season: rated.key.season, number: rated.key.number)] {
                differences += Double(rated.rating.value) - source
                compared += 1
            }
        }
        for rated in ratings.shows where day(rated.ratedAt).year == year {
            counts[rated.rating.value - 1] += 1
            sum += rated.rating.value
            if let source = facts[rated.show]?.show?.rating {
                differences += Double(rated.rating.value) - source
                compared += 1
            }
        }
        let total = counts.reduce(0, +)
        return Ratings(
            counts: counts, episodes: episodes, mean: total > 0 ? Double(sum) / Double(total) : nil,
            meanDifference: compared > 0 ? differences / Double(compared) : nil, compared: compared)
    }
}
