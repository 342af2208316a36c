import CMemoryPolicy
import Dispatch
import Domain
import FoundationEssentials
import Synchronization
import Terminal
import Workers

#if canImport(Glibc)
    import Glibc
    import Scenes
#endif

/// The program: parses the command line, picks the sources, and runs either the full-screen
/// app or, when standard output is not a terminal, the plain-text listing.
///
/// Exit status: 0 on quit, 1 on a runtime error (standard output that cannot be written
/// included), 2 on a usage error, 128 + n on signal n, 141 (128 + SIGPIPE) when the reader of
/// standard output went away (see StandardStreams).
public enum DiscoverApp {
    /// Runs the program; never returns.
    /// - Parameters:
    ///   - arguments: the command line without the program name.
    ///   - environment: the environment.
    @MainActor
    public static func main(arguments: [String], environment: [String: String]) async -> Never {
        // A closed standard descriptor is held on /dev/null, so that no socket takes its number.
        StandardStreams.reserveClosedDescriptors()
        // Blocks of 128 KiB and more are mapped on their own and given back to the system when
        // freed (CMemoryPolicy): after a large snapshot file is read on several threads, tens
        // of megabytes of the pieces' freed columns would otherwise stay held in the threads'
        // arenas. A C library that refuses costs only that memory.
        _ = dc_map_large_blocks(128 << 10)
        // The user's locale for the character set (curses needs it for UTF-8), but numbers
        // are data: LC_NUMERIC stays "C" so that nothing the C library formats can gain a
        // decimal comma (Discover formats its numbers with DecimalText in any case).
        // When one category's locale is missing the whole call fails and changes nothing: the
        // character set is then asked for alone, so that a missing LC_MESSAGES costs no UTF-8.
        if setlocale(LC_ALL, "") == nil { setlocale(LC_CTYPE, "") }
        setlocale(LC_NUMERIC, "C")
        // A build step, not a user's option (see GenerateCommand).
        if arguments.first == "--generate" {
            await GenerateCommand(words: arguments.dropFirst(), environment: environment).run()
        }
        let errorText = CellText(repertoire: .ascii)

        let directories = XDGDirectories(environment: environment)
        // Settings, favourites and cache kept in the folders of the former name move once to
        // the app's folders; one line says so (FormerFolders).
        let former = FormerFolders.move(in: directories)
        if let line = former.movedLine {
            StandardStreams.error(line: errorText.sanitize(line))
        }
        for failure in former.failed {
            StandardStreams.error(line: "cannot move \(errorText.sanitize(failure.path)) to the folder of the new name: \(failure.reason); move it there yourself")
        }
        let configPath = ConfigFile.path(in: directories)
        var config: ConfigFile?
        if let configPath {
            do {
                config = try ConfigFile.load(path: configPath, schema: AppOptions.configSchema)
            } catch let error as ConfigError {
                fail("\(errorText.sanitize(error.description))\nSee the configuration section of docs/reference.md (or man discover-tui), or move the file aside.", status: 2)
            } catch {
                fail("cannot read \(errorText.sanitize(configPath))", status: 2)
            }
        }
        // The file's `key.NAME` lines, before any key map is built (key maps keep what they
        // were built with).
        do {
            try KeyConfig.install(from: config)
        } catch let error as UsageError {
            fail("\(errorText.sanitize(error.message))\nSee 'discover-tui help keys', or move the file aside.", status: 2)
        } catch {
            fail("bad key lines in \(errorText.sanitize(configPath ?? "the config file"))", status: 2)
        }

        // `discover-tui import FORMAT FILE…` and `discover-tui export --json|--csv` take words
        // of their own (TransferCommands).
        if let word = arguments.first, word == "import" || word == "export" {
            await TransferCommands.run(word, Array(arguments.dropFirst()), environment: environment, directories: directories)
        }
        // `discover-tui mirror [--api-base URL]` takes words of its own too (MirrorCommand).
        if arguments.first == "mirror" {
            await MirrorCommand.run(Array(arguments.dropFirst()), environment: environment, directories: directories)
        }

        let options: AppOptions
        do {
            options = try AppOptions.parse(arguments, environment: environment, config: config)
        } catch let error as UsageError where error.inConfigFile {
            fail("\(errorText.sanitize(error.message))\nSee the configuration section of docs/reference.md (or man discover-tui), or move the file aside.", status: 2)
        } catch let error as UsageError {
            fail("\(errorText.sanitize(error.message))\nTry 'discover-tui --help'.", status: 2)
        } catch {
            fail("bad arguments", status: 2)
        }
        if options.showHelp {
            StandardStreams.output((options.helpTopic.map(HelpText.commandHelp) ?? AppOptions.helpText) + "\n")
            ProcessExit.now(0)
        }
        if options.showAbout {
            let text = CellText(repertoire: options.ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
            let about = SnapshotAbout.text(mirrorPath: MirrorCommand.path(directories))
            StandardStreams.output(about.split(separator: "\n", omittingEmptySubsequences: false).map { text.sanitize(String($0)) }.joined(separator: "\n"))
            ProcessExit.now(0)
        }
        if options.showVersion {
            StandardStreams.output("\(AppIdentity.name) \(AppIdentity.version)\n")
            ProcessExit.now(0)
        }

        if let config, config.exposesSecret, let mode = config.mode {
            let path = errorText.sanitize(config.path)
            StandardStreams.error(line: "warning: \(path) holds an API key and its mode \(String(mode, radix: 8)) lets others read it; run: chmod 600 \(path)")
        }
        // A locale asked for but not installed leaves the C library in ASCII: said once, before
        // any screen, so that it can still be read after the full screen is gone (`--check`
        // says it in its report, and `--ascii` asks for ASCII anyway).
        let localeNotice = options.ascii ? nil : LocaleInfo.missingLocaleNotice(environment: environment)
        if options.check {
            await CheckCommand(options: options, directories: directories, configPath: configPath, config: config, localeNotice: localeNotice).run()
        }
        if let localeNotice { StandardStreams.error(line: localeNotice) }
        await command(options: options, environment: environment, setup: ShowSetup(options: options, environment: environment)).run()
    }

    /// The mode the command line asks for: with standard output not a terminal, the plain-text
    /// command of its mode; else the full screen (`upcoming --ics`, `--short` and `--today`
    /// print either way).
    /// - Parameters:
    ///   - options: the parsed settings.
    ///   - environment: the environment.
    ///   - setup: the shows' sources.
    /// - Returns: the command to run.
    @MainActor
    static func command(options: AppOptions, environment: [String: String], setup: ShowSetup) -> any AsyncCommand {
        let piped = isatty(1) == 0
        let clock = AirClock.system(environment: environment)
        // `upcoming --new`, `premieres`, `continue`, `watched`, `rate` and `ratings` print to a terminal too.
        if options.command == .upcoming && options.newOnly { return UpcomingNewCommand(options: options, environment: environment, setup: setup, clock: clock) }
        if options.routes { return RouteCommand(options: options, environment: environment) }
        if options.listsPremieres { return PremieresListCommand(options: options, setup: setup, clock: clock) }
        if let rating = options.ratingCommand {
            return RateCommand(command: rating, options: options, environment: environment, setup: setup, clock: clock)
        }
        if options.listsStats, options.json || piped { return StatsCommand(options: options, environment: environment, setup: setup, clock: clock) }
        if let watched = options.watchedCommand {
            return ContinueCommand(command: watched, options: options, environment: environment, setup: setup, clock: clock)
        }
        switch options.command {
        case .upcoming? where piped || options.ics || options.short || options.today:
            return UpcomingCommand(options: options, environment: environment, setup: setup, clock: clock)
        // `--short` prints to a terminal too.
        case .tonight? where options.short: return TonightCommand(options: options, setup: setup, clock: clock)
        // A person and similar shows are printed to a terminal too.
        case .person(let target)?: return PersonCommand(target: target, options: options, setup: setup)
        case .similar(let target)?: return SimilarCommand(target: target, options: options, setup: setup)
        case _ where !piped: return FullScreenCommand(options: options, environment: environment, setup: setup)
        case .tonight?: return TonightCommand(options: options, setup: setup, clock: clock)
        case .search(let query)?: return SearchCommand(query: query, options: options, setup: setup)
        case .show(let target)?: return ShowCommand(target: target, options: options, setup: setup)
        case .upcoming?, nil:
            return options.section == .shows ? ShowsCommand(options: options, setup: setup) : PlacesCommand(options: options, environment: environment)
        }
    }

    /// The Places section's sources and start, or exits: 2 for a usage error (an unknown
    /// `--city`, `--source geoapify` without a key), 1 when the embedded data is unreadable.
    @MainActor
    static func makePOIs(options: AppOptions, environment: [String: String], before: () -> Void = {}) -> POIsDependencies {
        let errorText = CellText(repertoire: .ascii)
        func fail(_ message: String, status: Int32) -> Never {
            before()
            DiscoverApp.fail(message, status: status)
        }
        let snapshot = SnapshotPOIsWorker()
        do {
            // The embedded places are small (a few hundred); reading them here costs milliseconds.
            var start = try POIsComposition.start(options: options, areas: try POICatalog.embedded().areas)
            start.walkingPace = options.walkingPace
            return try POIsComposition.dependencies(options: options, environment: environment, snapshot: snapshot, start: start)
        } catch let error as UsageError {
            fail("\(errorText.sanitize(error.message))\nTry 'discover-tui --help'.", status: 2)
        } catch let error as SourceError {
            fail(errorText.sanitize(ShowFormatting.error(error)), status: 1)
        } catch {
            fail("cannot read the embedded places", status: 1)
        }
    }

    @MainActor
    static func runFullScreen(
        options: AppOptions, environment: [String: String], worker: any TVShowsWorking, fallbackReasons: @escaping @Sendable () async -> [SourceError], allShows: PopularListInteractor.ListSource?,
        start: PopularListViewController.Start, tonight: TonightSources, offlineCatalogue: (any ShowCatalogWorking)?, places: @escaping @MainActor (CursesScreen) -> POIsDependencies,
        cacheNotice: String?,
        episodes: @escaping @MainActor (DataSource?) -> (any EpisodesWorking)? = { _ in nil },
        people: AppDependencies.People = .none, showFacts: (any ShowFactsWorking)? = nil
    ) async -> Never {
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" {
            let which = term.isEmpty ? "TERM is not set" : "TERM is 'dumb'"
            fail("\(which), so the screen cannot be drawn. Set TERM to your terminal's type (for example TERM=xterm-256color), or pipe the output for a plain list: discover-tui | cat", status: 2)
        }
        var inputFD: Int32 = 0
        if isatty(0) == 0 {
            inputFD = open("/dev/tty", O_RDWR | O_CLOEXEC)
            if inputFD < 0 {
                fail(
                    "standard input is not a terminal and /dev/tty cannot be opened, so keys cannot be read. Run discover-tui in a terminal, or pipe its output for a plain list: discover-tui | cat",
                    status: 2)
            }
        }
        let unicode = !options.ascii && LocaleInfo.isUTF8
        var screenOptions = ScreenOptions(
            colorEnabled: !options.noColor, repertoire: unicode ? .unicode : .ascii, inputFD: inputFD, outputFD: 1, mouse: options.mouse,
            theme: options.theme.theme(environment: environment))
        screenOptions.images = options.images.wanted
        // GNU screen (`STY` set) keeps no 24-bit colour (4.x), whatever the outer terminal's
        // COLORTERM that it passes on: its pictures are drawn in 256 colours.
        screenOptions.colorterm = environment["STY"] == nil ? environment["COLORTERM"] : nil
        // Before curses starts, so that ncurses leaves these signals to the session.
        TerminalSession.installSignalHandlers()
        let screen: CursesScreen
        do {
            screen = try CursesScreen(options: screenOptions)
        } catch TerminalError.unknownTerminal(let name) {
            let shown = CellText(repertoire: .ascii).sanitize(name)
            fail(
                "no terminal description for TERM='\(shown)' (nor for \(CursesScreen.fallbackTerms.joined(separator: ", "))). Install its terminfo entry (Debian: apt-get install ncurses-term) or run with TERM=xterm-256color.",
                status: 1)
        } catch TerminalError.notCapable(let name) {
            fail(
                "the terminal type '\(CellText(repertoire: .ascii).sanitize(name))' cannot move the cursor, so the screen cannot be drawn. Set TERM to your terminal's type, or pipe the output for a plain list: discover-tui | cat",
                status: 2)
        } catch {
            fail("cannot set up the terminal", status: 1)
        }

        let escapeNotice = EscapeTiming.badValue(environment: environment).map {
            "ESCDELAY='\(CellText(repertoire: screenOptions.repertoire).sanitize($0))' is not a whole number of milliseconds from 0 to \(EscapeTiming.maximumMilliseconds): ignored"
        }
        // A missing locale, said on standard error before the screen started, is said on the
        // bar too (and kept for `M`).
        let localeNotice = options.ascii ? nil : LocaleInfo.missingLocaleNotice(environment: environment)
        // `--images kitty`: asked of the terminal with the first frame, never through a
        // multiplexer, which does not pass the protocol on.
        let kittyBlocker = options.images == .kitty && screen.imageColours != .none ? KittyGraphics.multiplexer(environment: environment) : nil
        let kittyNotice = kittyBlocker.map { "kitty pictures are not passed on by \($0): posters in half-blocks" }
        let notices = [localeNotice, screen.notice, kittyNotice, cacheNotice.map { CellText(repertoire: screenOptions.repertoire).sanitize($0) }, escapeNotice].compactMap { $0 }
        let app = AppController(notice: notices.isEmpty ? nil : notices.joined(separator: " · "))
        app.about = { SnapshotAbout.sections() }
        app.paletteHistory = PaletteHistory(environment: environment)
        // Favourites: `$XDG_DATA_HOME/discover-tui/favorites.json`, read off the main actor; a
        // corrupt file moved aside or an unwritable folder is said on the status bar.
        let favourites = FavouritesBook(worker: FavouritesWorker(environment: environment))
        let shows = AppDependencies.Shows(
            worker: worker, fallbackReasons: fallbackReasons, allShows: allShows, startsOnAllShows: options.startList == .all,
            keptShows: OfflineShowSearch(catalogue: offlineCatalogue, kept: options.noCache ? nil : KeptShowsIndex.app(environment: environment)),
            provider: TVComposition.liveSources(options).first?.name ?? FavouriteEntry.tvmaze, start: start, services: options.services)
        // Watched episodes: `$XDG_DATA_HOME/discover-tui/watched.sqlite3`, opened on first use.
        let watched = WatchedWorker(environment: environment)
        var dependencies = AppDependencies(
            shows: shows, people: people, episodes: episodes, tonight: tonight, clocks: .system(environment: environment), favourites: favourites,
            watched: watched,
            clipboard: TerminalClipboard(term: screen.termName, outputFD: screenOptions.outputFD), effects: RunningEffects())
        // "New" on Continue: aired since `upcoming --new` last looked (read, never written
        // here), or in the last 7 days before its first run. Without a watched database nothing
        // is started, and counting must not make one.
        let lastLook = try? LastLookState(environment: environment)
        dependencies.showFacts = showFacts
        dependencies.images = ImagesComposition.worker(options: options, colours: screen.imageColours, environment: environment)
        let watchedFile = XDGDirectories(environment: environment).path(.data).map { $0 + "/" + WatchedStore.fileName }
        watched.openAhead { watchedFile.map { FileManager.default.fileExists(atPath: $0) } ?? false }
        dependencies.lastLook = {
            guard let watchedFile, FileManager.default.fileExists(atPath: watchedFile) else { return nil }
            return lastLook?.read() ?? Int(Date().timeIntervalSince1970) - NewEpisodesCommand.firstLook
        }
        let factory = SceneFactory(dependencies: dependencies, navigator: app, display: app)
        Task { @MainActor [weak app] in
            let state = await favourites.reload()
            if let notice = state.notice { app?.post(notice: notice) }
        }
        app.mouseEnabled = options.mouse
        let session = TerminalSession(screen: screen, delegate: app, escapeDelay: EscapeTiming.delay(environment: environment))
        app.session = session
        // Quitting in any way waits for the favourites' queued saves and the watched changes
        // kept behind another copy's lock, both at once, for at most `favouritesSaveWait`
        // seconds, once the terminal is restored; what could not be saved is said on standard
        // error in one line each.
        session.onExit = { [unowned session] _ in
            // After a hang-up the process must be gone within a second.
            let wait = session.hungUp ? hangUpSaveWait : favouritesSaveWait
            let watchedLine = ExitLine()
            let watchedDone = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                watchedLine.set(watched.finishSaving(within: wait))
                watchedDone.signal()
            }
            let favouritesLine = favourites.finishSaving(within: wait)
            _ = watchedDone.wait(timeout: .now() + wait)
            let text = CellText(repertoire: LocaleInfo.isUTF8 ? .unicode : .ascii)
            for line in [favouritesLine, watchedLine.get()].compactMap({ $0 }) { StandardStreams.error(line: text.sanitize(line)) }
        }
        // Each section's first scene is built on its first visit (Tab, or the start command).
        let router = AppRouter { [unowned factory] section in
            switch section {
            case .shows: return factory.makePopularList()
            case .places: return factory.makeNearbyPOIs(places(screen))
            case .favourites: return factory.makeFavourites(book: favourites)
            case .continueWatching: return factory.makeContinue(watched: watched)
            }
        }
        router.host = app
        app.sectionRouter = router
        factory.sections = router
        router.routeToSection(options.section)
        // `discover-tui stats` on a terminal: Stats over Favourites (Esc goes back to them).
        if options.listsStats, let stats = factory.makeStats(year: options.statsYear) { app.push(stats) }
        // `--theme auto` without `COLORFGBG`: the terminal is asked its background before the
        // first frame (at most `BackgroundQuery.timeout`).
        let asksGraphics = options.images == .kitty && screen.imageColours != .none && kittyBlocker == nil
        session.start(
            inputFD: inputFD, backgroundQuery: screen.colorInUse ? options.theme.backgroundQuery(environment: environment) : nil,
            asksGraphics: asksGraphics)
        if asksGraphics && screen.imageColours != .kitty {
            app.post(notice: "the terminal did not answer the kitty graphics query: posters in half-blocks")
        }
        // Keep the object graph alive for the life of the process.
        Retained.objects = [app, factory, session, router, favourites]
        // The session's events run on the main queue from here on; quitting ends the process.
        await Retained.park()
    }

    /// The longest wait for the favourites' saves when the app quits, in seconds: a save
    /// waits at most 2 s for another process's lock (`FavouritesStore.lockTimeout`), and the
    /// rest is room to try once more and to report.
    static let favouritesSaveWait = 2.5
    /// The same wait after the terminal hung up, in seconds: a second at most in all.
    static let hangUpSaveWait = 0.8

    /// Prints `discover-tui: message` to standard error (a failure to write it is ignored) and
    /// exits with `status`.
    static func fail(_ message: String, status: Int32) -> Never {
        StandardStreams.error(line: message)
        ProcessExit.now(status)
    }
}

/// A line set on one thread and read on another once it is done.
private final class ExitLine: Sendable {
    private let line = Mutex<String?>(nil)
    func set(_ value: String?) { line.withLock { $0 = value } }
    func get() -> String? { line.withLock { $0 } }
}

/// Objects that live as long as the process, and the wait that keeps it running.
@MainActor
private enum Retained {
    static var objects: [AnyObject] = []
    /// The full-screen app's wait, never resumed.
    static var parked: CheckedContinuation<Void, Never>?

    /// Suspends the start-up for the life of the process: the main actor goes on serving the
    /// session's events, and quitting ends the process (`ProcessExit`).
    static func park() async -> Never {
        await withCheckedContinuation { parked = $0 }
        ProcessExit.now(0)
    }
}
