import Domain
import FoundationEssentials

/// Formats the Tonight scene's lists (its only formatting): every air time in the viewer's
/// zone with the zone's name, days as the viewer's calendar has them, countdowns from the
/// injected clock.
@MainActor
package final class TonightPresenter: TonightPresentationLogic {
    package weak var viewController: TonightDisplayLogic?
    let clock: AirClock

    /// Makes a Presenter.
    /// - Parameter clock: the present and the viewer's zone.
    package init(clock: AirClock) {
        self.clock = clock
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Tue 1 Dec`.
    static func dayText(_ date: CalendarDate) -> String {
        let weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][CivilDays.isoWeekday(CivilDays.days(date)) - 1]
        return "\(weekday) \(date.day) \(monthNames[date.month - 1])"
    }

    package func presentSchedule(response: Tonight.LoadSchedule.Response) {
        let walls = response.entries.map { $0.airstamp.flatMap(clock.viewer) }
        let days = Set(walls.compactMap { $0?.date })
        var rows: [Tonight.Row] = []
        var lastDay: CalendarDate?
        for (entry, wall) in zip(response.entries, walls) {
            var heading: String?
            if days.count > 1, let day = wall?.date, day != lastDay {
                heading = Self.dayText(day) + " " + String(day.year)
                lastDay = day
            }
            let dayColumn = heading == nil ? "" : wall.map { Self.dayText($0.date) } ?? ""
            var row = Tonight.Row(
                id: String(entry.episode.id), showID: entry.show.id, show: ShowFormatting.name(entry.show).text,
                time: wall.map(AirTimeText.clock) ?? ShowFormatting.missing, episodeCode: entry.episode.code,
                episodeName: entry.episode.name.isEmpty ? ShowFormatting.missing : entry.episode.name,
                channel: entry.channelName ?? entry.show.broadcaster?.name ?? ShowFormatting.missing,
                countdown: "", dayHeading: heading, day: dayColumn)
            row.badge = Self.badge(entry.episode, episodeOrder: nil)
            rows.append(row)
        }
        let zone = clock.viewer(clock.now())?.zoneAbbreviation ?? ""
        // Offline the recordings are of their own days: the title says so.
        let recorded = response.sources.allSatisfy { !$0.source.isFromNetwork } ? response.sources.first?.date : nil
        let day = recorded ?? response.date
        let which: String
        switch (response.hasCountrySchedule, response.hasWebSchedule, recorded != nil) {
        case (false, true, true): which = "\(response.country) not recorded · streaming only"
        case (true, false, true): which = "\(response.country) · streaming not recorded"
        default: which = "\(response.country) and streaming"
        }
        let title =
            "Tonight · \(recorded == nil ? "" : "recorded ")\(Self.dayText(day)) \(day.year) · \(which)"
            + (zone.isEmpty ? "" : " · times in \(zone)")
        var message: String?
        if let recorded, recorded != response.date, !response.isLoading {
            message = Self.notRecordedNote(asked: response.date, shown: recorded)
        }
        if let error = response.error {
            message = ShowFormatting.failure(error, retryInSeconds: response.retryInSeconds)
        } else if response.isLoading {
            message = "Loading the schedules…"
        }
        let empty = response.isLoading ? "Loading…" : (response.error == nil ? "Nothing is scheduled on this day." : "No schedule could be read.")
        // Tonight of today opens on what airs next, not on what aired this morning.
        let now = clock.now()
        let start = response.entries.firstIndex { $0.airstamp.map { $0 >= now } ?? false } ?? 0
        var model = Tonight.LoadSchedule.ViewModel(
            title: title, rows: rows, emptyMessage: rows.isEmpty ? empty : nil, message: message,
            messageIsError: response.error != nil, sourceLabel: Self.sourceLabel(response.sources, now: Int64(now.timeIntervalSince1970.rounded(.down))))
        model.startIndex = start
        viewController?.displaySchedule(viewModel: model)
    }

    /// An episode's badges as a row shows them (`NEW`, `S3 ▶`, `FINALE`); an ASCII canvas
    /// draws `▶` as `>`.
    static func badge(_ episode: Episode, episodeOrder: Int?) -> String {
        PremiereBadge.text(PremiereBadge.badges(episode, episodeOrder: episodeOrder), ascii: false)
    }

    /// `2019-06-01 is not recorded; showing the recorded 2020-12-01`.
    package static func notRecordedNote(asked: CalendarDate, shown: CalendarDate) -> String {
        "\(asked) is not recorded; showing the recorded \(shown)"
    }

    /// `TVmaze live`, or for recordings of one day `offline snapshot` (the title names the
    /// day), of several `recorded schedules of 2017-09-21 and 2024-01-28`.
    static func sourceLabel(_ sources: [(source: DataSource, date: CalendarDate)], now: Int64) -> String {
        var parts: [String] = []
        var recorded: [String] = []
        for (source, date) in sources {
            if source.isFromNetwork {
                let label = ShowFormatting.source(source, now: now)
                if !parts.contains(label) { parts.append(label) }
            } else if !recorded.contains(date.description) {
                recorded.append(date.description)
            }
        }
        if recorded.count == 1 {
            parts.append("offline snapshot")
        } else if !recorded.isEmpty {
            parts.append("recorded schedule\(recorded.count == 1 ? "" : "s") of " + recorded.joined(separator: " and "))
        }
        return parts.isEmpty ? "schedules" : parts.joined(separator: " + ")
    }

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
                    return row
                })
        }
        placed.sort { ($0.group, $0.sortKey) < ($1.group, $1.sortKey) }
        var rows: [Tonight.Row] = []
        var lastHeading: String?
        for entry in placed {
            let starts = entry.heading != lastHeading
            rows.append(entry.row(starts ? entry.heading : nil, starts ? entry.short : ""))
            lastHeading = entry.heading
        }
        var message: String?
        if response.isLoading {
            message = "Asking for the next episodes…"
        } else if response.unsupported > 0 {
            message = "\(response.unsupported) favourite show\(response.unsupported == 1 ? "" : "s") from a source that cannot tell the next episode"
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

    /// `in 25 min`, `in 3 h`, `tomorrow`, `in 3 days`, `aired`; from the instant when known,
    /// else from the day alone.
    static func countdown(to instant: Date?, day: Int?, now: Date) -> String {
        if let instant {
            let seconds = Int(instant.timeIntervalSince(now).rounded(.down))
            if seconds < 0 { return "aired" }
            if day ?? 0 <= 0 || seconds < 6 * 3600 {
                return seconds < 3600 ? "in \(max(1, seconds / 60)) min" : "in \(seconds / 3600) h"
            }
        }
        guard let day else { return "" }
        switch day {
        case ..<0: return "aired"
        case 0: return "today"
        case 1: return "tomorrow"
        default: return "in \(day) days"
        }
    }
}
