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
        func displayWatched(viewModel: Tonight.WatchedMessage.ViewModel) {}
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

    /// Prints a day's schedules and exits (`ScheduleOutcome`): 0 with episodes, 1 when the
    /// schedules hold none, 3 when no schedule could be read. `--short` prints one line an
    /// episode and no header. When `auto` gave TVmaze up, standard error says why in one line
    /// once the list is written.
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
            DiscoverApp.fail(
                "no schedule could be read: " + CellText(repertoire: .ascii).sanitize(ShowFormatting.error(error)), status: ScheduleOutcome.couldNotAskStatus)
        }
        let capture = Capture()
        let presenter = TonightPresenter(clock: clock)
        presenter.viewController = capture
        presenter.presentSchedule(response: Tonight.LoadSchedule.Response(found))
        guard let model = capture.schedule else { DiscoverApp.fail("the schedule could not be shown", status: 1) }
        if options.short {
            StandardStreams.output(
                found.entries.map { entry in
                    ScheduleOutcome.shortLine(
                        entry.episode, airstamp: entry.airstamp, show: entry.show.name, network: entry.channelName ?? entry.show.broadcaster?.name,
                        viewer: clock.viewer, text: text)
                }.joined())
        } else if options.json {
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
        let day = found.sources.first?.date ?? date
        ScheduleOutcome.end(found: !found.entries.isEmpty, couldNotAsk: nil, nothing: "nothing is scheduled on \(day) in \(country) or on streaming")
    }

    /// The rows in fixed columns (`PlainTable`), each column as wide as its widest cell over
    /// the whole list, capped, so that a long name never pushes the next column along; a row
    /// that starts a day group is preceded by its heading, and a folded row (a season released
    /// on one day) is printed as its episodes, one a line, the first under its heading.
    /// Tab-separated (`tsv`), a header line first and the day a column of each row instead of
    /// a heading.
    @MainActor
    static func rows(_ rows: [Tonight.Row], text: CellText, countdown: Bool, tsv: Bool = false) -> String {
        var table = PlainTable(
            columns: [
                .init(name: "day", cap: 40, onlyTabSeparated: true), .init(name: "time", cap: 16), .init(name: "countdown", cap: 24),
                .init(name: "show", cap: 34), .init(name: "code", cap: 12), .init(name: "episode", cap: 34), .init(name: "channel", cap: 30)
            ].filter { countdown || $0.name != "countdown" })
        table.indent = countdown ? "  " : ""
        var day: String?
        var carried: String?
        for row in rows {
            guard row.opens == 0 else {
                carried = row.dayHeading ?? carried
                continue
            }
            if let heading = row.dayHeading ?? carried {
                if day != nil { table.append(text: "") }
                table.append(text: heading)
                day = heading
            }
            carried = nil
            let cells = [day, row.time] + (countdown ? [row.countdown] : []) + [row.show, row.episodeCode, row.episodeName, row.channel]
            table.append(cells.map { $0?.isEmpty == false ? $0 : nil })
        }
        return table.rendered(tabSeparated: tsv, text: text, missing: "")
    }

    /// The exit status of `upcoming --ics` when there is no event to put in a calendar: no
    /// file is written (RFC 5545 §3.4 and §3.6 require a calendar to hold at least one
    /// component, so an empty one is refused by strict importers), and standard error says why.
    static let nothingToExportStatus: Int32 = 3

    /// Prints the favourites' next episodes (or their iCalendar file) and exits
    /// (`ScheduleOutcome`): 0 with a next episode, 1 when none is announced (or, `--today`,
    /// none airs today) or there is no favourite show, 3 when no show could be asked (offline
    /// the snapshot cannot tell) and, for `--ics`, `nothingToExportStatus` (3) with no event,
    /// standard output left empty. Standard error says why. `--short` prints one line an
    /// episode; `--today` keeps today's. When `auto` gave TVmaze up, standard error says why in
    /// one line.
    /// - Parameter reasons: why each live source was given up (the sources' switches).
    @MainActor
    static func runUpcoming(
        options: AppOptions, environment: [String: String], episodes: @escaping @Sendable (String) -> (any EpisodesWorking)?,
        clock: AirClock, reasons: @escaping @Sendable () async -> [SourceError] = { [] }
    ) async -> Never {
        let text = CellText(repertoire: options.ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
        let worker = FavouritesWorker(environment: environment)
        let result = await Caught.result { () -> (UpcomingEpisodes?, String?, Int) in
            let state = await worker.load()
            let shows = state.favourites.filter { $0.key.kind == .show }.count
            return (await UpcomingEpisodes.fetch(state.favourites, episodes: episodes), state.notice, shows)
        }
        guard case .success((let fetched?, let notice, let favouriteShows)) = result else { DiscoverApp.fail("the command was interrupted", status: 1) }
        if let notice { StandardStreams.error(line: CellText(repertoire: .ascii).sanitize(notice)) }
        let found = options.today ? today(fetched, clock: clock) : fetched
        let capture = Capture()
        let presenter = TonightPresenter(clock: clock)
        presenter.viewController = capture
        presenter.presentUpcoming(response: .init(found))
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
        if options.short {
            StandardStreams.output(
                found.items.sorted { ($0.next?.airstamp ?? .distantFuture, $0.show.name) < ($1.next?.airstamp ?? .distantFuture, $1.show.name) }
                    .compactMap { item in
                        item.next.map { ScheduleOutcome.shortLine($0, show: item.show.name, network: nil, viewer: clock.viewer, text: text) }
                    }.joined())
        } else if options.json {
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
        let failed = fetched.items.filter { $0.error != nil }
        let announced = found.items.contains { $0.next != nil }
        var couldNotAsk: String?
        if let first = failed.first?.error {
            couldNotAsk =
                (failed.count == fetched.items.count ? "no favourite show could be asked: " : "\(failed.count) of \(fetched.items.count) favourite shows could not be asked: ")
                + ShowFormatting.error(first)
        } else if fetched.items.isEmpty && fetched.unsupported > 0 {
            couldNotAsk = fallbackLine ?? "the offline snapshot cannot tell what airs next: the next episodes need a live source (TVmaze, or TMDB with a key)"
        }
        // The fallback's line once: as the reason for status 3 when it is that.
        if let fallbackLine, announced || couldNotAsk != fallbackLine { StandardStreams.error(line: fallbackLine) }
        if announced, let couldNotAsk, !failed.isEmpty, options.short || options.json {
            StandardStreams.error(line: CellText(repertoire: .ascii).sanitize(couldNotAsk))
        }
        ScheduleOutcome.end(
            found: announced, couldNotAsk: couldNotAsk,
            nothing: favouriteShows == 0
                ? "no favourite shows yet: press f on a show to add it"
                : options.today ? "none of your favourite shows has an episode today" : "no favourite show has a next episode announced")
    }

    /// The favourites' next episodes that air today in the viewer's zone (`--today`).
    static func today(_ found: UpcomingEpisodes, clock: AirClock) -> UpcomingEpisodes {
        let today = clock.viewer(clock.now())?.date
        let items = found.items.filter { item in
            item.next.flatMap { AirTimeText.viewerDay($0, viewer: clock.viewer) } == today && today != nil
        }
        return UpcomingEpisodes(items: items, isLoading: found.isLoading, unsupported: found.unsupported)
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
