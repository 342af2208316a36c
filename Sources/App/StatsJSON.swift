import Domain
import FoundationEssentials

/// `discover-tui stats --json`: one object (docs/reference.md lists it), keys sorted, every key
/// always present (`null` where there is nothing):
///
///     {"year": 2024, "episodes": 5, "minutes": 300, "withoutRuntime": 0,
///      "days": {"2024-01-01": 1, …},
///      "streak": {"days": 3, "from": "2024-01-01", "through": "2024-01-03"},
///      "busiestDay": {"date": "2024-01-02", "episodes": 2},
///      "busiestWeekday": {"weekday": "Tuesday", "episodes": 2},
///      "shows": {"started": 1, "finished": 0, "dropped": 0, "withoutEpisodeList": 0},
///      "genres": [{"name": "Drama", "episodes": 5}], "networks": […], "people": […],
///      "ratings": {"count": 2, "episodes": 1, "shows": 1, "distribution": {"1": 0, …, "10": 1},
///                  "mean": 8.5, "meanDifference": 0.3, "compared": 2}}
///
/// Days are the viewer's (`TZ`); `minutes` counts the plays with a known runtime,
/// `withoutRuntime` the others; `meanDifference` is the person's rating less the source's,
/// averaged over `compared` ratings.
struct StatsJSON: Encodable {
    private let stats: YearStats

    /// The object of a year's figures.
    /// - Parameter stats: the figures.
    init(_ stats: YearStats) {
        self.stats = stats
    }

    private enum Key: String, CodingKey {
        case year, episodes, minutes, withoutRuntime, days, streak, busiestDay, busiestWeekday, shows, genres, networks, people, ratings
        case from, through, date, weekday, started, finished, dropped, withoutEpisodeList, name, count, distribution, mean, meanDifference, compared
    }

    /// A name and its episodes.
    private struct Tally: Encodable {
        let name: String
        let episodes: Int
    }

    func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: Key.self)
        try object.encode(stats.year, forKey: .year)
        try object.encode(stats.episodes, forKey: .episodes)
        try object.encode(stats.minutes, forKey: .minutes)
        try object.encode(stats.withoutRuntime, forKey: .withoutRuntime)
        try object.encode(Dictionary(uniqueKeysWithValues: stats.days.map { ($0.key.description, $0.value) }), forKey: .days)
        var streak = object.nestedContainer(keyedBy: Key.self, forKey: .streak)
        try streak.encode(stats.streak.days, forKey: .days)
        try streak.encode(stats.streak.first?.description, forKey: .from)
        try streak.encode(stats.streak.last?.description, forKey: .through)
        if let busiest = stats.busiestDay {
            var day = object.nestedContainer(keyedBy: Key.self, forKey: .busiestDay)
            try day.encode(busiest.description, forKey: .date)
            try day.encode(stats.days[busiest] ?? 0, forKey: .episodes)
        } else {
            try object.encodeNil(forKey: .busiestDay)
        }
        if let weekday = stats.busiestWeekday {
            var day = object.nestedContainer(keyedBy: Key.self, forKey: .busiestWeekday)
            try day.encode(Self.weekdayNames[weekday], forKey: .weekday)
            try day.encode(stats.weekdays[weekday], forKey: .episodes)
        } else {
            try object.encodeNil(forKey: .busiestWeekday)
        }
        var shows = object.nestedContainer(keyedBy: Key.self, forKey: .shows)
        try shows.encode(stats.started, forKey: .started)
        try shows.encode(stats.finished, forKey: .finished)
        try shows.encode(stats.dropped, forKey: .dropped)
        try shows.encode(stats.withoutList, forKey: .withoutEpisodeList)
        try object.encode(stats.genres.map { Tally(name: $0.name, episodes: $0.episodes) }, forKey: .genres)
        try object.encode(stats.networks.map { Tally(name: $0.name, episodes: $0.episodes) }, forKey: .networks)
        try object.encode(stats.people.map { Tally(name: $0.name, episodes: $0.episodes) }, forKey: .people)
        var ratings = object.nestedContainer(keyedBy: Key.self, forKey: .ratings)
        let r = stats.ratings
        try ratings.encode(r.total, forKey: .count)
        try ratings.encode(r.episodes, forKey: .episodes)
        try ratings.encode(r.total - r.episodes, forKey: .shows)
        try ratings.encode(Dictionary(uniqueKeysWithValues: r.counts.enumerated().map { (String($0.offset + 1), $0.element) }), forKey: .distribution)
        try ratings.encode(r.mean.map(Self.rounded), forKey: .mean)
        try ratings.encode(r.meanDifference.map(Self.rounded), forKey: .meanDifference)
        try ratings.encode(r.compared, forKey: .compared)
    }

    /// English weekday names, Monday first.
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// A mean to two decimals (an exact decimal in the JSON text).
    static func rounded(_ value: Double) -> Decimal {
        Decimal(string: DecimalText.fixed(value, decimals: 2)) ?? Decimal(0)
    }
}
