import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// `discover-tui search QUERY` and `discover-tui show ID|NAME`: finding shows from the command line.
///
/// A search asks the provider's own search of its whole catalogue (TVmaze `/search/shows?q=`,
/// TMDB `/3/search/tv?query=`); on the snapshot (or in `auto` when the live source cannot
/// answer) it ranks every show of the snapshot by name as the list's filter does.
/// A show is found by its id (a number: `/shows/{id}` on TVmaze, `/3/tv/{id}` on TMDB, the
/// snapshot's own ids offline) or by its name (TVmaze `/singlesearch/shows?q=`, TMDB's first
/// search hit, offline the best match of the snapshot).
///
/// With output to a pipe or file the result is printed (plain text, or JSON with `--json`):
/// exit 0; 1 for a search that found nothing (its header printed all the same), or with one
/// line on standard error for an unknown show or a source that fails.
enum ShowCommands {
    /// What a command found, or why not.
    enum Failure: Error, Equatable {
        /// The source failed.
        case source(SourceError)
        /// No show has that id or name (the words say which, and where).
        case unknown(String)

        /// The line standard error says.
        var message: String {
            switch self {
            case .source(let error): return ShowFormatting.error(error)
            case .unknown(let words): return words
            }
        }
    }

    /// Where the command's shows come from.
    struct Sources: Sendable {
        /// The TV source of the settings (live, with its cache and fallback, or the snapshot).
        let worker: any TVShowsWorking
        /// The snapshot, searched when there is no live source (or it gave way in `auto`).
        let snapshot: SnapshotShowsWorker
        /// The live providers' names, tried first first; empty on the snapshot.
        let providers: [ProviderName]
        /// The switch on each live source in `auto` (empty otherwise): a failure gives way to
        /// the next source as it rules, the same as on the screen.
        var switches = FallbackSwitches()
        /// The source of "Where to watch" for details from a source (TMDB's, with a key).
        var watch: @Sendable (DataSource) -> (any WatchProvidersWorking)? = { _ in nil }
        /// The viewer's country for "Where to watch" (the `country` setting).
        var watchCountry = "US"

        /// The first live provider's name; nil on the snapshot.
        var provider: ProviderName? { providers.first }

        /// The live provider answering now: the first whose switch has not given it up; nil
        /// once all were (the snapshot answers).
        func answeringProvider() async -> ProviderName? {
            for provider in providers {
                guard let fallbackSwitch = switches.on(provider) else { return provider }
                if await !fallbackSwitch.usesRecording { return provider }
            }
            return nil
        }

        /// Why each live source was given up, refusals first.
        func reasons() async -> [SourceError] {
            ShowFormatting.refusalsFirst(await switches.reasons())
        }
    }

    /// Search hits, best first, and where they came from.
    struct Hits: Sendable {
        /// The shows: those whose names hold the query first, then the close matches.
        let shows: [TVShow]
        /// The index of the first close match (a name that holds only the query's letters in
        /// order, or a provider's hit its name does not explain); `shows.count` for none.
        var closeFrom: Int
        /// Their source.
        let source: DataSource
        /// Why the live source was given up for the snapshot, if it was.
        let fallbackReason: SourceError?
    }

    /// Searches the whole catalogue.
    /// - Parameters:
    ///   - query: the query as typed.
    ///   - sources: where to look.
    /// - Returns: the hits ranked as the list's filter ranks its rows (`MatchTiers`): by tier
    ///   (exact, whole word, word prefix, inside a word, then the close matches), then in the provider's
    ///   order (the snapshot's: its popularity order).
    /// - Throws: `Failure.source` when the source fails (and does not fall back).
    static func search(_ query: String, in sources: Sources) async throws -> Hits {
        if sources.provider != nil {
            do {
                if let hits = try await sources.worker.searchShows(query: query), let provider = await sources.answeringProvider() {
                    let ranked = MatchTiers.rank(hits, query: query)
                    return Hits(shows: ranked.shows, closeFrom: ranked.closeFrom, source: .live(provider: provider), fallbackReason: nil)
                }
            } catch let error as SourceError {
                throw Failure.source(error)
            }
        }
        let (shows, closeFrom, source) = try await snapshotMatches(query, in: sources.snapshot)
        return Hits(shows: shows, closeFrom: closeFrom, source: source, fallbackReason: await sources.reasons().first)
    }

    /// The snapshot's shows matching a query, best first, and the index of the first close match.
    private static func snapshotMatches(_ query: String, in snapshot: SnapshotShowsWorker) async throws -> ([TVShow], Int, DataSource) {
        let catalog: ShowCatalog
        do {
            catalog = try await snapshot.loadedCatalog()
        } catch let error as SourceError {
            throw Failure.source(error)
        }
        let filter = NameFilter(namesOf: catalog.shows)
        let folded = NameFilter.fold(query.trimming(.whitespaces))
        guard !folded.isEmpty else { return ([], 0, catalog.source) }
        let found = filter.tiers(folded)
        return (found.ranked.map { catalog.shows[$0] }, found.found, catalog.source)
    }

    /// Finds one show by id or name, with its details.
    /// - Parameters:
    ///   - target: a number (an id of the source) or a name.
    ///   - sources: where to look.
    /// - Returns: the details.
    /// - Throws: `Failure.unknown` when no show has that id or name; `Failure.source` when the
    ///   source fails.
    static func find(_ target: String, in sources: Sources) async throws -> TVShowDetails {
        let isID = !target.isEmpty && target.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        if sources.provider != nil {
            do {
                if isID, let id = Int(target) {
                    // Through the switches: an id the live source cannot be asked about is the
                    // snapshot's, whose ids are TVmaze's.
                    let details: TVShowDetails
                    do {
                        details = try await sources.worker.showDetails(for: TVShow(id: id, name: ""))
                    } catch SourceError.notFound {
                        throw Failure.unknown("\((await sources.answeringProvider() ?? sources.provider)?.name ?? "the source") has no show with id \(id)")
                    }
                    guard details.source.isFromNetwork || !details.show.name.isEmpty else {
                        throw Failure.unknown("the \(ShowFormatting.source(details.source)) has no show with id \(id)")
                    }
                    return details
                }
                if let named = try await sources.worker.showNamed(target) {
                    guard let show = named else {
                        throw Failure.unknown("\((await sources.answeringProvider() ?? sources.provider)?.name ?? "the source") knows no show named “\(target)”")
                    }
                    return try await sources.worker.showDetails(for: show)
                }
            } catch let error as SourceError {
                throw Failure.source(error)
            }
        }
        let catalog: ShowCatalog
        do {
            catalog = try await sources.snapshot.loadedCatalog()
        } catch let error as SourceError {
            throw Failure.source(error)
        }
        let show: TVShow
        if isID, let id = Int(target) {
            guard let found = catalog.shows.first(where: { $0.id == id }) else {
                throw Failure.unknown("the \(ShowFormatting.source(catalog.source)) has no show with id \(id)")
            }
            show = found
        } else {
            guard let best = try await snapshotMatches(target, in: sources.snapshot).0.first else {
                throw Failure.unknown("no show in the \(ShowFormatting.source(catalog.source)) matches “\(target)”")
            }
            show = best
        }
        do {
            return try await sources.snapshot.showDetails(for: show)
        } catch let error as SourceError {
            throw Failure.source(error)
        }
    }

    /// Runs a command with output to a pipe or file, prints its result and exits.
    /// - Parameters:
    ///   - command: the command.
    ///   - sources: where to look.
    ///   - json: JSON (lines for a search, one object for a show) instead of text.
    ///   - tsv: a search's hits tab-separated instead of in fixed columns.
    ///   - ascii: ASCII only.
    @MainActor
    static func runPiped(_ command: AppOptions.ShowsCommand, sources: Sources, json: Bool, tsv: Bool = false, ascii: Bool) async -> Never {
        let text = CellText(repertoire: ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
        enum Found: Sendable {
            case hits(Hits, query: String)
            case details(TVShowDetails, WatchProviders?, asked: Bool)
        }
        // The work runs off the main thread, which waits for it; the output is written here.
        let result = await Caught.result { () -> Found in
            switch command {
            case .search(let query): return .hits(try await search(query, in: sources), query: query)
            case .show(let target):
                let details = try await find(target, in: sources)
                guard let watch = sources.watch(details.source) else { return .details(details, nil, asked: false) }
                return .details(details, try? await watch.watchProviders(showID: details.show.id, countryCode: sources.watchCountry), asked: true)
            case .tonight, .upcoming, .person, .similar: throw CancellationError()
            }
        }
        switch result {
        case .success(.hits(let hits, let query)):
            // The hits first: when they cannot be written, the one line on standard error is
            // that failure (see StandardStreams).
            StandardStreams.output(render(hits, query: query, json: json, tsv: tsv, text: text))
            await FallbackNotice.say(reasons(sources), instead: "searching the \(ShowFormatting.source(hits.source))")
            // Nothing found, not even a close match: exit 1, as every listing command.
            ProcessExit.now(hits.shows.isEmpty ? 1 : 0)
        case .success(.details(let details, let watch, let asked)):
            let country = asked ? sources.watchCountry : nil
            StandardStreams.output(
                json
                    ? renderJSON(details, watch: watch, country: country, text: text)
                    : renderText(details, watch: watch, country: country, text: text))
            await FallbackNotice.say(reasons(sources), instead: "showing the \(ShowFormatting.source(details.source))")
            ProcessExit.now(0)
        case .failure(let failure as Failure):
            DiscoverApp.fail(CellText(repertoire: .ascii).sanitize(failure.message), status: 1)
        case .failure(let error as SourceError):
            DiscoverApp.fail(CellText(repertoire: .ascii).sanitize(ShowFormatting.error(error)), status: 1)
        case .failure:
            DiscoverApp.fail("the command was interrupted", status: 1)
        }
    }

    /// The sources' fallback reasons, read after the work is done.
    static func reasons(_ sources: Sources) async -> [SourceError] {
        await sources.reasons()
    }

    /// A search's hits as text (a header, then one line a show in fixed columns, `PlainTable`),
    /// tab-separated values (`tsv`: a header line, then one line a show with `closeMatch`) or
    /// JSON lines.
    static func render(_ hits: Hits, query: String, json: Bool, tsv: Bool = false, text: CellText) -> String {
        let source = ShowFormatting.source(hits.source)
        if json {
            // The values as the source sent them: JSONLine escapes what a terminal would act on.
            return hits.shows.enumerated().compactMap { index, show in
                let line = PlainTextOutput.JSONShow(
                    rank: index + 1, id: show.id, name: show.name, years: ShowFormatting.years(show),
                    genres: show.genres, rating: show.rating, network: show.broadcaster.map(\.name), source: source,
                    closeMatch: index >= hits.closeFrom)
                return JSONLine.encode(line, asciiOnly: text.repertoire == .ascii).map { $0 + "\n" }
            }.joined()
        }
        let found = min(hits.closeFrom, hits.shows.count), close = hits.shows.count - found
        let table = PlainTextOutput.showTable(hits.shows, source: source, closeFrom: found)
        if tsv { return table.tabSeparated(text) }
        let closeText = close == 1 ? "1 close match" : "\(close) close matches"
        let said: String
        if found == 0 && close > 0 {
            said = "No show's name holds “\(text.sanitize(query))”: \(closeText) (its letters in order)"
        } else {
            said = "\(found) \(found == 1 ? "show" : "shows") found for “\(text.sanitize(query))”" + (close > 0 ? ", then \(closeText)" : "")
        }
        // The close matches under a remark of their own, in the same columns as the rest.
        var lines = PlainTable(columns: table.columns)
        for (index, line) in table.lines.enumerated() {
            if index == found && found > 0 { lines.append(text: "# close matches (the query's letters in order):") }
            if case .cells(let cells) = line { lines.append(cells) }
        }
        return "# \(said), \(source). \(ShowFormatting.credit(for: hits.source))\n" + lines.columnsText(text)
    }

    /// A show's details as plain text: name, years and rating, the facts, then summary, cast
    /// and seasons, and the source with its credit.
    @MainActor
    static func renderText(_ details: TVShowDetails, watch: WatchProviders? = nil, country: String? = nil, text: CellText) -> String {
        let model = viewModel(details, watch: watch, country: country)
        var out = text.sanitize(model.title) + "\n" + text.sanitize(model.subtitle) + "\n\n"
        let labelWidth = model.facts.map { $0.label.count }.max() ?? 0
        for fact in model.facts {
            out += text.padded(fact.label, cells: labelWidth) + "  " + text.sanitize(fact.value) + "\n"
        }
        for section in model.sections {
            out += "\n" + section.title + "\n"
            for paragraph in section.paragraphs { out += "  " + text.sanitize(paragraph) + "\n" }
        }
        out += "\n# \(model.sourceLabel). \(model.credit)\n"
        return out
    }

    /// One show's details as one JSON object (one line).
    @MainActor
    static func renderJSON(_ details: TVShowDetails, watch: WatchProviders? = nil, country: String? = nil, text: CellText) -> String {
        let show = details.show
        let object = JSONDetails(
            id: show.id, name: show.name, years: ShowFormatting.years(show), rating: show.rating,
            status: show.status, type: show.type, language: show.language,
            network: show.broadcaster.map(\.name), genres: show.genres,
            premiered: show.premiered?.description, ended: show.ended?.description, runtimeMinutes: show.runtimeMinutes,
            officialSite: show.officialSite, summary: show.summary,
            cast: details.cast?.map { .init(person: $0.personName, character: $0.characterName, voice: $0.isVoice) },
            seasons: details.seasons?.map { .init(number: $0.number, episodes: $0.episodeCount, premiered: $0.premiered?.description) },
            source: ShowFormatting.source(details.source), watch: JSONWatch(watch, country: country))
        // The values as the source sent them: JSONLine escapes what a terminal would act on.
        return JSONLine.encode(object, asciiOnly: text.repertoire == .ascii).map { $0 + "\n" } ?? "{}\n"
    }

    /// The detail scene's view model of a show's details (its own formatting, reused).
    @MainActor
    private static func viewModel(_ details: TVShowDetails, watch: WatchProviders?, country: String?) -> ShowDetail.LoadDetails.ViewModel {
        final class Capture: ShowDetailDisplayLogic {
            var model: ShowDetail.LoadDetails.ViewModel?
            func displayDetails(viewModel: ShowDetail.LoadDetails.ViewModel) { model = viewModel }
        }
        let capture = Capture()
        let presenter = ShowDetailPresenter(now: { Int64(Date().timeIntervalSince1970) }, airClock: .system(environment: ProcessInfo.processInfo.environment))
        presenter.viewController = capture
        presenter.presentDetails(
            response: .init(
                show: details.show, details: details, isLoading: false, error: nil, listedSource: details.source,
                watch: watch, watchCountry: country))
        return capture.model ?? .init(id: details.show.id, title: details.show.name, subtitle: "", facts: [], sections: [], message: nil, messageIsError: false, sourceLabel: "")
    }

    /// The JSON object of `discover-tui show ID --json`.
    struct JSONDetails: Encodable {
        struct Credit: Encodable {
            let person: String
            let character: String?
            let voice: Bool
        }
        struct Season: Encodable {
            let number: Int
            let episodes: Int?
            let premiered: String?
        }
        let id: Int
        let name: String
        let years: String
        let rating: Double?
        let status: String?
        let type: String?
        let language: String?
        let network: String?
        let genres: [String]
        let premiered: String?
        let ended: String?
        let runtimeMinutes: Int?
        let officialSite: String?
        let summary: [String]
        let cast: [Credit]?
        let seasons: [Season]?
        let source: String
        /// Where to watch in the viewer's country (TMDB with a key); absent otherwise.
        let watch: JSONWatch?
    }
}
