import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// `discover-tui similar ID|NAME [--json]`: the shows like one show, printed one a line (plain
/// text, or JSON lines with `--json`), best first.
///
/// The show is found as `discover-tui show` finds it. For a TMDB show (with a key): TMDB's
/// recommendations, then its similar shows when it recommends none. Otherwise (no key,
/// TVmaze, offline): a score worked out here over the snapshot's catalogue (`ShowSimilarity`:
/// shared genres, the same network or web channel, language, shared recorded cast,
/// popularity), said as such ("by genre, network and cast, worked out here"), with the reason
/// on every line. Exit 0; 1 with one line on standard error for an unknown show or a failed
/// source.
struct SimilarCommand: AsyncCommand {
    /// A number (an id of the source) or a name.
    let target: String
    /// The settings (the TMDB key and base URL, `--json`, `--ascii`).
    let options: AppOptions
    /// Where shows are found (as `discover-tui show`).
    let setup: ShowSetup

    /// Finds the show and its like, prints them and exits.
    func run() async -> Never {
        let target = self.target, options = self.options, sources = setup.commandSources(options)
        let text = CellText(repertoire: options.ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
        let snapshot = sources.snapshot
        let result = await Caught.result { () -> (TVShow, SimilarShows) in
            let details = try await ShowCommands.find(target, in: sources)
            let worker = Self.worker(for: details.source, options: options, catalog: { try await snapshot.loadedCatalog() })
            do {
                return (details.show, try await worker.similarShows(to: details.show))
            } catch let error as SourceError {
                throw ShowCommands.Failure.source(error)
            }
        }
        switch result {
        case .success(let (show, similar)):
            StandardStreams.output(options.json ? Self.renderJSON(similar, text: text) : Self.renderText(similar, of: show, text: text, tsv: options.tsv))
            await FallbackNotice.say(ShowCommands.reasons(sources), instead: "showing the \(ShowFormatting.source(similar.source))")
            // No show like it: exit 1, as every listing command.
            ProcessExit.now(similar.entries.isEmpty ? 1 : 0)
        case .failure(let failure as ShowCommands.Failure):
            DiscoverApp.fail(CellText(repertoire: .ascii).sanitize(failure.message), status: 1)
        case .failure(let error as SourceError):
            DiscoverApp.fail(CellText(repertoire: .ascii).sanitize(ShowFormatting.error(error)), status: 1)
        case .failure:
            DiscoverApp.fail("the command was interrupted", status: 1)
        }
    }

    /// The source of similar shows for a show from `source`: TMDB's for a TMDB show with a
    /// key (over TMDB's row's client and pacer), else the score worked out over the catalogue.
    static func worker(
        for source: DataSource, options: AppOptions, catalog: @escaping @Sendable () async throws -> ShowCatalog, table: ProviderTable = .standard
    ) -> any SimilarShowsWorking {
        if source.isFromNetwork, source.provider == TMDBShowsWorker.provider, let row = table.row(TMDBShowsWorker.provider),
            let credential = options.tmdbCredential, let base = options.tmdbBase ?? TMDBShowsWorker.defaultBaseURL
        {
            let http = row.client(totalSeconds: 15, authorities: options.authorities)
            return TMDBSimilarWorker(credential: credential, baseURL: base, http: http)
        }
        return CatalogueSimilarWorker(catalog: catalog)
    }

    /// How the list was made, in words.
    static func basis(_ similar: SimilarShows) -> String {
        switch similar.basis {
        case .recommendations: return "\(similar.source.provider)'s recommendations"
        case .similar: return "\(similar.source.provider)'s similar shows"
        case .localScore: return SimilarShows.localLabel
        }
    }

    /// A header, then one line a show in fixed columns: rank, name, years, rating, reason; or
    /// (`tsv`) tab-separated, a header line first.
    static func renderText(_ similar: SimilarShows, of show: TVShow, text: CellText, tsv: Bool = false) -> String {
        var table = PlainTable(columns: [
            .init(name: "rank", cap: 6, alignRight: true), .init(name: "name", cap: 40), .init(name: "years", cap: 10),
            .init(name: "rating", cap: 4, alignRight: true), .init(name: "reason", cap: 60)
        ])
        for (index, entry) in similar.entries.enumerated() {
            table.append([
                String(index + 1), ShowFormatting.name(entry.show).text, ShowFormatting.years(entry.show), entry.show.rating.map(ShowFormatting.rating),
                entry.reason ?? ""
            ])
        }
        if tsv { return table.tabSeparated(text) }
        let count = similar.entries.count
        let header =
            "# \(count == 1 ? "1 show" : "\(count) shows") like \(text.sanitize(ShowFormatting.name(show).text)): \(basis(similar)), "
            + "\(ShowFormatting.source(similar.source)). \(ShowFormatting.credit(for: similar.source))\n"
        return header + table.columnsText(text)
    }

    /// One JSON object a show, best first.
    struct JSONSimilar: Encodable {
        let rank: Int
        let id: Int
        let name: String
        let years: String
        let rating: Double?
        let genres: [String]
        let network: String?
        let reason: String?
        let basis: String
        let source: String
    }

    /// JSON lines, one a show.
    static func renderJSON(_ similar: SimilarShows, text: CellText) -> String {
        similar.entries.enumerated().compactMap { index, entry in
            let line = JSONSimilar(
                rank: index + 1, id: entry.show.id, name: entry.show.name, years: ShowFormatting.years(entry.show),
                rating: entry.show.rating, genres: entry.show.genres, network: entry.show.broadcaster?.name,
                reason: entry.reason, basis: basis(similar), source: ShowFormatting.source(similar.source))
            return JSONLine.encode(line, asciiOnly: text.repertoire == .ascii).map { $0 + "\n" }
        }.joined()
    }
}
