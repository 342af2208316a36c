/// The watched-episodes store as the scenes and commands see it. Each change is saved in one
/// transaction before the call returns; the marks of two running copies never overwrite each
/// other (they are rows, matched by show, season and number).
public protocol WatchedWorking: Sendable {
    /// Marks episodes watched (a mark already there is kept with its first time, and gains any
    /// episode id it lacked), all in one transaction.
    /// - Parameter marks: the marks.
    /// - Returns: every mark of the shows concerned after the change.
    func add(_ marks: [WatchedMark]) async -> WatchedAnswer<[WatchedMark]>

    /// Marks episodes unwatched, all in one transaction.
    /// - Parameter episodes: the episodes.
    /// - Returns: every mark of the shows concerned after the change.
    func remove(_ episodes: [WatchedEpisodeKey]) async -> WatchedAnswer<[WatchedMark]>

    /// The marks of one show, in season and number order.
    /// - Parameter show: the show.
    func marks(of show: WatchedShowID) async -> WatchedAnswer<[WatchedMark]>

    /// Every mark, by show, season and number (for export and for Continue).
    func allMarks() async -> WatchedAnswer<[WatchedMark]>

    /// Every mark for counting plays (the year's figures), by show, season and number: keys,
    /// times and plays only; show names are empty and episode ids nil (a lighter read than
    /// `allMarks()`).
    func marksForCounting() async -> WatchedAnswer<[WatchedMark]>

    /// The shows with at least one mark, most recently marked first.
    func startedShows() async -> WatchedAnswer<[WatchedShowSummary]>

    /// What the store holds now, as a stamp that changes with every committed change (this
    /// program's or another's); nil when it cannot be told, and then nothing read before may be
    /// taken as current.
    func stamp() async -> WatchedStamp?

    /// Counts one more play of each episode (a rewatch): an unmarked episode is marked with one
    /// play, a marked one gains a play with `markedAt` as the latest play's time; one
    /// transaction.
    /// - Parameter marks: the episodes and the time of the play.
    /// - Returns: every mark of the shows concerned after the change.
    func addPlays(_ marks: [WatchedMark]) async -> WatchedAnswer<[WatchedMark]>

    /// Takes one play back from each episode: a mark with several plays loses one, a mark with
    /// one is removed; one transaction.
    /// - Parameter episodes: the episodes.
    /// - Returns: every mark of the shows concerned after the change.
    func removePlays(_ episodes: [WatchedEpisodeKey]) async -> WatchedAnswer<[WatchedMark]>

    /// Rates an episode, or clears its rating (`rating` nil); a rating does not mark it watched.
    /// - Parameters:
    ///   - episode: the episode (season 0 for specials).
    ///   - showName: the show's name.
    ///   - rating: the rating, or nil to clear it.
    ///   - at: when, seconds since 1970-01-01 UTC.
    /// - Returns: the show's record after the change.
    func rate(_ episode: WatchedEpisodeKey, showName: String, rating: UserRating?, at: Int) async -> WatchedAnswer<ShowWatchRecord>

    /// Rates a show, or clears its rating (`rating` nil).
    /// - Parameters:
    ///   - show: the show.
    ///   - name: its name.
    ///   - rating: the rating, or nil to clear it.
    ///   - at: when, seconds since 1970-01-01 UTC.
    /// - Returns: the show's record after the change.
    func rateShow(_ show: WatchedShowID, name: String, rating: UserRating?, at: Int) async -> WatchedAnswer<ShowWatchRecord>

    /// Changes how a show's progress is counted.
    /// - Parameters:
    ///   - show: the show.
    ///   - name: its name.
    ///   - settings: the new settings.
    /// - Returns: the show's record after the change.
    func setSettings(_ show: WatchedShowID, name: String, settings: ShowWatchSettings) async -> WatchedAnswer<ShowWatchRecord>

    /// Everything kept of one show: marks with plays, episode ratings, its rating, settings.
    /// - Parameter show: the show.
    func record(of show: WatchedShowID) async -> WatchedAnswer<ShowWatchRecord>

    /// Every rating: the shows' and the episodes', by show then season and number.
    func allRatings() async -> WatchedAnswer<UserRatings>
}
