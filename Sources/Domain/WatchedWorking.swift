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

    /// The shows with at least one mark, most recently marked first.
    func startedShows() async -> WatchedAnswer<[WatchedShowSummary]>
}
