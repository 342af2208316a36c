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
        let watched = response.watched
        func row(_ entry: ScheduleEntry, _ wall: LocalWallTime?, id: String, heading: String?) -> Tonight.Row {
            let dayColumn = heading == nil ? "" : wall.map { Self.dayText($0.date) } ?? ""
            var row = Tonight.Row(
                id: id, showID: entry.show.id, show: ShowFormatting.name(entry.show).text,
                time: wall.map(AirTimeText.clock) ?? ShowFormatting.missing, episodeCode: entry.episode.code,
                episodeName: entry.episode.name.isEmpty ? ShowFormatting.missing : entry.episode.name,
                channel: entry.channelName ?? entry.show.broadcaster?.name ?? ShowFormatting.missing,
                countdown: "", dayHeading: heading, day: dayColumn)
            row.badge = Self.badge(entry.episode, episodeOrder: nil)
            row.watched = TonightRowText.isWatched(entry, in: watched)
            return row
        }
        // A season released on one day (at least 3 episodes of a show and season) is one row.
        let folded = SeasonDrop.fold(Array(zip(response.entries, walls))) { SeasonDrop.key($0.0, day: $0.1?.date ?? $0.0.episode.airDate) }
        for fold in folded {
            let (entry, wall) = TonightRowText.first(fold)
            var heading: String?
            if days.count > 1, let day = wall?.date, day != lastDay {
                heading = Self.dayText(day) + " " + String(day.year)
                lastDay = day
            }
            switch fold {
            case .one:
                rows.append(row(entry, wall, id: String(entry.episode.id), heading: heading))
            case .drop(let group):
                let key = SeasonDrop.key(entry, day: wall?.date ?? entry.episode.airDate)
                let id = key.map(Tonight.dropRowID) ?? "drop-" + String(entry.episode.id)
                var top = row(entry, wall, id: id, heading: heading)
                TonightRowText.fold(&top, episodes: group.map(\.0.episode), episodeOrder: nil, watched: group.allSatisfy { TonightRowText.isWatched($0.0, in: watched) })
                rows.append(top)
                for (child, childWall) in group {
                    var episode = row(child, childWall, id: String(child.episode.id), heading: nil)
                    episode.childOf = id
                    rows.append(episode)
                }
            }
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
        let next = response.entries.first { $0.airstamp.map { $0 >= now } ?? false }.map { String($0.episode.id) }
        let start = rows.firstIndex { $0.id == next }.map { rows[$0].childOf.flatMap { parent in rows.firstIndex { $0.id == parent } } ?? $0 } ?? 0
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
