import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// `discover-tui rate SHOW [SxxEyy] N|--clear` and `discover-tui watched SHOW --mark SxxEyy`:
/// one change to the watched-episodes database, said in one line.
///
/// The show may never have been watched: a name is first looked for among the shows the
/// database knows (so that a show marked under TMDB's id stays under it), then found as
/// `show ID|NAME` finds it (offline in the built-in snapshot, online through the TV source);
/// an id is the TV source's. An episode must be in the show's episode list when the list is
/// known (specials are S00E01, S00E02… in airing order).
///
/// Exit status: 0 done; 1 no such show or episode, or the database cannot be written; 2 a
/// usage error (`AppOptions.parse`); 3 the source could not be asked.
enum RatingCommands {
    /// A show found for a command: its id as the database keys it, its name, and where its
    /// episode list comes from (nil when no source has one).
    struct FoundShow: Sendable {
        let id: WatchedShowID
        let name: String
        let episodes: (any EpisodesWorking)?
    }

    /// Runs a command and exits.
    /// - Parameters:
    ///   - command: which command.
    ///   - options: the options (`--json`, `--ascii`, the TV source).
    ///   - environment: the environment (the data folder).
    ///   - setup: the shows' sources.
    ///   - clock: the present.
    @MainActor
    static func run(_ command: RatingCommand, options: AppOptions, environment: [String: String], setup: ShowSetup, clock: AirClock) async -> Never {
        let worker = WatchedWorker(environment: environment)
        let text = CellText(repertoire: options.ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
        let now = Int(clock.now().timeIntervalSince1970)
        switch command {
        case .ratings(let show):
            await RatingLists.ratings(of: show, worker: worker, json: options.json, text: text)
        case .plays(let show, let season):
            await RatingLists.plays(of: show, season: season, worker: worker, ascii: options.ascii)
        case .rate(let target, let episode, let rating):
            let show = await find(target, worker: worker, options: options, setup: setup)
            await checked(episode, of: show)
            let code = episode.map { " " + EpisodeCode.text($0) } ?? ""
            if rating == nil {
                let record = await worker.record(of: show.id).value
                if (episode.map { record.episodeRatings[$0] } ?? record.rating) == nil {
                    StandardStreams.output(text.sanitize(show.name + code + " had no rating") + "\n")
                    ProcessExit.now(0)
                }
            }
            if let episode {
                let key = WatchedEpisodeKey(show: show.id, season: episode.season, number: episode.number)
                let answer = await worker.rate(key, showName: show.name, rating: rating, at: now)
                saved(answer.notice, inMemoryOnly: answer.isInMemoryOnly)
            } else {
                let answer = await worker.rateShow(show.id, name: show.name, rating: rating, at: now)
                saved(answer.notice, inMemoryOnly: answer.isInMemoryOnly)
            }
            StandardStreams.output(text.sanitize(show.name + code + (rating.map { " rated \($0.value)" } ?? " rating cleared")) + "\n")
            ProcessExit.now(0)
        case .markPlay(let target, let episode):
            let show = await find(target, worker: worker, options: options, setup: setup)
            let key = WatchedEpisodeKey(show: show.id, season: episode.season, number: episode.number)
            let found = await checked(episode, of: show)
            let mark =
                found.flatMap { WatchedMark.of($0.episode, show: show.id, showName: show.name, markedAt: now, in: $0.list) }
                ?? WatchedMark(key: key, showName: show.name, markedAt: now)
            let answer = await worker.addPlays([mark])
            saved(answer.notice, inMemoryOnly: answer.isInMemoryOnly)
            let plays = answer.value.first { $0.key == key }?.plays ?? 1
            StandardStreams.output(
                text.sanitize("\(show.name) \(EpisodeCode.text(episode)) watched · \(plays) \(plays == 1 ? "play" : "plays")") + "\n")
            ProcessExit.now(0)
        }
    }

    /// Says the database's notice on standard error; exits 1 when the change is kept in memory
    /// only (it would be lost at exit).
    private static func saved(_ notice: String?, inMemoryOnly: Bool) {
        let line = notice.map { CellText(repertoire: .ascii).sanitize($0) }
        if inMemoryOnly { DiscoverApp.fail((line ?? "the watched-episodes database cannot be written") + "; nothing was saved", status: 1) }
        if let line { StandardStreams.error(line: line) }
    }

    /// The show a command names, or exits: 1 when no show has that name or id, 3 when the
    /// source cannot be asked.
    @MainActor
    static func find(_ target: String, worker: WatchedWorker, options: AppOptions, setup: ShowSetup) async -> FoundShow {
        let snapshot = SnapshotEpisodesWorker()
        let live = setup.nextEpisodes(options)
        let byProvider: @Sendable (String) -> (any EpisodesWorking)? = { provider in
            live(provider) ?? (provider == ProviderName.tvmaze.name ? snapshot : nil)
        }
        let provider = (TVComposition.liveSources(options).first ?? .tvmaze).name
        let known = await Caught.result { await knownShows(worker) }
        if case .success(let shows) = known, let match = match(target, in: shows, provider: provider) {
            return FoundShow(id: match.id, name: match.name, episodes: byProvider(match.id.provider))
        }
        let sources = setup.commandSources(options)
        let episodes = setup.episodes(options)
        let result = await Caught.result { try await ShowCommands.find(target, in: sources) }
        switch result {
        case .success(let details):
            let id = WatchedShowID(provider: details.source.provider.name, id: details.show.id)
            return FoundShow(id: id, name: details.show.name, episodes: episodes(details.source))
        case .failure(ShowCommands.Failure.unknown(let words)):
            DiscoverApp.fail(CellText(repertoire: .ascii).sanitize(words), status: 1)
        case .failure(ShowCommands.Failure.source(let error)):
            DiscoverApp.fail(CellText(repertoire: .ascii).sanitize("could not ask for the show: " + ShowFormatting.error(error)), status: 3)
        case .failure:
            DiscoverApp.fail("the command was interrupted", status: 1)
        }
    }

    /// The shows the database knows: the started ones, most recent first, then those rated only.
    static func knownShows(_ worker: WatchedWorker) async -> [(id: WatchedShowID, name: String)] {
        let started = await worker.startedShows().value.map { (id: $0.show, name: $0.name) }
        let rated = await worker.allRatings().value.shows.map { (id: $0.show, name: $0.name) }
        return started + rated
    }

    /// The known show a target means: a number is an id of `provider`'s, a name is one whose
    /// folded form is the target's.
    static func match(_ target: String, in shows: [(id: WatchedShowID, name: String)], provider: String) -> (id: WatchedShowID, name: String)? {
        if let id = Int(target) { return shows.first { $0.id.id == id && $0.id.provider == provider } }
        let folded = SearchFolding.fold(target)
        return shows.first { SearchFolding.fold($0.name) == folded }
    }

    /// The episode of a show's list with that season and number (a special's place among the
    /// specials for season 0), with the list; nil when no list is known. Exits 1 when the list
    /// is known and has no such episode, 3 when the source cannot be asked.
    @MainActor @discardableResult
    static func checked(_ episode: SeasonAndNumber?, of show: FoundShow) async -> (episode: Episode, list: ShowEpisodes)? {
        guard let episode, let source = show.episodes else { return nil }
        let result = await Caught.result { try await source.episodes(showID: show.id.id) }
        let list: ShowEpisodes
        switch result {
        case .success(let found?): list = found
        case .success(nil): return nil
        case .failure(let error as SourceError):
            DiscoverApp.fail(CellText(repertoire: .ascii).sanitize("could not ask for \(show.name)'s episodes: " + ShowFormatting.error(error)), status: 3)
        case .failure:
            DiscoverApp.fail("the command was interrupted", status: 1)
        }
        guard let found = (list.regularEpisodes + list.specials).first(where: { list.markKey(of: $0) == episode }) else {
            let seasons = list.seasons.count, specials = list.specials.count
            let held = "its list: \(seasons) \(seasons == 1 ? "season" : "seasons"), \(specials) \(specials == 1 ? "special" : "specials")"
            DiscoverApp.fail(CellText(repertoire: .ascii).sanitize("\(show.name) has no episode \(EpisodeCode.text(episode)) (\(held))"), status: 1)
        }
        return (found, list)
    }
}
