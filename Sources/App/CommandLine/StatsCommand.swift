import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

#if canImport(Glibc)
    import Glibc
#endif

/// `discover-tui stats [--year YYYY] [--json]`: a year of the person's viewing from the
/// watched-episodes database, with no account and no server (the shows' facts from the
/// snapshot and the response cache, never the network). `--json` writes one object
/// (`StatsJSON`); in a pipe, plain text with the year's grid; on a terminal, the full screen on
/// the Stats scene over Favourites.
struct StatsCommand: AsyncCommand {
    /// The parsed settings.
    let options: AppOptions
    /// The environment (the data and cache folders).
    let environment: [String: String]
    /// The shows' sources (the snapshot's catalogue; the full screen's sources).
    let setup: ShowSetup
    /// The present and the viewer's zone.
    let clock: AirClock

    /// Prints the figures, or runs the full screen, and exits.
    func run() async -> Never {
        guard options.json || isatty(1) == 0 else {
            await FullScreenCommand(options: options, environment: environment, setup: setup).run()
        }
        let snapshot = setup.snapshot
        // The catalogue (genres, networks) is read on another core while the store is.
        Task.detached(priority: .userInitiated) { await snapshot.prefetch() }
        let facts = StatsComposition.facts(options: options, environment: environment, catalog: { try await snapshot.loadedCatalog() })
        let year = options.statsYear ?? StatsReport.currentYear(now: clock.now(), viewer: clock.viewer)
        let worker = WatchedWorker(environment: environment)
        let now = clock.now(), viewer = clock.viewer
        let result = await Caught.result { await StatsReport.fetch(year: year, watched: worker, facts: facts, now: now, viewer: viewer) }
        guard case .success(let answer) = result else { DiscoverApp.fail("the command was interrupted", status: 1) }
        if let notice = answer.notice { StandardStreams.error(line: CellText(repertoire: .ascii).sanitize(notice)) }
        if options.json {
            guard let line = JSONLine.encode(StatsJSON(answer.stats), asciiOnly: options.ascii) else { DiscoverApp.fail("the figures could not be written as JSON", status: 1) }
            StandardStreams.output(line + "\n")
            ProcessExit.now(0)
        }
        let today = viewer(now)?.date ?? CalendarDate.utcDay(ofUnixTime: Int(now.timeIntervalSince1970))
        let response = Stats.LoadYear.Response(year: year, stats: answer.stats, isLoading: false, today: today, credits: answer.credits)
        let text = CellText(repertoire: options.ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
        StandardStreams.output(Self.plainText(StatsPresenter.viewModel(response), text: text))
        ProcessExit.now(0)
    }

    /// The figures as plain lines: the title, the summary, the grid (one character a day), the
    /// top lists, the ratings, the credit; every line sanitised.
    /// - Parameters:
    ///   - vm: the year's view model.
    ///   - text: the sanitiser of the output's repertoire.
    static func plainText(_ vm: Stats.LoadYear.ViewModel, text: CellText) -> String {
        var lines = [vm.title] + vm.summary
        if let empty = vm.emptyMessage { lines.append(empty) }
        if let grid = vm.grid { lines += [""] + grid.lines(repertoire: text.repertoire) }
        if !vm.columns.isEmpty { lines.append("") }
        for column in vm.columns {
            lines.append("Top " + column.title.lowercased() + ": " + column.rows.map { $0.name + " " + $0.count }.joined(separator: " · "))
        }
        if !vm.ratingCounts.isEmpty {
            lines += ["", "Your ratings, 1 to 10: " + vm.ratingCounts.map(String.init).joined(separator: " ")]
            if let line = vm.ratingsLine { lines.append(line) }
        }
        if !vm.credit.isEmpty { lines += ["", vm.credit] }
        return lines.map(text.sanitize).joined(separator: "\n") + "\n"
    }
}
