import Domain
import FoundationEssentials

/// What the Tonight Presenter's rows share: whether an episode is watched, a drop's folded row,
/// a change in words.
@MainActor
enum TonightRowText {
    /// Whether a schedule's episode is marked watched (the schedules carry TVmaze's ids).
    static func isWatched(_ entry: ScheduleEntry, in watched: Set<WatchedEpisodeKey>) -> Bool {
        guard !watched.isEmpty, let key = Tonight.watchKey(provider: ProviderName.tvmaze.name, show: entry.show.id, episode: entry.episode) else {
            return false
        }
        return watched.contains(key)
    }

    /// The first entry of a folded list's element.
    static func first<Item>(_ fold: SeasonDrop.Fold<Item>) -> Item {
        switch fold {
        case .one(let item): return item
        case .drop(let items): return items[0]
        }
    }

    /// Makes a row the folded row of a drop: `S02E01–E06` as its code, `6 episodes · the whole
    /// season` (or `4 episodes · E05–E08`) as its title, the number of episode rows after it.
    static func fold(_ row: inout Tonight.Row, episodes: [Episode], episodeOrder: Int?, watched: Bool) {
        let numbers = episodes.compactMap(\.number)
        let first = numbers.min() ?? 1, last = numbers.max() ?? first
        func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        let season = "S" + pad(episodes.first?.season ?? 0)
        let whole = SeasonDrop.isWholeSeason(numbers, episodeOrder: episodeOrder)
        row = Tonight.Row(
            id: row.id, showID: row.showID, show: row.show, time: row.time, episodeCode: season + "E" + pad(first) + "–E" + pad(last),
            episodeName: "\(episodes.count) episodes · " + (whole ? "the whole season" : "E\(pad(first))–E\(pad(last))"),
            channel: row.channel, countdown: row.countdown, dayHeading: row.dayHeading, day: row.day)
        row.badge = TonightPresenter.badge(episodes.first { $0.number == first } ?? episodes[0], episodeOrder: episodeOrder)
        row.watched = watched
        row.opens = episodes.count
    }

    /// `S02E01–S02E06`, or the one code.
    static func span(_ episodes: [Episode]) -> String {
        guard let first = episodes.first?.code, let last = episodes.last?.code, first != last else { return episodes.first?.code ?? "" }
        return first + "–" + last
    }

    /// What changed, in words: `S05E03 moved: Wed 3 Dec → Wed 10 Dec`, `renewed`, `ended`, `cancelled`.
    /// - Parameter viewer: the viewer's wall time of an instant.
    static func change(_ change: ShowChange, viewer: (Date) -> LocalWallTime?) -> String {
        switch change {
        case .nextEpisodeMoved(let was, let now):
            let before = AirTimeText.viewerDay(was, viewer: viewer).map { TonightPresenter.dayText($0) } ?? ShowFormatting.missing
            let after = AirTimeText.viewerDay(now, viewer: viewer).map { TonightPresenter.dayText($0) } ?? ShowFormatting.missing
            return "\(now.code) moved: \(before) → \(after)"
        case .renewed: return "renewed"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        }
    }
}
