@preconcurrency import Dispatch
import Domain
import FoundationEssentials
import Terminal
import Workers

#if canImport(Glibc)
    import Glibc
#endif

extension TransferCommands {
    /// The client of the import's TVmaze lookups, 30 s a call, and the rate it keeps: TVmaze's
    /// row's client, paced by the row's one pacer like every other TVmaze client of the program.
    /// - Parameters:
    ///   - environment: the environment (the certificate authorities to trust).
    ///   - table: the providers.
    /// - Returns: the client and its rate; nil when the table has no TVmaze row.
    static func lookupClient(environment: [String: String], table: ProviderTable = .standard) -> (client: ResilientHTTPClient, rule: RequestPacer.Rule)? {
        guard let row = table.row(.tvmaze) else { return nil }
        let authorities = CertificateAuthorities.resolve(setting: nil, settingOrigin: "", environment: environment)
        return (row.client(totalSeconds: 30, authorities: authorities), row.rate ?? .tvmaze)
    }

    /// Maps the rows with TVmaze (paced, cached, journalled; not asked at all when `offline`),
    /// showing progress on standard error; Ctrl-C stops it (status 130) with the finished
    /// lookups kept.
    @MainActor
    static func match(
        _ rows: ImportRows, format: ImportFormat, store: any HistoryImporting, base: URL, offline: Bool, environment: [String: String],
        directories: XDGDirectories, text: CellText
    ) async -> ImportPlan {
        guard let lookups = lookupClient(environment: environment) else { DiscoverApp.fail("TVmaze has no row in the provider table", status: 1) }
        let cache = try? ResponseCache.open(environment: environment).get()
        let journalPath = (try? directories.ensure(.cache)).map { $0 + "/" + LookupJournal.fileName }
        let journal = LookupJournal(path: journalPath)
        // The mirror of TVmaze's index first (every show), else the built-in snapshot.
        let catalogue = (try? ShowCatalog.mirroredOrEmbedded(path: MirrorCommand.path(directories)).shows) ?? []
        let terminal = isatty(STDERR_FILENO) == 1
        let ascii = !LocaleInfo.isUTF8
        let now = Int(Date().timeIntervalSince1970)
        let matcher = ShowMatcher(
            client: lookups.client, base: base, journal: journal, cache: cache, catalogue: catalogue, now: now, rule: lookups.rule,
            offline: offline,
            // discover-tui's own export names the store's shows: a TMDB show stays TMDB's.
            keepsTMDBIDs: format == .discover,
            progress: { progress in
                let step = max(1, progress.total / 10)
                if terminal {
                    _ = StandardStreams.write("\r" + progress.line(ascii: ascii) + "\u{1B}[K" + (progress.done == progress.total ? "\n" : ""), to: STDERR_FILENO)
                } else if progress.done % step == 0 || progress.done == progress.total {
                    _ = StandardStreams.write(progress.line(ascii: ascii) + "\n", to: STDERR_FILENO)
                }
            }, recorded: EpisodeLists.embeddedEpisodes)
        // Each part of the rows is let go once matched: a large file's records are not all kept
        // beside the marks, nor beside the plan.
        let result = await InterruptibleWait.run { try await matcher.match(rows) }
        let skipped = rows.skipped
        let matched: ShowMatcher.Result
        // Consumed, so that `matched` alone holds the marks and the plan can filter them in place.
        switch consume result {
        case .success(let value): matched = value
        case .failure(is CancellationError):
            if terminal { _ = StandardStreams.write("\n", to: STDERR_FILENO) }
            DiscoverApp.fail("stopped: nothing was imported; the \(journal.count) lookups finished so far are kept, run the same import again to go on", status: 130)
        case .failure(let error as ShowMatcher.Unreachable):
            if terminal { _ = StandardStreams.write("\n", to: STDERR_FILENO) }
            DiscoverApp.fail(
                text.sanitize(
                    "cannot ask TVmaze (\(error.reason)): nothing was imported"
                        + (journal.count > 0 ? "; the \(journal.count) lookups finished so far are kept" : "")
                        + ". Run the same import again later, or add --offline to import what is known without TVmaze"), status: 3)
        case .failure(let error):
            if terminal { _ = StandardStreams.write("\n", to: STDERR_FILENO) }
            DiscoverApp.fail(text.sanitize(FailureLine.of(error)), status: 1)
        }
        if journal.hadWriteFailure, let journalPath {
            StandardStreams.error(line: text.sanitize("cannot write \(journalPath): a rerun asks TVmaze again"))
        }
        do {
            return ImportPlan(result: consume matched, skipped: skipped, stored: try store.storedHistory())
        } catch {
            DiscoverApp.fail(text.sanitize("\(FailureLine.of(error)); nothing was imported"), status: 1)
        }
    }

    /// What an offline import says of the rows only TVmaze can finish: how many, the shows
    /// they name, and the command that finishes them later. Empty when there are none.
    /// - Parameters:
    ///   - problems: the rows not matched.
    ///   - files: the command's operands (the format, then the files).
    /// - Returns: no line or one.
    static func offlineLines(_ problems: [ImportProblem], files: [String]) -> [String] {
        let waiting = problems.filter(\.needsTVmaze)
        guard !waiting.isEmpty else { return [] }
        var names: [String] = []
        for problem in waiting {
            let ids = problem.record.show
            let name =
                !problem.record.showName.isEmpty
                ? problem.record.showName
                : ids.tvdb.map { "TheTVDB show \($0)" } ?? ids.imdb.map { "IMDb \($0)" } ?? ids.tmdb.map { "TMDB show \($0)" } ?? "a show without a name"
            if !names.contains(name) { names.append(name) }
        }
        let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
        let command = (["discover-tui", "import"] + files).map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
        return [
            "\(ImportProgress.grouped(waiting.count)) \(waiting.count == 1 ? "row needs" : "rows need") TVmaze (\(shown)): "
                + "to finish them later, run online: \(command) --apply"
        ]
    }

    /// `export --json|--csv|--seriesguide [--output PATH] [--offline]`: the store's
    /// favourites, marks, ratings and shows' settings, to standard output or a file, in this
    /// program's format or as SeriesGuide's shows backup (`--offline` changes nothing: an export
    /// reads only the data folder and the lookups' cache).
    @MainActor
    static func runExport(_ arguments: [String], store: any HistoryImporting, directories: XDGDirectories, text: CellText, usage: (String) -> Never) -> Never {
        var json: Bool?
        var seriesGuide = false
        var output: String?
        var words = arguments[...]
        while let next = words.popFirst() {
            switch next {
            case "--json": json = true
            case "--offline": break
            case "--csv": json = false
            case "--seriesguide": seriesGuide = true
            case "--output", "-o":
                guard let path = words.popFirst(), !path.isEmpty else { usage("--output needs a file path") }
                output = path
            default: usage("unknown word '\(next)' of export: discover-tui export --json | --csv | --seriesguide [--output FILE] [--offline]")
            }
        }
        guard (json != nil) != seriesGuide else { usage("export needs one of --json, --csv or --seriesguide") }
        let data: Data
        do {
            let history = try store.storedHistory()
            if seriesGuide {
                // A show's TheTVDB id, which SeriesGuide finds shows by, is what an import's lookups kept.
                let journal = LookupJournal(path: directories.path(.cache).map { $0 + "/" + LookupJournal.fileName })
                let written = try SeriesGuideWriter.shows(history) { ids in ids.tvmaze.flatMap(journal.ids(ofTVmaze:)).map(ids.filled(from:)) ?? ids }
                if !written.leftOut.isEmpty {
                    let names = written.leftOut.prefix(5).joined(separator: ", ") + (written.leftOut.count > 5 ? " and \(written.leftOut.count - 5) more" : "")
                    StandardStreams.error(
                        line: text.sanitize("\(written.leftOut.count) shows left out (no TheTVDB or TMDB id known, which SeriesGuide needs): \(names)"))
                }
                data = written.data
            } else {
                data = json == true ? try DiscoverHistoryFormat.json(history) : DiscoverHistoryFormat.csv(history)
            }
        } catch {
            DiscoverApp.fail(text.sanitize(FailureLine.of(error)), status: 1)
        }
        guard let output else {
            StandardStreams.output(String(decoding: data, as: UTF8.self))
            ProcessExit.now(0)
        }
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            DiscoverApp.fail(text.sanitize("cannot write \(output)"), status: 1)
        }
        ProcessExit.now(0)
    }
}
