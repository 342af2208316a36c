import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// `discover-tui upcoming --new`: the favourite shows' episodes aired since the previous run
/// (`LastLookState`; the first run looks back 7 days) and not marked watched, one line an
/// episode, oldest first; then what changed since the answers kept in the response cache (a
/// next episode moved, a show renewed, ended or cancelled, `ShowChange`). For a shell's rc file
/// or a cron job, the exit status follows `ScheduleOutcome`: 0 with lines, 1 with none after
/// asking every show, 3 when a show could not be asked (the last look is then kept as it was,
/// so the next run looks again over the same time).
enum NewEpisodesCommand {
    /// How far the first run looks back, in seconds.
    static let firstLook = 7 * 86_400

    /// One `--json` line of an episode.
    struct JSONNew: Encodable {
        let showId: Int
        let show: String
        let season: Int
        let number: Int?
        let name: String
        let airstamp: String?
        let airdate: String?
    }

    /// One `--json` line of a change: `moved` (with `season`, `number`, `from`, `to`),
    /// `renewed`, `ended` or `cancelled`.
    struct JSONChange: Encodable {
        var change: String
        let showId: Int
        let show: String
        var season: Int?
        var number: Int?
        var from: String?
        var to: String?
    }

    /// What the favourites gave: the new episodes, the changes, the shows that could not be asked.
    struct Found {
        var episodes: [(show: TVShow, episode: Episode)] = []
        var changes: [(show: TVShow, change: ShowChange)] = []
        var failures: [String] = []
        var asked = 0
    }

    /// Runs the command and exits.
    /// - Parameters:
    ///   - options: the options (`--json`, `--short`, `--ascii`).
    ///   - environment: the environment (the favourites', the watched episodes' and the state's folders).
    ///   - episodes: the episodes source for a provider's ids.
    ///   - clock: the present and the viewer's zone.
    ///   - reasons: why each live source was given up (the sources' switches).
    static func run(
        options: AppOptions, environment: [String: String], episodes live: @escaping @Sendable (String) -> (any EpisodesWorking)?,
        clock: AirClock, reasons: @escaping @Sendable () async -> [SourceError] = { [] }
    ) async -> Never {
        let text = CellText(repertoire: options.ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
        let plain = CellText(repertoire: .ascii)
        let snapshot = SnapshotEpisodesWorker()
        let episodes: @Sendable (String) -> (any EpisodesWorking)? = { live($0) ?? ($0 == ProviderName.tvmaze.name ? snapshot : nil) }
        let nowSeconds = Int(clock.now().timeIntervalSince1970)
        let state: LastLookState
        do {
            state = try LastLookState(environment: environment)
        } catch let error as StorageError {
            DiscoverApp.fail(plain.sanitize("cannot keep the last look: \(error.reason) (\(error.path))"), status: 1)
        } catch {
            DiscoverApp.fail("cannot keep the last look", status: 1)
        }
        let since = state.read() ?? nowSeconds - firstLook
        let favouritesWorker = FavouritesWorker(environment: environment)
        // The marks are read only from a database that exists: looking must not make one.
        let watchedFile = XDGDirectories(environment: environment).path(.data).map { $0 + "/" + WatchedStore.fileName }
        let watched: WatchedWorker? = watchedFile.map { FileManager.default.fileExists(atPath: $0) } == true ? WatchedWorker(environment: environment) : nil
        let result = await Caught.result { () -> Found in
            let favourites = await favouritesWorker.load().favourites.filter { $0.key.kind == .show }
            return await look(favourites, episodes: episodes, live: live, watched: watched, since: since, now: nowSeconds)
        }
        guard case .success(var found) = result else { DiscoverApp.fail("the command was interrupted", status: 1) }
        let given = await reasons()
        if let reason = given.first, found.episodes.isEmpty && found.changes.isEmpty {
            // `auto` gave the live source up: the recordings cannot say what aired lately.
            found.failures.append(ShowFormatting.error(reason))
        }
        if found.failures.isEmpty {
            do {
                try state.write(nowSeconds)
            } catch let error as StorageError {
                StandardStreams.error(line: plain.sanitize("the last look is not kept: \(error.reason) (\(error.path))"))
            } catch {
                StandardStreams.error(line: "the last look is not kept")
            }
        }
        StandardStreams.output(lines(found, options: options, text: text, clock: clock))
        let news = !found.episodes.isEmpty || !found.changes.isEmpty
        let all = found.failures.count >= found.asked
        let couldNot = found.failures.first.map { reason in
            (all ? "no favourite show could be asked (\(reason))" : "\(found.failures.count) of \(found.asked) favourite shows could not be asked (\(reason))")
                + (news || all ? "" : "; nothing new among the others") + "; the last look is kept for the next run"
        }
        if news, let couldNot { StandardStreams.error(line: plain.sanitize(couldNot)) }
        let last = clock.viewer(Date(timeIntervalSince1970: Double(since))).map { $0.date.description + " " + AirTimeText.clock($0) } ?? "the last look"
        ScheduleOutcome.end(
            found: news, couldNotAsk: couldNot,
            nothing: found.asked == 0 ? "no favourite shows: nothing to look for (press f on a show to add it)" : "nothing new since \(last)")
    }

    /// Asks each favourite show for its episodes (and, live, its next episode with the kept
    /// answer): the episodes aired after `since` and not after `now` that are not marked
    /// watched, and what changed.
    static func look(
        _ favourites: [Favourite], episodes: @Sendable (String) -> (any EpisodesWorking)?, live: @Sendable (String) -> (any EpisodesWorking)?,
        watched: (any WatchedWorking)?, since: Int, now: Int
    ) async -> Found {
        var found = Found()
        let started = Set(await watched?.startedShows().value.map(\.show) ?? [])
        for favourite in favourites {
            guard let id = Int(favourite.key.id) else { continue }
            found.asked += 1
            let show = TVShow(id: id, name: favourite.name)
            guard let source = episodes(favourite.key.provider) else {
                found.failures.append("\(favourite.key.provider) cannot be asked with these settings")
                continue
            }
            let list: ShowEpisodes
            do {
                guard let answer = try await source.episodes(showID: id) else {
                    found.failures.append("no episode list of \(favourite.name) is recorded offline")
                    continue
                }
                list = answer
            } catch is CancellationError {
                break
            } catch {
                found.failures.append((error as? SourceError).map(ShowFormatting.error) ?? "the episode list of \(favourite.name) could not be read")
                continue
            }
            let showID = WatchedShowID(provider: favourite.key.provider, id: id)
            let marked = started.contains(showID) ? Set(await watched?.marks(of: showID).value.map(\.key) ?? []) : []
            for episode in list.regularEpisodes + list.specials {
                guard let stamp = episode.airstamp.map({ Int($0.timeIntervalSince1970) }), stamp > since, stamp <= now else { continue }
                if let place = list.markKey(of: episode), marked.contains(WatchedEpisodeKey(show: showID, season: place.season, number: place.number)) { continue }
                found.episodes.append((show: show, episode: episode))
            }
            if let asking = live(favourite.key.provider), let answers = try? await asking.nextAndPreviousEpisodeSinceKept(showID: id) {
                found.changes += ShowChange.between(kept: answers.kept, fresh: answers.fresh).map { (show: show, change: $0) }
            }
        }
        found.episodes.sort { ($0.episode.airstamp ?? .distantPast, $0.show.name) < ($1.episode.airstamp ?? .distantPast, $1.show.name) }
        return found
    }

    /// The lines: each new episode (`2026-11-30  Slow Horses  S05E02  Title` in columns over
    /// the whole list, the `--short` line, or a JSON object), then each change (`changed  Slow
    /// Horses · S05E03 moved from 2026-12-03 to 2026-12-10`, `changed  Slow Horses · renewed`);
    /// tab-separated (`--tsv`), one line each, the change's words in the episode column.
    static func lines(_ found: Found, options: AppOptions, text: CellText, clock: AirClock) -> String {
        var out = ""
        var table = PlainTable(columns: [
            .init(name: "kind", cap: 7, onlyTabSeparated: true), .init(name: "date", cap: 10), .init(name: "show", cap: 34),
            .init(name: "code", cap: 8), .init(name: "episode", cap: 60)
        ])
        for (show, episode) in found.episodes {
            if options.json {
                let object = JSONNew(
                    showId: show.id, show: show.name, season: episode.season, number: episode.number, name: episode.name,
                    airstamp: episode.airstamp.map(ScheduleCommands.isoUTC), airdate: episode.airDate?.description)
                if let line = JSONLine.encode(object, asciiOnly: options.ascii) { out += line + "\n" }
            } else if options.short {
                out += ScheduleOutcome.shortLine(episode, show: show.name, network: nil, viewer: clock.viewer, text: text)
            } else {
                table.append(["new", AirTimeText.viewerDay(episode, viewer: clock.viewer)?.description, show.name, episode.code, EpisodeText.title(episode)])
            }
        }
        if !options.json && !options.short { out = options.tsv ? table.tabSeparated(text) : table.columnsText(text) }
        let day = { (episode: Episode) in AirTimeText.viewerDay(episode, viewer: clock.viewer)?.description ?? ShowFormatting.missing }
        for (show, change) in found.changes {
            var object = JSONChange(change: "", showId: show.id, show: show.name)
            let words: String
            switch change {
            case .nextEpisodeMoved(let was, let now):
                (object.change, object.season, object.number, object.from, object.to) = ("moved", now.season, now.number, day(was), day(now))
                words = "\(now.code) moved from \(day(was)) to \(day(now))"
            case .renewed: (object.change, words) = ("renewed", "renewed")
            case .ended: (object.change, words) = ("ended", "ended")
            case .cancelled: (object.change, words) = ("cancelled", "cancelled")
            }
            if options.json {
                if let line = JSONLine.encode(object, asciiOnly: options.ascii) { out += line + "\n" }
            } else if options.tsv {
                out += ["changed", "", show.name, "", words].map { PlainTable.cell($0, text: text) }.joined(separator: "\t") + "\n"
            } else {
                out += text.sanitize("changed  " + show.name + " · " + words) + "\n"
            }
        }
        return out
    }
}
