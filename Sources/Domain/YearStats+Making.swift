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
    ///   - marks: every watched mark (in the store's order, by show, is quickest).
    ///   - ratings: every rating.
    ///   - facts: what is known of each show (absent: nothing).
    ///   - now: the present.
    ///   - dayNumber: the viewer's day of an instant in seconds since 1970-01-01 UTC, as days
    ///     since 1970-01-01 (`ViewerDays.dayNumber`).
    /// - Returns: the figures.
    public static func make(
        year: Int, marks: [WatchedMark], ratings: UserRatings, facts: [WatchedShowID: ShowFacts], now: Date, dayNumber: (Int) -> Int
    ) -> YearStats {
        let first = CalendarDate(year: year, month: 1, day: 1).map(CivilDays.days) ?? 0
        let last = CalendarDate(year: year, month: 12, day: 31).map(CivilDays.days) ?? 0
        let nowSeconds = Int(now.timeIntervalSince1970)
        let yearEnd = (last + 1) * 86_400
        // Plays a day of the year, by the day's place in it.
        var perDay = [Int](repeating: 0, count: last - first + 1)
        var counts = (episodes: 0, minutes: 0, withoutRuntime: 0, started: 0, finished: 0, dropped: 0, withoutList: 0)
        var showPlays: [(show: WatchedShowID, plays: Int)] = []
        for list in groupedByShow(marks) {
            guard let show = list.first?.key.show else { continue }
            let known = facts[show]
            let runtimes = index(known?.episodes) { $0.runtimeMinutes.flatMap { $0 > 0 ? $0 : nil } }
            let showRuntime = known?.show?.runtimeMinutes.flatMap { $0 > 0 ? $0 : nil }
            var plays = 0
            var firstPlay = Int.max, latestPlay = Int.min
            for mark in list {
                firstPlay = min(firstPlay, mark.markedAt)
                latestPlay = max(latestPlay, mark.markedAt, mark.lastPlayedAt)
                var inYear = 0
                let day = dayNumber(mark.markedAt)
                if day >= first && day <= last {
                    perDay[day - first] += 1
                    inYear += 1
                }
                if mark.plays > 1 {
                    let later = dayNumber(mark.lastPlayedAt)
                    if later >= first && later <= last {
                        perDay[later - first] += mark.plays - 1
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
            let firstDay = dayNumber(firstPlay)
            if firstDay >= first && firstDay <= last { counts.started += 1 }
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
            // to the year's last, the last of them in the year.
            if let at = lastMark(regular, markedAt: markedAt, airedBy: min(nowSeconds, yearEnd), markedBy: { dayNumber($0) <= last }),
                dayNumber(at) >= first
            {
                counts.finished += 1
            }
            // Dropped: quiet for six months after a latest play in the year, with aired
            // episodes left at that play.
            let latestDay = dayNumber(latestPlay)
            if latestDay >= first, latestDay <= last, latestPlay < nowSeconds - droppedAfterDays * 86_400, !regular.isEmpty,
                lastMark(regular, markedAt: markedAt, airedBy: latestPlay, markedBy: { $0 <= latestPlay }) == nil
            {
                counts.dropped += 1
            }
        }
        var days: [CalendarDate: Int] = [:]
        for (offset, count) in perDay.enumerated() where count > 0 { days[CivilDays.date(first + offset)] = count }
        let tallies = tally(showPlays, facts: facts)
        let busiest = perDay.indices.max { perDay[$0] != perDay[$1] ? perDay[$0] < perDay[$1] : $0 > $1 }
        return YearStats(
            year: year, episodes: counts.episodes, minutes: counts.minutes, withoutRuntime: counts.withoutRuntime, days: days,
            started: counts.started, finished: counts.finished, dropped: counts.dropped, withoutList: counts.withoutList,
            streak: longestStreak(perDay, first: first), busiestDay: busiest.flatMap { perDay[$0] > 0 ? CivilDays.date(first + $0) : nil },
            weekdays: weekdayCounts(perDay, first: first), genres: tallies.genres, networks: tallies.networks, people: tallies.people,
            ratings: ratingFigures(ratings, facts: facts, within: first...last, dayNumber: dayNumber))
    }

    /// The marks in runs of one show each, as slices of the marks when each show's marks are
    /// together (the store gives them by show), else of a copy sorted by show.
    static func groupedByShow(_ marks: [WatchedMark]) -> [ArraySlice<WatchedMark>] {
        var runs: [ArraySlice<WatchedMark>] = []
        var seen = Set<WatchedShowID>()
        var start = marks.startIndex
        for index in marks.indices.dropFirst() where marks[index].key.show != marks[index - 1].key.show {
            guard seen.insert(marks[start].key.show).inserted else { return groupedByShow(marks.sorted { $0.key.show < $1.key.show }) }
            runs.append(marks[start..<index])
            start = index
        }
        if start < marks.endIndex {
            guard seen.insert(marks[start].key.show).inserted else { return groupedByShow(marks.sorted { $0.key.show < $1.key.show }) }
            runs.append(marks[start...])
        }
        return runs
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

    /// The longest run of consecutive days with plays (the earliest of equals).
    /// - Parameters:
    ///   - perDay: the plays of each day of the year, from its first.
    ///   - first: the first day, as days since 1970-01-01.
    static func longestStreak(_ perDay: [Int], first: Int) -> Streak {
        var best = (length: 0, start: 0), run = (length: 0, start: 0)
        for (offset, count) in perDay.enumerated() {
            guard count > 0 else {
                run.length = 0
                continue
            }
            run = run.length == 0 ? (1, offset) : (run.length + 1, run.start)
            if run.length > best.length { best = run }
        }
        guard best.length > 0 else { return Streak(days: 0, first: nil, last: nil) }
        return Streak(days: best.length, first: CivilDays.date(first + best.start), last: CivilDays.date(first + best.start + best.length - 1))
    }

    /// The plays of each weekday, Monday first.
    static func weekdayCounts(_ perDay: [Int], first: Int) -> [Int] {
        var out = [Int](repeating: 0, count: 7)
        for (offset, count) in perDay.enumerated() where count > 0 { out[CivilDays.isoWeekday(first + offset) - 1] += count }
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
    static func ratingFigures(_ ratings: UserRatings, facts: [WatchedShowID: ShowFacts], within year: ClosedRange<Int>, dayNumber: (Int) -> Int) -> Ratings {
        var counts = [Int](repeating: 0, count: 10)
        var episodes = 0, sum = 0, differences = 0.0, compared = 0
        var sourceRatings: [WatchedShowID: [SeasonAndNumber: Double]] = [:]
        for rated in ratings.episodes where year.contains(dayNumber(rated.ratedAt)) {
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
        for rated in ratings.shows where year.contains(dayNumber(rated.ratedAt)) {
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
