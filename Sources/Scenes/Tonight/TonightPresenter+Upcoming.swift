import Domain
import FoundationEssentials

extension TonightPresenter {
    /// Upcoming: "What changed" first (a show's next episode moved, a show renewed, ended or
    /// cancelled since the answer kept from the last look), then a group a day for the coming
    /// week, Later, Nothing announced and Could not be asked; a watched next episode is dim.
    package func presentUpcoming(response: Tonight.LoadUpcoming.Response) {
        let now = clock.now()
        let today = clock.viewer(now)?.date
        struct Placed { let group: Int; let heading: String; let short: String; let sortKey: Double; let row: (String?, String) -> Tonight.Row }
        var placed: [Placed] = []
        for item in response.items {
            let id = Tonight.upcomingRowID(item)
            let name = ShowFormatting.name(item.show).text
            guard let next = item.next else {
                let words = item.error.map(ShowFormatting.error) ?? "no next episode announced"
                let heading = item.error == nil ? "Nothing announced" : "Could not be asked"
                placed.append(
                    Placed(
                        group: item.error == nil ? 1_000_001 : 1_000_002, heading: heading, short: item.error == nil ? "None" : "Failed",
                        sortKey: 0
                    ) { heading, short in
                        Tonight.Row(
                            id: id, showID: item.show.id, show: name, time: ShowFormatting.missing, episodeCode: "", episodeName: words,
                            channel: "", countdown: "", dayHeading: heading, day: short)
                    })
                continue
            }
            let wall = next.airstamp.flatMap(clock.viewer)
            let day = wall?.date ?? next.airDate
            let offset: Int? = day.flatMap { d in today.map { CivilDays.days(d) - CivilDays.days($0) } }
            var countdown = Self.countdown(to: next.airstamp, day: offset, now: now)
            let group: Int, heading: String, short: String
            switch offset {
            case let days? where days <= 0:
                group = 0
                short = "Today"
                heading = "Today" + (today.map { " · " + Self.dayText($0) } ?? "")
            case 1?:
                group = 1
                short = "Tomorrow"
                heading = "Tomorrow" + (day.map { " · " + Self.dayText($0) } ?? "")
            case let days? where days < 7:
                group = days
                heading = day.map(Self.dayText) ?? "Later"
                short = heading
            default:
                group = 1_000_000
                heading = "Later"
                short = heading
                // Under "Later" the heading names no day: each row says its own.
                if let day { countdown = Self.dayText(day) + (countdown.isEmpty ? "" : " · " + countdown) }
            }
            placed.append(
                Placed(
                    group: group, heading: heading, short: short,
                    sortKey: next.airstamp?.timeIntervalSince1970 ?? Double(offset ?? 0) * 86_400
                ) { heading, short in
                    var row = Tonight.Row(
                        id: id, showID: item.show.id, show: name, time: wall.map(AirTimeText.clock) ?? (day?.description ?? ShowFormatting.missing),
                        episodeCode: next.code, episodeName: next.name.isEmpty ? ShowFormatting.missing : next.name,
                        channel: "", countdown: countdown, dayHeading: heading, day: short)
                    row.badge = Self.badge(next, episodeOrder: item.episodeOrder)
                    row.watched = Tonight.watchKey(provider: item.provider, show: item.show.id, episode: next).map(response.watched.contains) ?? false
                    return row
                })
        }
        placed.sort { ($0.group, $0.sortKey) < ($1.group, $1.sortKey) }
        var rows = changedRows(response.items)
        var lastHeading: String?
        for entry in placed {
            let starts = entry.heading != lastHeading
            rows.append(entry.row(starts ? entry.heading : nil, starts ? entry.short : ""))
            lastHeading = entry.heading
        }
        var message: String?
        let changes = response.items.reduce(0) { $0 + $1.changes.count }
        if response.isLoading {
            message = "Asking for the next episodes…"
        } else if response.unsupported > 0 {
            message = "\(response.unsupported) favourite show\(response.unsupported == 1 ? "" : "s") from a source that cannot tell the next episode"
        } else if changes > 0 {
            message = "\(changes) change\(changes == 1 ? "" : "s") since the last look: see What changed"
        }
        let empty =
            response.isLoading
            ? "Loading…"
            : response.unsupported > 0
                ? "The next episodes of your favourite shows need a live source (TVmaze, or TMDB with a key); the offline snapshot cannot tell."
                : "No favourite shows yet: press f on a show to add it."
        viewController?.displayUpcoming(
            viewModel: .init(
                title: "Upcoming · the next episode of each favourite show", rows: rows,
                emptyMessage: rows.isEmpty ? empty : nil, message: message, messageIsError: false))
    }

    /// The "What changed" rows: one a change, the show's name and what changed
    /// (`S05E03 moved: Wed 3 Dec → Wed 10 Dec`, `renewed`, `ended`, `cancelled`).
    func changedRows(_ items: [Tonight.LoadUpcoming.Item]) -> [Tonight.Row] {
        var rows: [Tonight.Row] = []
        for item in items {
            for (index, change) in item.changes.enumerated() {
                let first = rows.isEmpty
                rows.append(
                    Tonight.Row(
                        id: Tonight.changedRowPrefix(item) + String(index), showID: item.show.id, show: ShowFormatting.name(item.show).text,
                        time: ShowFormatting.missing, episodeCode: "", episodeName: TonightRowText.change(change, viewer: clock.viewer), channel: "", countdown: "",
                        dayHeading: first ? "What changed" : nil, day: first ? "Changed" : ""))
            }
        }
        return rows
    }
}
