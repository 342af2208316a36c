/// One calendar year of viewing, worked out from the person's own history (`YearStats.make`):
/// how many episodes and hours, which shows were started, finished and dropped, the longest
/// streak, the busiest day and weekday, each day's count, the top genres, networks and people,
/// and the person's ratings against the source's.
///
/// Days are the viewer's (their time zone). See `make` for how plays, runtimes, finished and
/// dropped are counted.
public struct YearStats: Sendable, Equatable {
    /// A name and the episodes watched under it in the year (a genre, a network, a person).
    public struct Tally: Sendable, Equatable {
        /// The genre's, network's or person's name, as the source writes it.
        public let name: String
        /// The plays in the year of the episodes of the shows it belongs to.
        public let episodes: Int

        /// Makes a tally.
        /// - Parameters: one per property.
        public init(name: String, episodes: Int) {
            self.name = name
            self.episodes = episodes
        }
    }

    /// The longest run of consecutive days with at least one play.
    public struct Streak: Sendable, Equatable {
        /// How many days (0 for a year without plays).
        public let days: Int
        /// Its first day; nil for none (the earliest run when several are as long).
        public let first: CalendarDate?
        /// Its last day; nil for none.
        public let last: CalendarDate?

        /// Makes a streak.
        /// - Parameters: one per property.
        public init(days: Int, first: CalendarDate?, last: CalendarDate?) {
            self.days = days
            self.first = first
            self.last = last
        }
    }

    /// The person's ratings made in the year, and how they compare with the source's.
    public struct Ratings: Sendable, Equatable {
        /// How many ratings of each value: `counts[0]` of 1 … `counts[9]` of 10.
        public let counts: [Int]
        /// How many of them are episodes' (the rest are whole shows').
        public let episodes: Int
        /// Their mean, 1–10; nil without ratings.
        public let mean: Double?
        /// The mean of (the person's rating − the source's mean rating) over the ratings whose
        /// episode or show has a rating at the source (`compared`): positive when the person
        /// rates above the source; nil when none has.
        public let meanDifference: Double?
        /// How many ratings the difference is over.
        public let compared: Int

        /// Makes the ratings.
        /// - Parameters: one per property.
        public init(counts: [Int], episodes: Int, mean: Double?, meanDifference: Double?, compared: Int) {
            self.counts = counts
            self.episodes = episodes
            self.mean = mean
            self.meanDifference = meanDifference
            self.compared = compared
        }

        /// All the ratings, of episodes and shows.
        public var total: Int { counts.reduce(0, +) }
    }

    /// The year, for example 2024.
    public let year: Int
    /// Episodes watched: the plays whose day is in the year (rewatches count again).
    public let episodes: Int
    /// Minutes watched: each counted play's runtime (the episode list's, else the show's).
    public let minutes: Int
    /// Plays not in `minutes`: neither the episode list nor the show says a runtime.
    public let withoutRuntime: Int
    /// The plays of each day of the year that has any, by the viewer's day.
    public let days: [CalendarDate: Int]
    /// Shows whose first play is in the year.
    public let started: Int
    /// Shows finished in the year: every regular episode aired by the year's end (or now) is
    /// marked, the last of those marks made in the year.
    public let finished: Int
    /// Shows dropped in the year: started, not finished, the latest play in the year and more
    /// than `droppedAfterDays` before now.
    public let dropped: Int
    /// Shows with a play in the year whose episode list is not known here: they can be
    /// neither finished nor dropped.
    public let withoutList: Int
    /// The longest run of days with plays.
    public let streak: Streak
    /// The day with the most plays (the earliest of equals); nil without plays.
    public let busiestDay: CalendarDate?
    /// The plays of each weekday, Monday first (seven counts).
    public let weekdays: [Int]
    /// The genres, most watched first (by name on equal counts), at most `topCount`.
    public let genres: [Tally]
    /// The networks and streaming services, as `genres`.
    public let networks: [Tally]
    /// The cast members, as `genres`.
    public let people: [Tally]
    /// The ratings made in the year.
    public let ratings: Ratings

    /// How long without a play makes a started, unfinished show dropped: 183 days (six months).
    public static let droppedAfterDays = 183
    /// How many genres, networks and people are kept.
    public static let topCount = 10

    /// The weekday with the most plays (0 Monday … 6 Sunday, the earliest of equals); nil without plays.
    public var busiestWeekday: Int? {
        guard let most = weekdays.max(), most > 0 else { return nil }
        return weekdays.firstIndex(of: most)
    }

    /// Makes figures from their parts (`make` works them out).
    /// - Parameters: one per property.
    public init(
        year: Int, episodes: Int, minutes: Int, withoutRuntime: Int, days: [CalendarDate: Int], started: Int, finished: Int, dropped: Int,
        withoutList: Int, streak: Streak, busiestDay: CalendarDate?, weekdays: [Int], genres: [Tally], networks: [Tally], people: [Tally],
        ratings: Ratings
    ) {
        self.year = year
        self.episodes = episodes
        self.minutes = minutes
        self.withoutRuntime = withoutRuntime
        self.days = days
        self.started = started
        self.finished = finished
        self.dropped = dropped
        self.withoutList = withoutList
        self.streak = streak
        self.busiestDay = busiestDay
        self.weekdays = weekdays
        self.genres = genres
        self.networks = networks
        self.people = people
        self.ratings = ratings
    }
}
