import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// `discover-tui continue` and `discover-tui watched SHOW [--season N]` to a pipe or a file:
/// plain lines (or `--json`, one object a line) from the watched-episodes database.
enum WatchedCommands {
    /// One `continue --json` line.
    struct JSONContinue: Encodable {
        let provider: String
        let showId: Int
        let show: String
        let watched: Int
        let episodes: Int?
        let lastWatched: String
        let nextSeason: Int?
        let nextNumber: Int?
        let nextName: String?
        let left: Int?
        let nextAirdate: String?
        let problem: String?
        /// True on a new round: every aired counted episode watched, and some again.
        let rewatching: Bool
        /// The person's rating of the show, 1–10; absent when not rated.
        let rating: Int?
    }

    /// Runs a command and exits: 0 with its lines, 1 when the store or the show cannot be
    /// read (standard error says why).
    /// - Parameters:
    ///   - command: which command.
    ///   - options: the options (`--json`, `--ascii`).
    ///   - environment: the environment (the data folder).
    ///   - episodes: the episodes source for a provider's ids.
    ///   - clock: the present and the viewer's zone.
    static func run(
        _ command: WatchedCommand, options: AppOptions, environment: [String: String],
        episodes live: @escaping @Sendable (String) -> (any EpisodesWorking)?, clock: AirClock
    ) async -> Never {
        // Offline (or TVmaze given up), TVmaze's ids are the snapshot's: its recorded lists.
        let snapshot = SnapshotEpisodesWorker()
        let episodes: @Sendable (String) -> (any EpisodesWorking)? = { provider in
            live(provider) ?? (provider == ProviderName.tvmaze.name ? snapshot : nil)
        }
        let text = CellText(repertoire: options.ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
        let worker = WatchedWorker(environment: environment)
        let now = clock.now()
        let result = await Caught.result { await ContinueItems.fetch(watched: worker, episodes: episodes, now: now) }
        guard case .success(let fetched) = result else { DiscoverApp.fail("the command was interrupted", status: 1) }
        if let notice = fetched.notice { StandardStreams.error(line: CellText(repertoire: .ascii).sanitize(notice)) }
        let today = clock.viewer(now)?.date ?? CalendarDate.utcDay(ofUnixTime: Int(now.timeIntervalSince1970))
        let day: (Episode) -> CalendarDate? = { AirTimeText.viewerDay($0, viewer: clock.viewer) }
        switch command {
        case .continueList:
            var out = ""
            // Text: the show in a column as wide as the longest name (at most 40 cells), then
            // where it stands; tab-separated, the values the JSON lines give.
            var table = PlainTable(columns: [
                .init(name: "show", cap: 40), .init(name: "next", cap: 80), .init(name: "watched", cap: 6, onlyTabSeparated: true),
                .init(name: "episodes", cap: 6, onlyTabSeparated: true), .init(name: "nextCode", cap: 8, onlyTabSeparated: true),
                .init(name: "nextName", cap: 40, onlyTabSeparated: true), .init(name: "left", cap: 6, onlyTabSeparated: true),
                .init(name: "nextAirdate", cap: 10, onlyTabSeparated: true), .init(name: "lastWatched", cap: 20, onlyTabSeparated: true)
            ])
            for item in fetched.items {
                if options.json {
                    let p = item.progress
                    let object = JSONContinue(
                        provider: item.summary.show.provider, showId: item.summary.show.id, show: item.summary.name,
                        watched: item.summary.markCount, episodes: p?.totalCount,
                        lastWatched: ScheduleCommands.isoUTC(Date(timeIntervalSince1970: Double(item.summary.lastMarkedAt))),
                        nextSeason: p?.nextUnwatched?.season, nextNumber: p?.nextUnwatched?.number, nextName: p?.nextUnwatched?.name,
                        left: p?.leftCount, nextAirdate: p?.nextUnaired.flatMap(day)?.description, problem: item.problem,
                        rewatching: p?.isRewatching ?? false, rating: item.summary.rating?.value)
                    guard let line = JSONLine.encode(object, asciiOnly: options.ascii) else { continue }
                    out += line + "\n"
                } else {
                    let p = item.progress
                    table.append([
                        item.summary.name, ContinueItems.line(item, today: today, day: day), String(item.summary.markCount),
                        p.map { String($0.totalCount) }, p?.nextUnwatched?.code, p?.nextUnwatched?.name, p.map { String($0.leftCount) },
                        p?.nextUnaired.flatMap(day)?.description,
                        ScheduleCommands.isoUTC(Date(timeIntervalSince1970: Double(item.summary.lastMarkedAt)))
                    ])
                }
            }
            if !options.json { out = table.rendered(tabSeparated: options.tsv, text: text) }
            StandardStreams.output(out)
            ProcessExit.now(0)
        case .progress(let target, let season):
            let folded = SearchFolding.fold(target)
            guard
                let item = fetched.items.first(where: { String($0.summary.show.id) == target || SearchFolding.fold($0.summary.name) == folded })
                    ?? fetched.items.first(where: { SearchFolding.fold($0.summary.name).contains(folded) })
            else {
                DiscoverApp.fail("no watched episode of '\(CellText(repertoire: .ascii).sanitize(target))': mark some in the episode guide (e, then w or W)", status: 1)
            }
            guard let progress = item.progress else {
                DiscoverApp.fail(CellText(repertoire: .ascii).sanitize(item.summary.name + ": " + (item.problem ?? "episode list unknown")), status: 1)
            }
            var out = text.sanitize(item.summary.name + " · " + ShowDetailPresenter.progressLine(progress)) + "\n"
            if let season {
                let list = await Caught.result { try? await episodes(item.summary.show.provider)?.episodes(showID: item.summary.show.id) }
                let marks = await Caught.result { await worker.marks(of: item.summary.show) }
                guard case .success(let episodesList?) = list, case .success(let marked) = marks,
                    let listed = episodesList.seasons.first(where: { $0.number == season })
                else {
                    DiscoverApp.fail("\(CellText(repertoire: .ascii).sanitize(item.summary.name)) has no season \(season) in this source", status: 1)
                }
                let keys = Set(marked.value.map { SeasonAndNumber(season: $0.key.season, number: $0.key.number) })
                let mark = options.ascii || !LocaleInfo.isUTF8 ? "x" : "✓"
                for episode in listed.episodes {
                    let watched = episode.number.map { keys.contains(SeasonAndNumber(season: season, number: $0)) } ?? false
                    out += text.sanitize((watched ? mark : " ") + " " + episode.code + "  " + EpisodeText.title(episode)) + "\n"
                }
            }
            StandardStreams.output(out)
            ProcessExit.now(0)
        }
    }
}
