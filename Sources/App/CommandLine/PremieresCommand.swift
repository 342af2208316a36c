import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// `discover-tui premieres [--days N] [--ics | --short]` to a pipe or a file: the series
/// premieres and returning seasons (TVmaze's schedules, `number == 1`, a later season only
/// after a break: `PremiereDays`, `ReturningSeason`) of the next N days in the viewer's country
/// and on streaming, one line an episode with its badges (`NEW`, `S3 ▶`, `FINALE`), each day's
/// series premieres first, a day printed as soon as its schedules (and its later seasons' shows'
/// seasons) have answered; with `--ics` an iCalendar file of them, with `--short` one
/// `YYYY-MM-DD HH:MM  Show  SxxEyy ‘Title’  Network` line each. Offline: the recorded days
/// (January 2024), said on standard error.
enum PremieresCommand {
    /// The days asked for without `--days`.
    static let defaultDays = 14

    /// The days to read and whether they are the recordings: live, `count` days from the
    /// viewer's today; offline, the first `count` recorded days of the newest recorded month.
    /// - Parameters:
    ///   - options: the settings (`--days`; the live sources).
    ///   - clock: the present and the viewer's zone.
    static func days(options: AppOptions, clock: AirClock) -> (days: [CalendarDate], recorded: Bool) {
        let count = options.premiereDays ?? defaultDays
        if TVComposition.liveSources(options).isEmpty {
            let recorded = (try? SnapshotEpisodesWorker.recordedDays(countryCode: nil)) ?? []
            let newest = recorded.last
            return (Array(recorded.filter { $0.year == newest?.year && $0.month == newest?.month }.prefix(count)), true)
        }
        let now = clock.now()
        let today = clock.viewer(now)?.date ?? CalendarDate.utcDay(ofUnixTime: Int(now.timeIntervalSince1970))
        return ((0..<count).map { CivilDays.date(CivilDays.days(today) + $0) }, false)
    }

    /// Runs the command and exits (`ScheduleOutcome`): 0 with lines (or a calendar), 1 when
    /// the days hold no premiere, 3 when no schedule could be read, and
    /// `ScheduleCommands.nothingToExportStatus` (3) for `--ics` with no premiere.
    /// - Parameters:
    ///   - options: the options (`--days`, `--country`, `--json`, `--ics`, `--short`, `--ascii`, `--offline`).
    ///   - schedules: the schedules source (live, or the snapshot's recordings).
    ///   - seasons: the shows' seasons (whether a later season returns after a break); nil to
    ///     ask none.
    ///   - clock: the present and the viewer's zone.
    static func run(options: AppOptions, schedules: any ScheduleWorking, seasons: (any SeasonsWorking)?, clock: AirClock) async -> Never {
        let ascii = options.ascii || !LocaleInfo.isUTF8
        let text = CellText(repertoire: ascii ? .ascii : .unicode)
        let plan = days(options: options, clock: clock)
        if plan.recorded, let first = plan.days.first, let last = plan.days.last {
            StandardStreams.error(line: "offline: the premieres of the recorded schedules, \(first) – \(last)")
        }
        var items: [PremiereDays.Item] = [], failures = 0
        await PremiereDays.fetch(schedules, country: options.country, days: plan.days, recorded: plan.recorded, seasons: seasons) { day in
            guard day.error == nil else {
                failures += 1
                return
            }
            // A calendar is written whole at the end; lines each day as soon as it is known
            // (tab-separated, the header line before the first day's).
            if !options.ics { StandardStreams.output(lines(day, options: options, text: text, ascii: ascii, clock: clock, header: items.isEmpty)) }
            items += day.items
        }
        if failures == plan.days.count && !plan.days.isEmpty {
            DiscoverApp.fail("no schedule could be read for the premieres", status: ScheduleOutcome.couldNotAskStatus)
        }
        if options.ics {
            let events = events(items)
            guard !events.isEmpty else {
                DiscoverApp.fail("no calendar written: no premiere in the \(plan.days.count) days asked", status: ScheduleCommands.nothingToExportStatus)
            }
            let now = Int(clock.now().timeIntervalSince1970.rounded(.down))
            StandardStreams.output(ICalendarWriter.file(events: events, calendarName: "Discover: premieres", stampedAt: now))
        }
        if failures > 0 && !items.isEmpty {
            StandardStreams.error(line: "\(failures) of \(plan.days.count) days could not be read; the others are listed")
        }
        ScheduleOutcome.end(
            found: !items.isEmpty, couldNotAsk: failures > 0 ? "\(failures) of \(plan.days.count) days could not be read, and the others hold no premiere" : nil,
            nothing: "no premiere in the \(plan.days.count) days asked")
    }

    /// One day's lines, in fixed columns each its cap wide, so that the days written one by
    /// one line up (`2024-01-05  NEW           Show  S01E01  Title  Netflix`, a season released
    /// whole on the day followed by `6 episodes, the whole season`); or tab-separated (`--tsv`,
    /// the header line with the first day's); or `--short` lines, or JSON lines.
    /// - Parameter header: true for the first lines written (the tab-separated header).
    private static func lines(
        _ day: Tonight.LoadPremieres.Day, options: AppOptions, text: CellText, ascii: Bool, clock: AirClock, header: Bool = true
    ) -> String {
        var table = PlainTable(columns: [
            .init(name: "date", cap: 10), .init(name: "badge", cap: 12), .init(name: "show", cap: 34), .init(name: "code", cap: 8),
            .init(name: "episode", cap: 34), .init(name: "channel", cap: 30), .init(name: "release", cap: 40)
        ])
        table.widthsAreCaps = true
        var out = ""
        for item in day.items {
            let entry = item.entry
            if options.short {
                out += ScheduleOutcome.shortLine(
                    entry.episode, airstamp: entry.airstamp, show: entry.show.name, network: entry.channelName ?? entry.show.broadcaster?.name,
                    viewer: clock.viewer, text: text)
            } else if options.json {
                struct JSONPremiere: Encodable {
                    let date: String, badge: String, badges: [String], showId: Int, show: String, season: Int, number: Int, name: String, channel: String?
                    let episodes: Int
                }
                let object = JSONPremiere(
                    date: day.date.description, badge: item.badges.first?.kind ?? "", badges: item.badges.map(\.kind),
                    showId: entry.show.id, show: entry.show.name, season: entry.episode.season, number: 1,
                    name: entry.episode.name, channel: entry.channelName, episodes: max(1, item.drop.count))
                if let line = JSONLine.encode(object, asciiOnly: options.ascii) { out += line + "\n" }
            } else {
                // The badges whole (`S12 ▶ FINALE`), and a season released on the day as such.
                let badges = PremiereBadge.text(item.badges, ascii: ascii)
                let numbers = item.drop.compactMap(\.episode.number)
                let drop =
                    item.drop.isEmpty
                    ? nil
                    : "\(item.drop.count) episodes, "
                        + (SeasonDrop.isWholeSeason(numbers, episodeOrder: item.episodeOrder) ? "the whole season" : "E\(numbers.min() ?? 1)–E\(numbers.max() ?? 1)")
                table.append([
                    day.date.description, badges.isEmpty ? nil : badges, entry.show.name, entry.episode.code, EpisodeText.title(entry.episode),
                    entry.channelName, drop
                ])
            }
        }
        if options.short || options.json || day.items.isEmpty { return out }
        return options.tsv ? table.tabSeparated(text, header: header) : table.columnsText(text, missing: "")
    }

    /// One event a premiere: at its air time, else all day on its day; the summary starts with
    /// the badges (`NEW · Show · S01E01 · Title`); the UID is made of the show's and the
    /// episode's ids, so importing the file again updates the same events.
    static func events(_ items: [PremiereDays.Item]) -> [CalendarEvent] {
        items.compactMap { item in
            let entry = item.entry, episode = entry.episode
            let start: Int, allDay: Bool
            if let airstamp = entry.airstamp ?? episode.airstamp {
                (start, allDay) = (Int(airstamp.timeIntervalSince1970.rounded(.down)), false)
            } else if let day = episode.airDate {
                (start, allDay) = (CivilDays.days(day) * 86_400, true)
            } else {
                return nil
            }
            let title = [PremiereBadge.text(item.badges, ascii: false), entry.show.name, episode.code, episode.name]
                .filter { !$0.isEmpty }.joined(separator: " · ")
            return CalendarEvent(
                uid: "show-\(entry.show.id)-episode-\(episode.id)@discover", startsAt: start, isAllDay: allDay,
                durationSeconds: episode.runtimeMinutes.map { $0 * 60 }, summary: title,
                description: episode.summary.isEmpty ? nil : episode.summary.joined(separator: "\n"), location: entry.channelName)
        }
    }
}
