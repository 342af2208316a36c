import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// `discover-tui tonight` and `discover-tui upcoming` with output to a pipe or file: the Tonight
/// scene's lists as plain text (its Presenter's rows, aligned in terminal cells), JSON lines
/// (`--json`, values as the source sent them), or for `upcoming --ics` an iCalendar file.
enum ScheduleCommands {
    /// Captures what the Presenter shows.
    @MainActor
    final class Capture: TonightDisplayLogic {
        var schedule: Tonight.LoadSchedule.ViewModel?
        var upcoming: Tonight.LoadUpcoming.ViewModel?
        func displaySchedule(viewModel: Tonight.LoadSchedule.ViewModel) { schedule = viewModel }
        func displayUpcoming(viewModel: Tonight.LoadUpcoming.ViewModel) { upcoming = viewModel }
        func displayPremieres(viewModel: Tonight.LoadPremieres.ViewModel) {}
    }

    /// One line of `discover-tui tonight --json`.
    struct JSONEntry: Encodable {
        let airstamp: String?
        let local: String
        let showId: Int
        let show: String
        let episodeId: Int
        let season: Int
        let number: Int?
        let episode: String
        let channel: String?
        let web: Bool
    }

    /// One line of `discover-tui upcoming --json`.
    struct JSONUpcoming: Encodable {
        let showId: Int
        let show: String
        let airstamp: String?
        let airdate: String?
        let local: String?
        let countdown: String?
        let season: Int?
        let number: Int?
        let episode: String?
        let error: String?
    }

    /// `2020-12-02T01:00:00Z`.
    static func isoUTC(_ date: Date) -> String {
        let text = ICalendarWriter.utcDateTime(Int(date.timeIntervalSince1970.rounded(.down)))
        let c = Array(text)
        return String(c[0..<4]) + "-" + String(c[4..<6]) + "-" + String(c[6..<8]) + "T" + String(c[9..<11]) + ":" + String(c[11..<13]) + ":" + String(c[13..<15]) + "Z"
    }

    /// Prints a day's schedules and exits: 0, or 1 when no schedule could be read. When `auto`
    /// gave TVmaze up, standard error says why in one line once the list is written.
    /// - Parameter reasons: why each live source was given up (the sources' switches).
    @MainActor
    static func runTonight(
        options: AppOptions, schedules: any ScheduleWorking, clock: AirClock,
        reasons: @escaping @Sendable () async -> [SourceError] = { [] }
    ) async -> Never {
        let text = CellText(repertoire: options.ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
        let date = options.scheduleDate ?? clock.viewer(clock.now())?.date ?? CalendarDate.unixEpoch
        let country = options.country
        let result = await Caught.result { await DaySchedule.fetch(schedules, country: country, date: date) }
        guard case .success(let found?) = result else { DiscoverApp.fail("the command was interrupted", status: 1) }
        if found.sources.isEmpty, let error = found.error {
            DiscoverApp.fail(CellText(repertoire: .ascii).sanitize(ShowFormatting.error(error)), status: 1)
        }
        let capture = Capture()
        let presenter = TonightPresenter(clock: clock)
        presenter.viewController = capture
        presenter.presentSchedule(response: Tonight.LoadSchedule.Response(found))
        guard let model = capture.schedule else { DiscoverApp.fail("the schedule could not be shown", status: 1) }
        if options.json {
            let lines = found.entries.compactMap { entry -> String? in
                let local = entry.airstamp.flatMap(clock.viewer).map { $0.date.description + " " + AirTimeText.clock($0) } ?? ShowFormatting.missing
                let object = JSONEntry(
                    airstamp: entry.airstamp.map(isoUTC), local: local, showId: entry.show.id, show: entry.show.name,
                    episodeId: entry.episode.id, season: entry.episode.season, number: entry.episode.number,
                    episode: entry.episode.name, channel: entry.channelName, web: entry.isWeb)
                return JSONLine.encode(object, asciiOnly: text.repertoire == .ascii).map { $0 + "\n" }
            }
            StandardStreams.output(lines.joined())
        } else if options.tsv {
            StandardStreams.output(rows(model.rows, text: text, countdown: false, tsv: true))
        } else {
            var out = "# \(text.sanitize(model.title)). \(text.sanitize(model.sourceLabel)). \(ShowFormatting.credit(for: found.sources.first?.source))\n"
            out += rows(model.rows, text: text, countdown: false)
            if let empty = model.emptyMessage { out += empty + "\n" }
            StandardStreams.output(out)
        }
        if let asked = options.scheduleDate, let shown = found.sources.first?.date, shown != asked, found.sources.allSatisfy({ !$0.source.isFromNetwork }) {
            StandardStreams.error(line: TonightPresenter.notRecordedNote(asked: asked, shown: shown))
        }
        if let error = found.error {
            StandardStreams.error(line: CellText(repertoire: .ascii).sanitize(ShowFormatting.error(error)) + "; the rest is listed")
        }
        let given = await reasons()
        FallbackNotice.say(given, instead: "listing the \(found.sources.first.map { ShowFormatting.source($0.source) } ?? "recorded schedules")")
        ProcessExit.now(0)
    }

    /// The rows in fixed columns (`PlainTable`), each column as wide as its widest cell over
    /// the whole list, capped, so that a long name never pushes the next column along; a row
    /// that starts a day group is preceded by its heading. Tab-separated (`tsv`), a header line
    /// first and the day a column of each row instead of a heading.
    @MainActor
    static func rows(_ rows: [Tonight.Row], text: CellText, countdown: Bool, tsv: Bool = false) -> String {
        var table = PlainTable(
            columns: [
                .init(name: "day", cap: 40, onlyTabSeparated: true), .init(name: "time", cap: 16), .init(name: "countdown", cap: 24),
                .init(name: "show", cap: 34), .init(name: "code", cap: 12), .init(name: "episode", cap: 34), .init(name: "channel", cap: 30)
            ].filter { countdown || $0.name != "countdown" })
        table.indent = countdown ? "  " : ""
        var day: String?
        for row in rows {
            if let heading = row.dayHeading {
                if day != nil { table.append(text: "") }
                table.append(text: heading)
                day = heading
            }
            let cells = [day, row.time] + (countdown ? [row.countdown] : []) + [row.show, row.episodeCode, row.episodeName, row.channel]
            table.append(cells.map { $0?.isEmpty == false ? $0 : nil })
        }
        return table.rendered(tabSeparated: tsv, text: text, missing: "")
    }

    /// The exit status of `upcoming --ics` when there is no event to put in a calendar: no
    /// file is written (RFC 5545 §3.4 and §3.6 require a calendar to hold at least one
    /// component, so an empty one is refused by strict importers), and standard error says why.
    static let nothingToExportStatus: Int32 = 3

    /// Prints the favourites' next episodes (or their iCalendar file) and exits: 0, or
    /// `nothingToExportStatus` (3) for `--ics` with no event, standard output left empty and
    /// the reason on standard error. When `auto` gave TVmaze up, standard error says why in
    /// one line.
    /// - Parameter reasons: why each live source was given up (the sources' switches).
    @MainActor
    static func runUpcoming(
        options: AppOptions, environment: [String: String], episodes: @escaping @Sendable (String) -> (any EpisodesWorking)?,
        clock: AirClock, reasons: @escaping @Sendable () async -> [SourceError] = { [] }
    ) async -> Never {
        let text = CellText(repertoire: options.ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
        let worker = FavouritesWorker(environment: environment)
        let result = await Caught.result { () -> (UpcomingEpisodes?, String?) in
            let state = await worker.load()
            return (await UpcomingEpisodes.fetch(state.favourites, episodes: episodes), state.notice)
        }
        guard case .success((let found?, let notice)) = result else { DiscoverApp.fail("the command was interrupted", status: 1) }
        if let notice { StandardStreams.error(line: CellText(repertoire: .ascii).sanitize(notice)) }
        let capture = Capture()
        let presenter = TonightPresenter(clock: clock)
        presenter.viewController = capture
        presenter.presentUpcoming(response: found)
        guard let model = capture.upcoming else { DiscoverApp.fail("the list could not be shown", status: 1) }
        let given = await reasons()
        let fallbackLine = FallbackNotice.line(given, instead: "the offline snapshot cannot tell what airs next")
        if options.ics {
            let calendarEvents = events(found.items)
            guard !calendarEvents.isEmpty else {
                // A calendar with no component is not valid iCalendar: nothing is written.
                let why = fallbackLine ?? model.emptyMessage ?? model.message ?? "no favourite show has a next episode with a date"
                DiscoverApp.fail("no calendar written: " + CellText(repertoire: .ascii).sanitize(why), status: nothingToExportStatus)
            }
            let now = Int(clock.now().timeIntervalSince1970.rounded(.down))
            StandardStreams.output(ICalendarWriter.file(events: calendarEvents, calendarName: "Discover: upcoming episodes", stampedAt: now))
            // The calendar is valid; why shows are missing from it is said beside it.
            if let fallbackLine {
                StandardStreams.error(line: fallbackLine)
            } else if found.unsupported > 0, let why = model.message {
                StandardStreams.error(line: CellText(repertoire: .ascii).sanitize(why))
            }
            ProcessExit.now(0)
        }
        if options.json {
            let lines = found.items.compactMap { item -> String? in
                let wall = item.next?.airstamp.flatMap(clock.viewer)
                let row = model.rows.first { $0.id == Tonight.upcomingRowID(item) }
                let object = JSONUpcoming(
                    showId: item.show.id, show: item.show.name, airstamp: item.next?.airstamp.map(isoUTC),
                    airdate: item.next?.airDate?.description, local: wall.map { $0.date.description + " " + AirTimeText.clock($0) },
                    countdown: row?.countdown.isEmpty == false ? row?.countdown : nil, season: item.next?.season,
                    number: item.next?.number, episode: item.next?.name, error: item.error.map(ShowFormatting.error))
                return JSONLine.encode(object, asciiOnly: text.repertoire == .ascii).map { $0 + "\n" }
            }
            StandardStreams.output(lines.joined())
        } else if options.tsv {
            StandardStreams.output(rows(model.rows, text: text, countdown: true, tsv: true))
        } else {
            var out = "# \(text.sanitize(model.title)). \(ShowFormatting.credit(for: nil))\n"
            out += rows(model.rows, text: text, countdown: true)
            if let empty = model.emptyMessage { out += empty + "\n" }
            if let message = model.message, !found.isLoading { out += "# " + text.sanitize(message) + "\n" }
            StandardStreams.output(out)
        }
        if let fallbackLine { StandardStreams.error(line: fallbackLine) }
        ProcessExit.now(0)
    }

    /// One event per next episode with an air time (a whole-day event when only its day is
    /// known); the UID is made of the show's and the episode's ids, so importing the file again
    /// updates the same events.
    static func events(_ items: [UpcomingEpisodes.Item]) -> [CalendarEvent] {
        items.compactMap { item in
            guard let next = item.next else { return nil }
            let start: Int, allDay: Bool
            if let airstamp = next.airstamp {
                (start, allDay) = (Int(airstamp.timeIntervalSince1970.rounded(.down)), false)
            } else if let day = next.airDate {
                (start, allDay) = (CivilDays.days(day) * 86_400, true)
            } else {
                return nil
            }
            let title = [item.show.name, next.code, next.name].filter { !$0.isEmpty }.joined(separator: " · ")
            return CalendarEvent(
                uid: "show-\(item.show.id)-episode-\(next.id)@discover", startsAt: start, isAllDay: allDay,
                durationSeconds: next.runtimeMinutes.map { $0 * 60 }, summary: title,
                description: next.summary.isEmpty ? nil : next.summary.joined(separator: "\n"))
        }
    }
}
