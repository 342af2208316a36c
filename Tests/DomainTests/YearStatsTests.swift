import Domain
import Foundation
import XCTest

/// `YearStats.make`: a year's plays, minutes, shows started, finished and dropped, streak,
/// busiest day and weekday, top lists and ratings, from marks and what is known of the shows;
/// and `ViewerDays`, the viewer's day of many instants at a few conversions.
final class YearStatsTests: XCTestCase {
    private let tvmaze = ProviderName.tvmaze.name
    /// 2025-12-02 00:00 UTC.
    private let now = Date(timeIntervalSince1970: 1_764_633_600)

    /// Seconds since 1970 of a UTC day and hour.
    private func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 20) -> Int {
        CivilDays.days(CalendarDate(year: year, month: month, day: day) ?? .unixEpoch) * 86_400 + hour * 3600
    }

    private func date(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate {
        CalendarDate(year: year, month: month, day: day) ?? .unixEpoch
    }

    private func show(_ id: Int) -> WatchedShowID { WatchedShowID(provider: tvmaze, id: id) }

    private func mark(_ show: Int, _ season: Int, _ number: Int, at: Int, plays: Int = 1, last: Int? = nil) -> WatchedMark {
        WatchedMark(key: WatchedEpisodeKey(show: self.show(show), season: season, number: number), showName: "Show \(show)", markedAt: at, plays: plays, lastPlayedAt: last)
    }

    /// A list of one season of `count` episodes of `runtime` minutes, aired a week apart from `from`.
    private func list(_ id: Int, count: Int, runtime: Int? = 60, from: Int, rating: Double? = nil) -> ShowEpisodes {
        let episodes = (1...count).map { n in
            Episode(
                id: id * 100 + n, season: 1, number: n, name: "E\(n)", airstamp: Date(timeIntervalSince1970: TimeInterval(from + (n - 1) * 7 * 86_400)),
                runtimeMinutes: runtime, rating: rating.flatMap { EpisodeRating(average: $0) })
        }
        return ShowEpisodes(showID: id, episodes: episodes, source: .live(provider: .tvmaze))
    }

    private func make(
        _ year: Int, _ marks: [WatchedMark], facts: [WatchedShowID: ShowFacts] = [:], ratings: UserRatings = UserRatings()
    ) -> YearStats {
        YearStats.make(year: year, marks: marks, ratings: ratings, facts: facts, now: now, dayNumber: { CivilDays.days(CalendarDate.utcDay(ofUnixTime: $0)) })
    }

    func testAMarksFirstPlayCountsOnItsDayAndItsLaterPlaysOnTheLatestPlaysDay() {
        // Three plays: the first on 2023-12-31, the two later ones counted on 2024-02-01.
        let marks = [mark(1, 1, 1, at: at(2023, 12, 31), plays: 3, last: at(2024, 2, 1)), mark(1, 1, 2, at: at(2024, 2, 1))]
        let facts = [show(1): ShowFacts(episodes: list(1, count: 2, from: at(2020, 1, 1)))]
        let last = make(2023, marks, facts: facts)
        XCTAssertEqual(last.episodes, 1)
        XCTAssertEqual(last.days, [date(2023, 12, 31): 1])
        let this = make(2024, marks, facts: facts)
        XCTAssertEqual(this.episodes, 3)
        XCTAssertEqual(this.minutes, 180)
        XCTAssertEqual(this.days, [date(2024, 2, 1): 3])
        XCTAssertEqual(this.started, 0, "started in 2023")
        XCTAssertEqual(last.started, 1)
    }

    func testRuntimesComeFromTheListElseTheShowElseThePlayIsCountedApart() {
        let withShowRuntime = ShowFacts(show: TVShow(id: 2, name: "Two", runtimeMinutes: 30), episodes: list(2, count: 2, runtime: nil, from: at(2020, 1, 1)))
        let marks = [mark(1, 1, 1, at: at(2024, 3, 1)), mark(2, 1, 1, at: at(2024, 3, 1)), mark(2, 1, 2, at: at(2024, 3, 2)), mark(3, 1, 1, at: at(2024, 3, 3))]
        let stats = make(2024, marks, facts: [show(1): ShowFacts(episodes: list(1, count: 1, runtime: 45, from: at(2020, 1, 1))), show(2): withShowRuntime])
        XCTAssertEqual(stats.episodes, 4)
        XCTAssertEqual(stats.minutes, 45 + 30 + 30)
        XCTAssertEqual(stats.withoutRuntime, 1, "show 3: nothing known")
        XCTAssertEqual(stats.withoutList, 1)
        // Out of the store's order (show 2's marks apart), the same figures.
        let shuffled = make(2024, [marks[1], marks[0], marks[3], marks[2]], facts: [show(1): ShowFacts(episodes: list(1, count: 1, runtime: 45, from: at(2020, 1, 1))), show(2): withShowRuntime])
        XCTAssertEqual(shuffled, stats)
    }

    func testFinishedDroppedAndCaughtUpShows() {
        // 1: three aired episodes, all marked in 2024: finished in 2024.
        // 2: one of three marked in January 2024, nothing since: dropped in 2024.
        // 3: every aired episode marked in March 2024; the fourth aired in 2025: caught up then, not dropped.
        // 4: all three marked, the last on 2025-01-02: finished in 2025, not in 2024.
        let four = ShowFacts(episodes: list(4, count: 3, from: at(2023, 1, 1)))
        var third = (1...3).map { n in Episode(id: 300 + n, season: 1, number: n, name: "", airstamp: Date(timeIntervalSince1970: TimeInterval(at(2024, 1, n)))) }
        third.append(Episode(id: 304, season: 1, number: 4, name: "", airstamp: Date(timeIntervalSince1970: TimeInterval(at(2025, 6, 1)))))
        let facts = [
            show(1): ShowFacts(episodes: list(1, count: 3, from: at(2023, 1, 1))), show(2): ShowFacts(episodes: list(2, count: 3, from: at(2023, 1, 1))),
            show(3): ShowFacts(episodes: ShowEpisodes(showID: 3, episodes: third, source: .live(provider: .tvmaze))), show(4): four
        ]
        let marks =
            (1...3).map { mark(1, 1, $0, at: at(2024, 5, $0)) } + [mark(2, 1, 1, at: at(2024, 1, 10))] + (1...3).map { mark(3, 1, $0, at: at(2024, 3, $0)) }
            + [mark(4, 1, 1, at: at(2024, 12, 1)), mark(4, 1, 2, at: at(2024, 12, 2)), mark(4, 1, 3, at: at(2025, 1, 2))]
        let stats = make(2024, marks, facts: facts)
        XCTAssertEqual(stats.started, 4)
        XCTAssertEqual(stats.finished, 2, "shows 1 and 3")
        XCTAssertEqual(stats.dropped, 1, "show 2")
        let next = make(2025, marks, facts: facts)
        XCTAssertEqual(next.finished, 1, "show 4")
        XCTAssertEqual(next.started, 0)
        XCTAssertEqual(next.dropped, 0)
    }

    func testAShowQuietForLessThanSixMonthsIsNotDropped() {
        let marks = [mark(1, 1, 1, at: Int(now.timeIntervalSince1970) - 100 * 86_400)]
        let stats = make(2025, marks, facts: [show(1): ShowFacts(episodes: list(1, count: 3, from: at(2023, 1, 1)))])
        XCTAssertEqual(stats.dropped, 0)
        XCTAssertEqual(stats.started, 1)
    }

    func testTheLongestStreakTheBusiestDayAndWeekday() {
        // 1–3 March (Fri–Sun), then 10–14 March (Sun–Thu), two on Wednesday the 13th.
        let days = [1, 2, 3, 10, 11, 12, 13, 13, 14]
        let marks = days.enumerated().map { index, day in mark(1, 1, index + 1, at: at(2024, 3, day, 10 + index)) }
        let stats = make(2024, marks)
        XCTAssertEqual(stats.streak, YearStats.Streak(days: 5, first: date(2024, 3, 10), last: date(2024, 3, 14)))
        XCTAssertEqual(stats.busiestDay, date(2024, 3, 13))
        XCTAssertEqual(stats.weekdays, [1, 1, 2, 1, 1, 1, 2])
        XCTAssertEqual(stats.busiestWeekday, 2, "Wednesday")
        XCTAssertEqual(make(2023, marks).streak, YearStats.Streak(days: 0, first: nil, last: nil))
        XCTAssertNil(make(2023, marks).busiestDay)
    }

    func testGenresNetworksAndPeopleAreWeightedByPlaysPeopleTiedByBilling() {
        let hbo = Broadcaster(name: "HBO", kind: .network)
        let one = ShowFacts(
            show: TVShow(id: 1, name: "One", genres: ["Drama", "Fantasy"], broadcaster: hbo),
            cast: [CastMember(personName: "Zoe Lead", characterName: nil), CastMember(personName: "Amy Second", characterName: nil)])
        let two = ShowFacts(show: TVShow(id: 2, name: "Two", genres: ["Comedy", "Drama"], broadcaster: Broadcaster(name: "Netflix", kind: .webChannel)))
        let marks = [mark(1, 1, 1, at: at(2024, 1, 1), plays: 2, last: at(2024, 1, 5)), mark(2, 1, 1, at: at(2024, 2, 1))]
        let stats = make(2024, marks, facts: [show(1): one, show(2): two])
        XCTAssertEqual(stats.genres, [.init(name: "Drama", episodes: 3), .init(name: "Fantasy", episodes: 2), .init(name: "Comedy", episodes: 1)])
        XCTAssertEqual(stats.networks, [.init(name: "HBO", episodes: 2), .init(name: "Netflix", episodes: 1)])
        XCTAssertEqual(stats.people.map(\.name), ["Zoe Lead", "Amy Second"], "equal counts: the lead first")
    }

    func testRatingsOfTheYearTheirDistributionAndDifferenceWithTheSource() {
        let facts = [show(1): ShowFacts(show: TVShow(id: 1, name: "One", rating: 7.0), episodes: list(1, count: 3, from: at(2020, 1, 1), rating: 8.0))]
        let key = { (n: Int) in WatchedEpisodeKey(show: self.show(1), season: 1, number: n) }
        let ratings = UserRatings(
            shows: [RatedShow(show: show(1), name: "One", rating: UserRating(9)!, ratedAt: at(2024, 6, 1))],
            episodes: [
                RatedEpisode(key: key(1), showName: "One", rating: UserRating(10)!, ratedAt: at(2024, 1, 1)),
                RatedEpisode(key: key(2), showName: "One", rating: UserRating(7)!, ratedAt: at(2024, 1, 2)),
                RatedEpisode(key: WatchedEpisodeKey(show: show(9), season: 1, number: 1), showName: "Nine", rating: UserRating(4)!, ratedAt: at(2024, 1, 3)),
                RatedEpisode(key: key(3), showName: "One", rating: UserRating(1)!, ratedAt: at(2023, 1, 3))
            ])
        let stats = make(2024, [], facts: facts, ratings: ratings)
        XCTAssertEqual(stats.ratings.counts, [0, 0, 0, 1, 0, 0, 1, 0, 1, 1])
        XCTAssertEqual(stats.ratings.episodes, 3)
        XCTAssertEqual(stats.ratings.total, 4)
        XCTAssertEqual(try XCTUnwrap(stats.ratings.mean), 7.5, accuracy: 1e-9)
        // (10 − 8) + (7 − 8) + (9 − 7) over three: show 9 has no source rating here.
        XCTAssertEqual(stats.ratings.compared, 3)
        XCTAssertEqual(try XCTUnwrap(stats.ratings.meanDifference), 1.0, accuracy: 1e-9)
        XCTAssertEqual(stats.episodes, 0)
    }

    func testViewerDaysMatchTheZoneAcrossItsChangesWithAConversionADay() throws {
        let paris = try XCTUnwrap(TimeZoneRules(posix: "CET-1CEST,M3.5.0,M10.5.0/3"))
        var conversions = 0
        let days = ViewerDays { date in
            conversions += 1
            return paris.wallTime(at: Int(date.timeIntervalSince1970))
        }
        // Every 20 minutes of 2024, across both changes of offset.
        var instant = at(2024, 1, 1, 0)
        let end = at(2025, 1, 1, 0)
        var checked = 0
        while instant < end {
            XCTAssertEqual(days.day(of: instant), paris.wallTime(at: instant).date, "\(instant)")
            instant += 1200
            checked += 1
        }
        XCTAssertEqual(checked, 366 * 72)
        XCTAssertLessThan(conversions, 367 + 2 * 72 + 1, "a conversion a midnight, and the instants of the two days of a change")
        // 23:30 UTC on 30 June is already 1 July in Paris.
        XCTAssertEqual(days.day(of: at(2024, 6, 30, 23) + 1800), date(2024, 7, 1))
    }
}
