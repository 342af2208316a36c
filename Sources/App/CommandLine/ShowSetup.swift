import Domain
import Scenes
import Terminal
import Workers

/// What every shows mode starts from: the snapshot, the response cache and the chain of TV
/// sources the settings and the provider table make.
struct ShowSetup {
    /// The snapshot (embedded, or `--snapshot PATH`): "All shows" offline.
    let snapshot: SnapshotShowsWorker
    /// The snapshot's "popular" list (its newest recorded week), when it has one.
    let snapshotPopular: SnapshotShowsWorker?
    /// Where live answers are kept, or nil for none.
    let cache: ResponseCache?
    /// Why the cache cannot be used, for the status bar; nil when it can (or is not wanted).
    let cacheNotice: String?
    /// The sources of shows.
    let shows: TVComposition.Shows

    /// The setup for the settings, or exits 2 for a snapshot file that cannot be read or a
    /// source the settings cannot use.
    /// - Parameters:
    ///   - options: the parsed settings.
    ///   - environment: the environment (for the cache's folder).
    init(options: AppOptions, environment: [String: String]) {
        let errorText = CellText(repertoire: .ascii)
        var snapshotPopular: SnapshotShowsWorker?
        if let path = options.snapshotPath {
            do {
                snapshot = SnapshotShowsWorker(catalog: try ShowCatalog.load(path: path))
            } catch let error as SourceError {
                DiscoverApp.fail(errorText.sanitize(ShowFormatting.error(error)), status: 2)
            } catch {
                DiscoverApp.fail("cannot read \(errorText.sanitize(path))", status: 2)
            }
        } else if let week = try? ShowCatalog.embeddedRecordedWeek(), let from = CalendarDate(iso: week.from), let through = CalendarDate(iso: week.through) {
            // Offline, the default list is "popular" made as live: the shows of the newest
            // recorded week of schedules; every show of the snapshot is "All shows".
            // "All shows", searches and `show` read the mirror of TVmaze's index first
            // (`discover-tui mirror`), with the snapshot's shows it lacks.
            let shared = SharedCatalog { try ShowCatalog.embedded() }
            let mirrorPath = MirrorCommand.path(XDGDirectories(environment: environment))
            snapshot = SnapshotShowsWorker(
                basis: .allShows, loader: { try ShowCatalog.mirroredOrEmbedded(path: mirrorPath, embedded: shared.get) },
                firstPage: { size in ShowCatalog.mirroredFirstPage(path: mirrorPath, embedded: try? shared.get(), size: size) })
            snapshotPopular = SnapshotShowsWorker(
                basis: .airing(country: "", from: from, through: through, recorded: true, streamingOnly: true),
                loader: { try shared.get().airing(in: week) })
        } else {
            let mirrorPath = MirrorCommand.path(XDGDirectories(environment: environment))
            snapshot = SnapshotShowsWorker(loader: { try ShowCatalog.mirroredOrEmbedded(path: mirrorPath) })
        }
        self.snapshotPopular = snapshotPopular
        // Live answers are kept under $XDG_CACHE_HOME/discover-tui and shown at once next time.
        var cache: ResponseCache?
        var cacheNotice: String?
        if !options.noCache && !TVComposition.liveSources(options).isEmpty {
            switch ResponseCache.open(environment: environment) {
            case .success(let opened): cache = opened
            case .failure(let unavailable): cacheNotice = unavailable.notice
            }
        }
        self.cache = cache
        self.cacheNotice = cacheNotice
        do {
            shows = try TVComposition.shows(options: options, snapshot: snapshot, cache: cache, snapshotPopular: snapshotPopular)
        } catch let error as UsageError {
            DiscoverApp.fail("\(errorText.sanitize(error.message))\nTry 'discover-tui --help'.", status: 2)
        } catch {
            DiscoverApp.fail("cannot set up the TV source", status: 2)
        }
    }

    /// Starts reading the embedded snapshot's first list on another core when the snapshot is
    /// the first source of the shows section, so that the full screen's first page need not
    /// wait for it while the terminal and the scenes are set up; else does nothing.
    /// - Parameter options: the parsed settings.
    func prefetchFirstList(_ options: AppOptions) {
        guard options.section == .shows, options.snapshotPath == nil, TVComposition.liveSources(options).isEmpty else { return }
        let first = snapshotPopular ?? snapshot
        Task.detached(priority: .userInitiated) { await first.prefetch() }
    }

    /// The sources `search` and `show` ask.
    /// - Parameter options: the parsed settings.
    func commandSources(_ options: AppOptions) -> ShowCommands.Sources {
        var sources = ShowCommands.Sources(worker: shows.worker, snapshot: snapshot, providers: TVComposition.liveSources(options), switches: shows.switches)
        sources.watch = { WatchComposition.worker(for: $0, options: options) }
        sources.watchCountry = options.country
        return sources
    }

    /// The schedules of `tonight` and the Tonight scene.
    /// - Parameter options: the parsed settings.
    func schedules(_ options: AppOptions) -> any ScheduleWorking {
        ScheduleComposition.schedules(options: options, cache: cache, switches: shows.switches)
    }

    /// The favourites' next episodes by provider.
    /// - Parameter options: the parsed settings.
    func nextEpisodes(_ options: AppOptions) -> @Sendable (String) -> (any EpisodesWorking)? {
        ScheduleComposition.episodes(options: options, cache: cache, switches: shows.switches)
    }

    /// The episodes Worker for shows from a data source.
    /// - Parameter options: the parsed settings.
    func episodes(_ options: AppOptions) -> @Sendable (DataSource) -> any EpisodesWorking {
        let cache = self.cache, switches = shows.switches
        return { EpisodesComposition.worker(for: $0, options: options, cache: cache, switches: switches) }
    }
}
