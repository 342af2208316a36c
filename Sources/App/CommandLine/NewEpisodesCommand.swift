import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// `discover-tui upcoming --new`: the favourite shows' episodes aired since the previous run
/// (`LastLookState`; the first run looks back 7 days), one line an episode, oldest first; exit
/// status 0 with lines and 1 with none, for a shell's rc file or a cron job.
enum NewEpisodesCommand {
    /// How far the first run looks back, in seconds.
    static let firstLook = 7 * 86_400

    /// One `--json` line.
    struct JSONNew: Encodable {
        let showId: Int
        let show: String
        let season: Int
        let number: Int?
        let name: String
        let airstamp: String?
        let airdate: String?
    }

    /// Runs the command and exits.
    /// - Parameters:
    ///   - options: the options (`--json`, `--ascii`).
    ///   - environment: the environment (the favourites' and the state's folders).
    ///   - episodes: the episodes source for a provider's ids.
    ///   - clock: the present and the viewer's zone.
    static func run(
        options: AppOptions, environment: [String: String], episodes live: @escaping @Sendable (String) -> (any EpisodesWorking)?,
        clock: AirClock
    ) async -> Never {
        let text = CellText(repertoire: options.ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
        let plain = CellText(repertoire: .ascii)
        let snapshot = SnapshotEpisodesWorker()
        let episodes: @Sendable (String) -> (any EpisodesWorking)? = { live($0) ?? ($0 == ProviderName.tvmaze.name ? snapshot : nil) }
        let now = clock.now()
        let nowSeconds = Int(now.timeIntervalSince1970)
        let state: LastLookState
        do {
            state = try LastLookState(environment: environment)
        } catch let error as StorageError {
            DiscoverApp.fail(plain.sanitize("cannot keep the last look: \(error.reason) (\(error.path))"), status: 1)
        } catch {
            DiscoverApp.fail("cannot keep the last look", status: 1)
        }
        let since = state.read() ?? nowSeconds - firstLook
        let worker = FavouritesWorker(environment: environment)
        let result = await Caught.result { () -> [(TVShow, Episode)] in
            let favourites = await worker.load().favourites.filter { $0.key.kind == .show }
            var found: [(TVShow, Episode)] = []
            for favourite in favourites {
                guard let id = Int(favourite.key.id), let source = episodes(favourite.key.provider),
                    let list = try? await source.episodes(showID: id)
                else { continue }
                for episode in list.regularEpisodes + list.specials {
                    guard let stamp = episode.airstamp.map({ Int($0.timeIntervalSince1970) }), stamp > since, stamp <= nowSeconds else { continue }
                    found.append((TVShow(id: id, name: favourite.name), episode))
                }
            }
            return found.sorted { ($0.1.airstamp ?? .distantPast, $0.0.name) < ($1.1.airstamp ?? .distantPast, $1.0.name) }
        }
        guard case .success(let found) = result else { DiscoverApp.fail("the command was interrupted", status: 1) }
        do {
            try state.write(nowSeconds)
        } catch let error as StorageError {
            StandardStreams.error(line: plain.sanitize("the last look is not kept: \(error.reason) (\(error.path))"))
        } catch {
            StandardStreams.error(line: "the last look is not kept")
        }
        var out = ""
        var table = PlainTable(columns: [.init(name: "date", cap: 10), .init(name: "show", cap: 34), .init(name: "code", cap: 8), .init(name: "episode", cap: 60)])
        for (show, episode) in found {
            if options.json {
                let object = JSONNew(
                    showId: show.id, show: show.name, season: episode.season, number: episode.number, name: episode.name,
                    airstamp: episode.airstamp.map(ScheduleCommands.isoUTC), airdate: episode.airDate?.description)
                if let line = JSONLine.encode(object, asciiOnly: options.ascii) { out += line + "\n" }
            } else {
                table.append([AirTimeText.viewerDay(episode, viewer: clock.viewer)?.description, show.name, episode.code, EpisodeText.title(episode)])
            }
        }
        StandardStreams.output(options.json ? out : table.rendered(tabSeparated: options.tsv, text: text))
        ProcessExit.now(found.isEmpty ? 1 : 0)
    }
}
