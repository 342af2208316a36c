import Domain

/// What the guide holds of the person's record of the show: the plays of each watched episode,
/// their ratings and the show's settings (by `ShowEpisodes.markKey`: specials in season 0),
/// the last mark change (for `u`), what the last key said, and the saves not answered yet.
struct WatchState {
    /// The show's id as the store knows it (the guide's provider); nil until a guide arrives.
    var show: WatchedShowID?
    /// The marks of the watched episodes, with their plays.
    var marks: [SeasonAndNumber: WatchedMark] = [:]
    /// The person's episode ratings.
    var ratings: [SeasonAndNumber: UserRating] = [:]
    /// How the show's progress is counted.
    var settings = ShowWatchSettings.standard
    /// The last change, to take back with `u`.
    var last: Change?
    /// What the last key did, or why it was not saved.
    var message: String?
    /// True when `message` reports a failure.
    var messageIsError = false
    /// Saves (and the first read) not answered yet. The store's answer is taken only when
    /// none is left, so that an earlier answer never takes back a later key's change on screen.
    var pending = 0
    /// True when a whole record was not taken because saves were pending: it is read again
    /// once they are answered.
    var staleRecord = false

    /// One `w`, `W` or `x`: the marks it added or removed, the plays it counted or took back,
    /// and the favourite it added.
    struct Change {
        /// New marks (`add`).
        var added: [WatchedMark] = []
        /// Marks removed with every play (`remove`); kept whole so that `u` puts them back.
        var removed: [WatchedMark] = []
        /// One more play each (`addPlays`).
        var played: [WatchedMark] = []
        /// One play taken back each (`removePlays`).
        var unplayed: [WatchedMark] = []
        /// The favourite the change added, if any.
        var favourite: FavouriteKey?

        /// True when the change changes no mark.
        var isEmpty: Bool { added.isEmpty && removed.isEmpty && played.isEmpty && unplayed.isEmpty }

        /// The change that takes this one back (without its favourite, which `u` removes itself).
        var reversed: Change { Change(added: removed, removed: added, played: unplayed, unplayed: played) }
    }

    /// The plays of each watched episode, 1 and up.
    var plays: [SeasonAndNumber: Int] { marks.mapValues(\.plays) }

    /// The place a mark is kept under.
    static func place(_ mark: WatchedMark) -> SeasonAndNumber { SeasonAndNumber(season: mark.key.season, number: mark.key.number) }

    /// Applies a change on screen, before the store has answered.
    mutating func apply(_ change: Change) {
        for mark in change.added where marks[Self.place(mark)] == nil { marks[Self.place(mark)] = mark }
        for mark in change.removed { marks[Self.place(mark)] = nil }
        for mark in change.played {
            let old = marks[Self.place(mark)]
            marks[Self.place(mark)] = WatchedMark(
                key: mark.key, showName: mark.showName, tvmazeEpisodeID: old?.tvmazeEpisodeID ?? mark.tvmazeEpisodeID,
                tmdbEpisodeID: old?.tmdbEpisodeID ?? mark.tmdbEpisodeID, markedAt: old?.markedAt ?? mark.markedAt, plays: (old?.plays ?? 0) + 1,
                lastPlayedAt: mark.markedAt)
        }
        for mark in change.unplayed {
            guard let old = marks[Self.place(mark)] else { continue }
            marks[Self.place(mark)] =
                old.plays > 1
                ? WatchedMark(
                    key: old.key, showName: old.showName, tvmazeEpisodeID: old.tvmazeEpisodeID, tmdbEpisodeID: old.tmdbEpisodeID,
                    markedAt: old.markedAt, plays: old.plays - 1)
                : nil
        }
    }

    /// Takes the store's marks of the show.
    mutating func adopt(marks new: [WatchedMark]) {
        marks = Dictionary(new.filter { $0.key.show == show }.map { (Self.place($0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Takes the store's whole record of the show.
    mutating func adopt(_ record: ShowWatchRecord) {
        adopt(marks: record.marks)
        ratings = record.episodeRatings
        settings = record.settings
        staleRecord = false
    }
}
