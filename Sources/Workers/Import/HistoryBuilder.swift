import Domain

/// An import's favourites, marks, shows and ratings as `ShowMatcher` builds them from the
/// rows: one per show or episode, in the order first seen, a later row merged into an earlier
/// one of the same show or episode.
struct HistoryBuilder {
    private var favourites: [String: HistoryFavourite] = [:], favouriteOrder: [String] = []
    // The marks in the order first seen, and each one's place: a large import's marks are held
    // once, in the array `history` hands over without a copy.
    // Keyed by parts, not by `HistoryMark.key`'s text: a show's identity fits in a string held
    // inline, so 300,000 marks make no 300,000 key allocations.
    private var marks: [HistoryMark] = [], markPlaces: [EpisodeKey: Int] = [:]

    /// A mark's show identity, season and number.
    private struct EpisodeKey: Hashable {
        let show: String
        let season: Int
        let number: Int
    }
    private var shows: [String: HistoryShow] = [:], showOrder: [String] = []
    private var rated: [String: HistoryRating] = [:], ratedOrder: [String] = []

    /// A favourite: the earliest time kept, a rating given later replaces one given earlier.
    mutating func favourite(_ favourite: HistoryFavourite) {
        guard let key = favourite.show.identity else { return }
        if var kept = favourites[key] {
            kept.addedAt = min(kept.addedAt, favourite.addedAt)
            kept.rating = favourite.rating ?? kept.rating
            favourites[key] = kept
        } else {
            favourites[key] = favourite
            favouriteOrder.append(key)
        }
    }

    /// A mark: the earliest first play, the most plays and the latest last play kept; a
    /// rating given later replaces one given earlier.
    mutating func mark(_ mark: HistoryMark) {
        guard let show = mark.show.identity else { return }
        let key = EpisodeKey(show: show, season: mark.season, number: mark.number)
        guard let place = markPlaces[key] else {
            markPlaces[key] = marks.count
            marks.append(mark)
            return
        }
        var kept = marks[place]
        kept.markedAt = min(kept.markedAt, mark.markedAt)
        kept.episode = kept.episode.filled(from: mark.episode)
        kept.plays = max(kept.plays, mark.plays)
        let last = [kept.lastPlayedAt, mark.lastPlayedAt].compactMap { $0 }.max()
        kept.lastPlayedAt = kept.plays > 1 ? last : nil
        if mark.rating != nil {
            kept.rating = mark.rating
            kept.ratedAt = mark.ratedAt
        }
        marks[place] = kept
    }

    /// Room for this many marks, made once (a large file's rows).
    mutating func reserveMarks(_ count: Int) {
        marks.reserveCapacity(count)
        markPlaces.reserveCapacity(count)
    }

    /// A show's rating and settings: a later row replaces an earlier one.
    mutating func show(_ show: HistoryShow) {
        guard let key = show.show.identity else { return }
        if shows.updateValue(show, forKey: key) == nil { showOrder.append(key) }
    }

    /// An episode's rating: a later row replaces an earlier one.
    mutating func rated(_ rating: HistoryRating) {
        guard let key = rating.key else { return }
        if rated.updateValue(rating, forKey: key) == nil { ratedOrder.append(key) }
    }

    /// What was built, in the order first seen.
    var history: WatchHistory {
        WatchHistory(
            favourites: favouriteOrder.compactMap { favourites[$0] }, marks: marks,
            shows: showOrder.compactMap { shows[$0] }, rated: ratedOrder.compactMap { rated[$0] })
    }
}
