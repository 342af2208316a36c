import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// The full-screen app, on the section and list the command line asks for (`search` with
/// its filter, `show` on the show, `tonight`, `upcoming`).
struct FullScreenCommand: AsyncCommand {
    /// The parsed settings.
    let options: AppOptions
    /// The environment.
    let environment: [String: String]
    /// The shows' sources.
    let setup: ShowSetup

    /// Runs the screen until the person quits (or a signal ends it).
    func run() async -> Never {
        let options = options, environment = environment, shows = setup.shows, cache = setup.cache
        setup.prefetchFirstList(options)
        var start = PopularListViewController.Start()
        var fallbackNotice: String?
        switch options.command {
        case .search(let query)?:
            start.query = query
        case .show(let target)?:
            // The show is found before the screen starts, so that an unknown one is one line.
            let sources = setup.commandSources(options)
            switch await Caught.result({ try await ShowCommands.find(target, in: sources) }) {
            case .success(let details):
                start.show = details.show
                // The list behind says a fallback on its own bar; the show opened first says it once.
                fallbackNotice = FallbackNotice.line(await ShowCommands.reasons(sources), instead: "showing the \(ShowFormatting.source(details.source))")
            case .failure(let failure as ShowCommands.Failure): DiscoverApp.fail(CellText(repertoire: .ascii).sanitize(failure.message), status: 1)
            case .failure: DiscoverApp.fail("could not find the show", status: 1)
            }
        case .tonight?:
            start.listing = .tonight
        case .upcoming?:
            start.listing = .upcoming
        case .person?, .similar?, nil:
            break
        }
        // The Places section reads its data before the screen starts when it is the first one
        // shown; else on its first visit, which keeps it out of the shows' start-up (about half
        // of it). Outside `places` no option of its own is accepted, so what can fail then is
        // only the embedded data (a build fault), reported after the screen is restored.
        let eager = options.section == .places ? DiscoverApp.makePOIs(options: options, environment: environment) : nil
        // The schedules carry their provider's ids (TVmaze's): when the first live source has
        // no schedules of its own (TMDB), a schedule's show's details come from the provider
        // whose schedules they are.
        let table = ProviderTable.standard
        let first = TVComposition.liveSources(options).first.flatMap(table.row)
        let scheduled = table.rows(.tv).first { $0.tv?.schedules(options) != nil }
        let tonightDetails =
            first.map { $0.tv?.schedules(options) == nil } == true
            ? scheduled.flatMap { TVComposition.liveWorker($0.name, options: options, timeout: $0.timeouts.alone, cache: cache) } : nil
        let zones = AirClock.system(environment: environment)
        let watchedFile = XDGDirectories(environment: environment).path(.data).map { $0 + "/" + WatchedStore.fileName }
        let tonight = TonightSources(
            schedules: setup.schedules(options), country: options.country, date: options.scheduleDate,
            episodes: setup.nextEpisodes(options), details: tonightDetails,
            seasons: EpisodesComposition.seasons(options: options, cache: cache),
            premiereDays: { PremieresCommand.days(options: options, clock: zones) },
            hasWatchedStore: { watchedFile.map { FileManager.default.fileExists(atPath: $0) } ?? false })
        let notice = [setup.cacheNotice, fallbackNotice].compactMap { $0 }.joined(separator: " · ")
        keepMirrorFresh()
        await DiscoverApp.runFullScreen(
            options: options, environment: environment, worker: shows.worker, fallbackReasons: shows.fallbackReasons,
            allShows: shows.allShows, start: start, tonight: tonight,
            offlineCatalogue: setup.snapshotPopular == nil ? nil : setup.snapshot,
            places: { screen in eager ?? DiscoverApp.makePOIs(options: options, environment: environment, before: screen.end) },
            cacheNotice: notice.isEmpty ? nil : notice,
            episodes: { source in
                // Before the details or the list have said their source: the first live source's, else the snapshot's.
                let known = source ?? TVComposition.liveSources(options).first.map { DataSource.live(provider: $0) }
                return known.map { EpisodesComposition.worker(for: $0, options: options, cache: cache, switches: shows.switches) }
                    ?? SnapshotEpisodesWorker()
            }, people: people(cache: cache),
            showFacts: StatsComposition.facts(options: options, environment: environment, catalog: { [snapshot = setup.snapshot] in try await snapshot.loadedCatalog() }))
    }

    /// With `keep-mirror-fresh` and TVmaze among the sources, refreshes a whole mirror due a
    /// refresh (once a day) on a background task that no frame waits for: its requests go through
    /// TVmaze's row's client and pacer; the lists read the fresher mirror at the next start.
    private func keepMirrorFresh() {
        guard options.keepsMirrorFresh, !options.offline, TVComposition.liveSources(options).contains(.tvmaze),
            let path = MirrorCommand.path(XDGDirectories(environment: environment)),
            let base = options.tvmazeBase ?? TVmazeShowsWorker.defaultBaseURL,
            let client = TransferCommands.lookupClient(environment: environment)?.client
        else { return }
        let worker = TVmazeIndexWorker(baseURL: base, http: client)
        Task.detached(priority: .background) {
            _ = await MirrorKeeper.refreshIfDue(path: path, worker: worker, now: { Int(Date().timeIntervalSince1970) })
        }
    }

    /// Where the scenes' people, similar shows and where to watch come from.
    /// - Parameter cache: where live answers are kept, or nil.
    private func people(cache: ResponseCache?) -> AppDependencies.People {
        let options = self.options, snapshot = setup.snapshot
        let catalog: @Sendable () async throws -> ShowCatalog = { try await snapshot.loadedCatalog() }
        return AppDependencies.People(
            person: { PeopleComposition.worker(for: $0, options: options, cache: cache, catalog: catalog) },
            similar: { SimilarCommand.worker(for: $0, options: options, catalog: catalog) },
            watch: { WatchComposition.worker(for: $0, options: options) },
            watchCountry: options.country)
    }
}
