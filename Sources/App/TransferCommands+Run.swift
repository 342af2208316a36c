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
        _ batch: ImportBatch, format: ImportFormat, store: any HistoryImporting, base: URL, offline: Bool, environment: [String: String],
        directories: XDGDirectories, text: CellText
    ) async -> ImportPlan {
        guard let lookups = lookupClient(environment: environment) else { DiscoverApp.fail("TVmaze has no row in the provider table", status: 1) }
        let cache = try? ResponseCache.open(environment: environment).get()
        let journalPath = (try? directories.ensure(.cache)).map { $0 + "/" + LookupJournal.fileName }
        let journal = LookupJournal(path: journalPath)
        let catalogue = (try? ShowCatalog.embedded().shows) ?? []
        let terminal = isatty(STDERR_FILENO) == 1
        let ascii = !LocaleInfo.isUTF8
        let now = Int(Date().timeIntervalSince1970)
        let matcher = ShowMatcher(
            client: lookups.client, base: base, journal: journal, cache: cache, catalogue: catalogue, now: now, rule: lookups.rule,
            offline: offline,
            // discover-tui's own export names the store's shows: a TMDB show stays TMDB's.
            keepsTMDBIDs: format == .discover
        ) { progress in
            let step = max(1, progress.total / 10)
            if terminal {
                _ = StandardStreams.write("\r" + progress.line(ascii: ascii) + "\u{1B}[K" + (progress.done == progress.total ? "\n" : ""), to: STDERR_FILENO)
            } else if progress.done % step == 0 || progress.done == progress.total {
                _ = StandardStreams.write(progress.line(ascii: ascii) + "\n", to: STDERR_FILENO)
            }
        }
        let result = await InterruptibleWait.run { try await matcher.match(batch) }
        let matched: ShowMatcher.Result
        switch result {
        case .success(let value): matched = value
        case .failure(is CancellationError):
            if terminal { _ = StandardStreams.write("\n", to: STDERR_FILENO) }
            DiscoverApp.fail("stopped: nothing was imported; the \(journal.count) lookups finished so far are kept, run the same import again to go on", status: 130)
        case .failure(let error):
            if terminal { _ = StandardStreams.write("\n", to: STDERR_FILENO) }
            DiscoverApp.fail(text.sanitize(FailureLine.of(error)), status: 1)
        }
        if journal.hadWriteFailure, let journalPath {
            StandardStreams.error(line: text.sanitize("cannot write \(journalPath): a rerun asks TVmaze again"))
        }
        do {
            return ImportPlan(result: matched, skipped: batch.skipped, stored: try store.storedHistory())
        } catch {
            DiscoverApp.fail(text.sanitize("\(FailureLine.of(error)); nothing was imported"), status: 1)
        }
    }

    /// `export --json|--csv [--output PATH] [--offline]`: the store's favourites, marks,
    /// ratings and shows' settings, to standard output or a file (`--offline` changes nothing:
    /// an export reads only the data folder).
    @MainActor
    static func runExport(_ arguments: [String], store: any HistoryImporting, text: CellText, usage: (String) -> Never) -> Never {
        var json: Bool?
        var output: String?
        var words = arguments[...]
        while let next = words.popFirst() {
            switch next {
            case "--json": json = true
            case "--offline": break
            case "--csv": json = false
            case "--output", "-o":
                guard let path = words.popFirst(), !path.isEmpty else { usage("--output needs a file path") }
                output = path
            default: usage("unknown word '\(next)' of export: discover-tui export --json | --csv [--output FILE] [--offline]")
            }
        }
        guard let json else { usage("export needs --json or --csv") }
        let data: Data
        do {
            let history = try store.storedHistory()
            data = json ? try DiscoverHistoryFormat.json(history) : DiscoverHistoryFormat.csv(history)
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
