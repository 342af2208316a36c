@preconcurrency import Dispatch
import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

#if canImport(Glibc)
    import Glibc
#endif

/// `discover-tui mirror [--api-base URL]`: TVmaze's whole show index kept in the data folder
/// (`MirrorStore`), read page by page through TVmaze's row's client and pacer (`MirrorRun`).
/// Progress goes to standard error: a bar on a terminal, a line a page otherwise; the last line,
/// on standard output, says what the mirror holds. Exit status: 0 done, 1 the file cannot be
/// written, 2 a usage error, 3 TVmaze could not be asked (the pages done are kept; a whole
/// mirror stays as it was), 130 stopped.
enum MirrorCommand {
    /// The mirror's path in the data folder, or nil when there is no data folder.
    /// - Parameter directories: the app's folders.
    static func path(_ directories: XDGDirectories) -> String? {
        directories.path(.data).map { $0 + "/" + MirrorStore.fileName }
    }

    /// Runs the command and ends the process.
    /// - Parameters:
    ///   - arguments: the words after `mirror`.
    ///   - environment: the environment (`DISCOVER_TVMAZE_URL`, the XDG folders, certificates).
    ///   - directories: the app's folders.
    @MainActor
    static func run(_ arguments: [String], environment: [String: String], directories: XDGDirectories) async -> Never {
        let text = CellText(repertoire: LocaleInfo.isUTF8 ? .unicode : .ascii)
        func usage(_ message: String) -> Never {
            DiscoverApp.fail(text.sanitize(message) + "\nTry 'discover-tui help mirror'.", status: 2)
        }
        var base = environment["DISCOVER_TVMAZE_URL"].flatMap { URL(string: $0) } ?? TVmazeShowsWorker.defaultBaseURL
        var words = arguments[...]
        while let next = words.popFirst() {
            switch next {
            case "--help", "-h":
                StandardStreams.output(HelpText.commandHelp("mirror") + "\n")
                ProcessExit.now(0)
            case "--api-base":
                guard let value = words.popFirst(), let url = URL(string: value), url.scheme == "http" || url.scheme == "https" else {
                    usage("--api-base needs an http or https URL")
                }
                base = url
            default: usage("discover-tui mirror takes only --api-base URL (got '\(next)')")
            }
        }
        guard let base, let lookups = TransferCommands.lookupClient(environment: environment) else {
            DiscoverApp.fail("TVmaze has no base URL or no row in the provider table", status: 1)
        }
        let folder: String
        do {
            folder = try directories.ensure(.data)
        } catch {
            DiscoverApp.fail(text.sanitize("cannot make the data folder: \(FailureLine.of(error))"), status: 1)
        }
        let path = folder + "/" + MirrorStore.fileName
        // One run at a time: a second would ask TVmaze for every page again.
        let lock: MirrorLock
        do {
            lock = try MirrorLock.take(path: path)
        } catch {
            switch error {
            case .held: DiscoverApp.fail(text.sanitize("another discover-tui mirror run is going on (\(path)); try again when it ends"), status: 1)
            case .unusable(let reason): DiscoverApp.fail(text.sanitize("cannot lock \(path).lock: \(reason)"), status: 1)
            }
        }
        defer { lock.release() }
        let terminal = isatty(STDERR_FILENO) == 1
        let ascii = !LocaleInfo.isUTF8
        let worker = TVmazeIndexWorker(baseURL: base, http: lookups.client)
        let started = ContinuousClock.now
        let yours = yourShows(folder: folder)
        let result = await InterruptibleWait.run { () async throws -> (MirrorRun.Outcome, Int, Int) in
            let store = try MirrorStore(path: path, writable: true)
            let run = MirrorRun(worker: worker, now: { Int(time(nil)) })
            var line = MirrorProgressLine(ascii: ascii, started: started)
            let say = { (event: MirrorRun.Event) in
                let said = line.say(event, bar: terminal)
                if terminal {
                    // Cut to the terminal's width, read at each draw, so that the line never
                    // wraps and each draw takes the last one's place.
                    _ = StandardStreams.write("\r" + text.truncate(said, toCells: Self.columns() - 1) + "\u{1B}[K", to: STDERR_FILENO)
                } else {
                    _ = StandardStreams.write(said + "\n", to: STDERR_FILENO)
                }
            }
            let outcome = try await run.run(store: store, progress: say)
            // The favourite and started shows' episode lists, for offline, with the mirror.
            let lists = try await run.keepEpisodeLists(store: store, showIDs: yours, progress: say)
            return (outcome, try store.pagesDone().count, lists)
        }
        if terminal { _ = StandardStreams.write("\r\u{1B}[K", to: STDERR_FILENO) }
        let kept = { () -> String in
            let store = try? MirrorStore(path: path, writable: false)
            // A whole mirror whose refresh failed stays the one every list reads.
            if let store, let fresh = (try? store.freshAt()) ?? nil {
                let shows = ImportProgress.grouped((try? store.count()) ?? 0)
                return "the mirror of \(CalendarDate.utcDay(ofUnixTime: fresh)) (\(shows) shows) is unchanged; run discover-tui mirror again later"
            }
            let pages = (try? store?.pagesDone().count ?? 0) ?? 0
            guard pages > 0 else { return "nothing was kept; run discover-tui mirror again later" }
            return (pages == 1 ? "the 1 page done is kept" : "the \(pages) pages done are kept") + "; run discover-tui mirror again to go on"
        }
        switch result {
        case .success(let (outcome, pages, lists)):
            let episodes = lists > 0 ? "; \(lists) episode \(lists == 1 ? "list" : "lists") of your favourite and started shows" : ""
            StandardStreams.output(text.sanitize(summary(outcome, pages: pages, path: path) + episodes) + "\n")
            ProcessExit.now(0)
        case .failure(is CancellationError):
            DiscoverApp.fail(text.sanitize("stopped: \(kept())"), status: 130)
        case .failure(let error as SourceError):
            DiscoverApp.fail(text.sanitize("cannot ask TVmaze: \(ShowFormatting.error(error)); \(kept())"), status: 3)
        case .failure(let error as MirrorStoreError):
            DiscoverApp.fail(text.sanitize(error.line), status: 1)
        case .failure(let error):
            DiscoverApp.fail(text.sanitize(FailureLine.of(error)), status: 1)
        }
    }

    /// Standard error's terminal's width in cells now (`TIOCGWINSZ`), or 80 when it cannot be read.
    static func columns() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 1 else { return 80 }
        return Int(size.ws_col)
    }

    /// TVmaze's ids of the favourite and started shows (the data folder's stores), each once;
    /// none when the stores cannot be read.
    /// - Parameter folder: the data folder.
    static func yourShows(folder: String) -> [Int] {
        guard let history = try? StoreHistory(directory: folder).storedHistory() else { return [] }
        let ids = history.favourites.compactMap(\.show.tvmaze) + history.marks.compactMap(\.show.tvmaze)
        return Array(Set(ids)).sorted()
    }

    /// The last line: what the run did and what the mirror holds.
    static func summary(_ outcome: MirrorRun.Outcome, pages: Int, path: String) -> String {
        switch outcome {
        case .index(_, let shows):
            return "mirror: \(ImportProgress.grouped(shows)) shows, the whole index (\(pages) pages), kept in \(path)"
        case .refresh(let window, let changed, let removed, let shows):
            let gone = removed > 0 ? ", \(removed) taken away" : ""
            return "mirror: \(changed) \(changed == 1 ? "show" : "shows") changed in the last \(window.rawValue)\(gone); \(ImportProgress.grouped(shows)) shows, kept in \(path)"
        }
    }
}
