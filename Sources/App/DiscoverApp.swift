@preconcurrency import Dispatch
import Domain
import FoundationEssentials
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
    public static func main(arguments: [String], environment: [String: String]) -> Never {
        // A closed standard descriptor is held on /dev/null, so that no socket takes its number.
        StandardStreams.reserveClosedDescriptors()
        // The user's locale for the character set (curses needs it for UTF-8), but numbers
        // are data: LC_NUMERIC stays "C" so that nothing the C library formats can gain a
        // decimal comma (Discover formats its numbers with DecimalText in any case).
        setlocale(LC_ALL, "")
        setlocale(LC_NUMERIC, "C")
        // A build step, not a user's option: `make install` and `make deb` write the manual
        // page and the completions with it, from the same table that parses the options.
        if arguments.first == "--generate" {
            guard arguments.count == 2, let kind = GeneratedDocs.Kind(rawValue: arguments[1]) else {
                fail("--generate needs one of: \(GeneratedDocs.Kind.allCases.map(\.rawValue).joined(separator: ", "))", status: 2)
            }
            StandardStreams.output(GeneratedDocs.text(kind, date: GeneratedDocs.date(environment: environment)))
            ProcessExit.now(0)
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
                fail("\(errorText.sanitize(error.description))\nSee the configuration section of README.md, or move the file aside.", status: 2)
            } catch {
                fail("cannot read \(errorText.sanitize(configPath))", status: 2)
            }
        }

        let options: AppOptions
        do {
            options = try AppOptions.parse(arguments, environment: environment, config: config)
        } catch let error as UsageError where error.inConfigFile {
            fail("\(errorText.sanitize(error.message))\nSee the configuration section of README.md, or move the file aside.", status: 2)
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
            StandardStreams.output(SnapshotAbout.text().split(separator: "\n", omittingEmptySubsequences: false).map { text.sanitize(String($0)) }.joined(separator: "\n"))
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
        if options.check {
            SourceCheck.run(options: options, directories: directories, configPath: configPath, config: config)
        }

        let snapshot: SnapshotShowsWorker
        var snapshotPopular: SnapshotShowsWorker?
        if let path = options.snapshotPath {
            do {
                snapshot = SnapshotShowsWorker(catalog: try ShowCatalog.load(path: path))
            } catch let error as SourceError {
                fail(errorText.sanitize(ShowFormatting.error(error)), status: 2)
            } catch {
                fail("cannot read \(errorText.sanitize(path))", status: 2)
            }
        } else if let week = try? ShowCatalog.embeddedRecordedWeek(), let from = CalendarDate(iso: week.from), let through = CalendarDate(iso: week.through) {
            // Offline, the default list is "popular" made as live: the shows of the newest
            // recorded week of schedules; every show of the snapshot is "All shows".
            let shared = SharedCatalog { try ShowCatalog.embedded() }
            snapshot = SnapshotShowsWorker(basis: .allShows, loader: { try shared.get() })
            snapshotPopular = SnapshotShowsWorker(basis: .airing(country: "", from: from, through: through, recorded: true, streamingOnly: true),
                                                  loader: { try shared.get().airing(in: week) })
        } else {
            snapshot = SnapshotShowsWorker(loader: { try ShowCatalog.embedded() })
        }
        // Live answers are kept under $XDG_CACHE_HOME/discover-tui and shown at once next time.
        var cache: ResponseCache?
        var cacheNotice: String?
        if !options.noCache && !TVComposition.liveSources(options).isEmpty {
            switch ResponseCache.open(environment: environment) {
            case .success(let opened): cache = opened
            case .failure(let unavailable): cacheNotice = unavailable.notice
            }
        }
        let shows: TVComposition.Shows
        do {
            shows = try TVComposition.shows(options: options, snapshot: snapshot, cache: cache, snapshotPopular: snapshotPopular)
        } catch let error as UsageError {
            fail("\(errorText.sanitize(error.message))\nTry 'discover-tui --help'.", status: 2)
        } catch {
            fail("cannot set up the TV source", status: 2)
        }
        let worker = shows.worker
        let fallbackReasons = shows.fallbackReasons

        // `discover-tui search QUERY`, `discover-tui show ID|NAME`.
        var start = PopularListViewController.Start()
        var fallbackNotice: String?
        let airClock = AirClock.system(environment: environment)
        if options.command == .tonight && isatty(1) == 0 {
            ScheduleCommands.runTonight(options: options, schedules: ScheduleComposition.schedules(options: options, cache: cache, switches: shows.switches),
                                        clock: airClock, reasons: fallbackReasons)
        }
        if options.command == .upcoming && options.newOnly {
            NewEpisodesCommand.run(options: options, environment: environment,
                                   episodes: ScheduleComposition.episodes(options: options, cache: cache, switches: shows.switches), clock: airClock)
        }
        if options.command == .upcoming && (isatty(1) == 0 || options.ics) {
            ScheduleCommands.runUpcoming(options: options, environment: environment,
                                         episodes: ScheduleComposition.episodes(options: options, cache: cache, switches: shows.switches), clock: airClock,
                                         reasons: fallbackReasons)
        }
        if options.listsPremieres {
            PremieresCommand.run(options: options, schedules: ScheduleComposition.schedules(options: options, cache: cache, switches: shows.switches), clock: airClock)
        }
        if let watchedCommand = options.watchedCommand {
            WatchedCommands.run(watchedCommand, options: options, environment: environment,
                                episodes: ScheduleComposition.episodes(options: options, cache: cache, switches: shows.switches), clock: airClock)
        }
        if let command = options.command {
            let sources = ShowCommands.Sources(worker: worker, snapshot: snapshot, providers: TVComposition.liveSources(options).map(\.provider),
                                               switches: shows.switches)
            if isatty(1) == 0, options.episodes, case .show(let target) = command {
                let keep = cache, switches = shows.switches
                EpisodeListOutput.runPiped(target: target, sources: sources,
                                           episodes: { EpisodesComposition.worker(for: $0, options: options, cache: keep, switches: switches) },
                                           json: options.json, ascii: options.ascii)
            }
            if isatty(1) == 0 {
                ShowCommands.runPiped(command, sources: sources, json: options.json, ascii: options.ascii)
            }
            switch command {
            case .search(let query):
                start.query = query
            case .show(let target):
                // The show is found before the screen starts, so that an unknown one is one line.
                switch POIsComposition.wait({ try await ShowCommands.find(target, in: sources) }) {
                case .success(let details):
                    start.show = details.show
                    // The list behind says a fallback on its own bar; the show opened first says it once.
                    fallbackNotice = FallbackNotice.line(ShowCommands.reasons(sources), instead: "showing the \(ShowFormatting.source(details.source))")
                case .failure(let failure as ShowCommands.Failure): fail(errorText.sanitize(failure.message), status: 1)
                case .failure: fail("could not find the show", status: 1)
                }
            case .tonight:
                start.listing = .tonight
            case .upcoming:
                start.listing = .upcoming
            }
        }
        if isatty(1) == 0 && options.section == .shows {
            let listed = options.startList == .all ? (shows.allShows ?? .init(worker: worker, fallbackReasons: fallbackReasons))
                                                   : .init(worker: worker, fallbackReasons: fallbackReasons)
            PlainTextOutput.run(worker: listed.worker, fallbackReasons: listed.fallbackReasons, json: options.json, ascii: options.ascii)
        }
        if isatty(1) == 0 {
            PlainTextOutput.runPOIs(makePOIs(options: options, environment: environment), json: options.json, ascii: options.ascii)
        }
        // The Places section reads its data before the screen starts when it is the first one
        // shown; else on its first visit, which keeps it out of the shows' start-up (about half
        // of it). Outside `places` no option of its own is accepted, so what can fail then is
        // only the embedded data (a build fault), reported after the screen is restored.
        let eager = options.section == .places ? makePOIs(options: options, environment: environment) : nil
        // Tonight's schedules carry TVmaze's ids: with TMDB first, a show's details come from TVmaze.
        let tonightDetails = TVComposition.liveSources(options).first == .tmdb ? TVComposition.liveWorker(.tvmaze, options: options, timeout: 15, cache: cache) : nil
        let tonight = TonightSources(schedules: ScheduleComposition.schedules(options: options, cache: cache, switches: shows.switches),
                                     country: options.country, date: options.scheduleDate,
                                     episodes: ScheduleComposition.episodes(options: options, cache: cache, switches: shows.switches), details: tonightDetails)
        runFullScreen(options: options, environment: environment, worker: worker, fallbackReasons: fallbackReasons, allShows: shows.allShows, start: start, tonight: tonight,
                      offlineCatalogue: snapshotPopular == nil ? nil : snapshot,
                      places: { screen in eager ?? makePOIs(options: options, environment: environment, before: screen.end) },
                      cacheNotice: [cacheNotice, fallbackNotice].compactMap { $0 }.joined(separator: " · ").nonEmpty, episodes: { source in
                          // Before the details or the list have said their source: the first live source's, else the snapshot's.
                          let known = source ?? TVComposition.liveSources(options).first.map { DataSource.live(provider: $0.provider) }
                          return known.map { EpisodesComposition.worker(for: $0, options: options, cache: cache, switches: shows.switches) } ?? SnapshotEpisodesWorker()
                      })
    }

    /// The Places section's sources and start, or exits: 2 for a usage error (an unknown
    /// `--city`, `--source geoapify` without a key), 1 when the embedded data is unreadable.
    @MainActor
    private static func makePOIs(options: AppOptions, environment: [String: String], before: () -> Void = {}) -> POIsDependencies {
        let errorText = CellText(repertoire: .ascii)
        func fail(_ message: String, status: Int32) -> Never {
            before()
            DiscoverApp.fail(message, status: status)
        }
        let snapshot = SnapshotPOIsWorker()
        do {
            let start = try POIsComposition.start(options: options, snapshot: snapshot)
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
    private static func runFullScreen(options: AppOptions, environment: [String: String], worker: any TVShowsWorking, fallbackReasons: @escaping @Sendable () async -> [SourceError], allShows: PopularListInteractor.ListSource?, start: PopularListViewController.Start, tonight: TonightSources, offlineCatalogue: (any ShowCatalogWorking)?, places: @escaping @MainActor (CursesScreen) -> POIsDependencies, cacheNotice: String?,
                                      episodes: @escaping @MainActor (DataSource?) -> (any EpisodesWorking)? = { _ in nil }) -> Never {
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" {
            let which = term.isEmpty ? "TERM is not set" : "TERM is 'dumb'"
            fail("\(which), so the screen cannot be drawn. Set TERM to your terminal's type (for example TERM=xterm-256color), or pipe the output for a plain list: discover-tui | cat", status: 2)
        }
        var inputFD: Int32 = 0
        if isatty(0) == 0 {
            inputFD = open("/dev/tty", O_RDWR | O_CLOEXEC)
            if inputFD < 0 {
                fail("standard input is not a terminal and /dev/tty cannot be opened, so keys cannot be read. Run discover-tui in a terminal, or pipe its output for a plain list: discover-tui | cat", status: 2)
            }
        }
        let unicode = !options.ascii && LocaleInfo.isUTF8
        let screenOptions = ScreenOptions(colorEnabled: !options.noColor, repertoire: unicode ? .unicode : .ascii, inputFD: inputFD, outputFD: 1, mouse: options.mouse,
                                          theme: options.theme.theme(environment: environment))
        // Before curses starts, so that ncurses leaves these signals to the session.
        TerminalSession.installSignalHandlers()
        let screen: CursesScreen
        do {
            screen = try CursesScreen(options: screenOptions)
        } catch TerminalError.unknownTerminal(let name) {
            let shown = CellText(repertoire: .ascii).sanitize(name)
            fail("no terminal description for TERM='\(shown)' (nor for \(CursesScreen.fallbackTerms.joined(separator: ", "))). Install its terminfo entry (Debian: apt-get install ncurses-term) or run with TERM=xterm-256color.", status: 1)
        } catch TerminalError.notCapable(let name) {
            fail("the terminal type '\(CellText(repertoire: .ascii).sanitize(name))' cannot move the cursor, so the screen cannot be drawn. Set TERM to your terminal's type, or pipe the output for a plain list: discover-tui | cat", status: 2)
        } catch {
            fail("cannot set up the terminal", status: 1)
        }

        let escapeNotice = EscapeTiming.badValue(environment: environment).map {
            "ESCDELAY='\(CellText(repertoire: screenOptions.repertoire).sanitize($0))' is not a whole number of milliseconds from 0 to \(EscapeTiming.maximumMilliseconds): ignored"
        }
        let notices = [screen.notice, cacheNotice.map { CellText(repertoire: screenOptions.repertoire).sanitize($0) }, escapeNotice].compactMap { $0 }
        let app = AppController(notice: notices.isEmpty ? nil : notices.joined(separator: " · "))
        app.about = { SnapshotAbout.sections() }
        let factory = SceneFactory(showsWorker: worker, fallbackReasons: fallbackReasons, allShows: allShows)
        factory.navigator = app
        factory.keptShows = OfflineShowSearch(catalogue: offlineCatalogue, kept: options.noCache ? nil : KeptShowsIndex.app(environment: environment))
        factory.airClock = .system(environment: environment)
        factory.tonight = tonight
        factory.showProvider = TVComposition.liveSources(options).first?.provider ?? FavouriteEntry.tvmaze
        factory.display = app
        factory.listStart = start
        factory.episodesWorker = episodes
        factory.startsOnAllShows = options.startList == .all
        factory.clipboard = TerminalClipboard(term: screen.termName, outputFD: screenOptions.outputFD)
        // Favourites: `$XDG_DATA_HOME/discover-tui/favorites.json`, read off the main actor; a
        // corrupt file moved aside or an unwritable folder is said on the status bar.
        let favourites = FavouritesBook(worker: FavouritesWorker(environment: environment))
        factory.favourites = favourites
        // Watched episodes: `$XDG_DATA_HOME/discover-tui/watched.sqlite3`, opened on first use.
        factory.watched = WatchedWorker(environment: environment)
        Task { @MainActor [weak app] in
            let state = await favourites.reload()
            if let notice = state.notice { app?.post(notice: notice) }
        }
        app.mouseEnabled = options.mouse
        let session = TerminalSession(screen: screen, delegate: app, escapeDelay: EscapeTiming.delay(environment: environment))
        app.session = session
        // Quitting in any way waits for the favourites' queued saves, for at most
        // `favouritesSaveWait` seconds, once the terminal is restored; what could not be saved
        // is said on standard error in one line.
        session.onExit = { [unowned session] _ in
            // After a hang-up the process must be gone within a second.
            let wait = session.hungUp ? hangUpSaveWait : favouritesSaveWait
            if let line = favourites.finishSaving(within: wait) {
                let text = CellText(repertoire: LocaleInfo.isUTF8 ? .unicode : .ascii)
                StandardStreams.error(line: text.sanitize(line))
            }
        }
        // Each section's first scene is built on its first visit (Tab, or the start command).
        let router = AppRouter { [unowned factory] section in
            switch section {
            case .shows: return factory.makePopularList()
            case .places: return factory.makeNearbyPOIs(places(screen))
            case .favourites: return factory.makeFavourites(book: favourites)
            }
        }
        router.host = app
        app.sectionRouter = router
        router.routeToSection(options.section)
        session.start(inputFD: inputFD)
        // Keep the object graph alive for the life of the process.
        Retained.objects = [app, factory, session, router, favourites]
        dispatchMain()
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

extension String {
    /// The string, or nil when it is empty.
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}

/// Objects that live as long as the process.
@MainActor
private enum Retained {
    static var objects: [AnyObject] = []
}
