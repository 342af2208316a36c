import Domain
import FoundationEssentials
import Scenes
import Terminal
import Workers

/// `discover-tui show ID|NAME --episodes` with output to a pipe or file: the show's episodes with
/// their ratings, one line each (`S01E09  Baelor  2011-06-12  57 min  9.1`) after a header
/// naming the show, the counts and the source, or one JSON object a line with `--json`.
/// Regular episodes come season by season, then the specials.
///
/// Exit 0; 1 with one line on standard error for an unknown show, a source that fails, or a
/// show whose episode list the source does not hold (the snapshot records only some shows).
enum EpisodeListOutput {
    /// Finds the show, reads its episodes, prints them and exits.
    /// - Parameters:
    ///   - target: the show's id or name, as `discover-tui show` takes it.
    ///   - sources: where to look for the show.
    ///   - episodes: the episodes source for a show whose details came from a given source.
    ///   - json: JSON lines instead of text.
    ///   - tsv: tab-separated values instead of fixed columns.
    ///   - ascii: ASCII only.
    @MainActor
    static func runPiped(
        target: String, sources: ShowCommands.Sources, episodes: @escaping @Sendable (DataSource) -> any EpisodesWorking,
        json: Bool, tsv: Bool = false, ascii: Bool
    ) async -> Never {
        let text = CellText(repertoire: ascii || !LocaleInfo.isUTF8 ? .ascii : .unicode)
        // The episodes source gives way to the recordings through the sources' switches, as on
        // the screen (TVmaze's ids are the snapshot's).
        let result = await Caught.result { () -> (TVShowDetails, ShowEpisodes?) in
            let details = try await ShowCommands.find(target, in: sources)
            return (details, try await episodes(details.source).episodes(showID: details.show.id))
        }
        let errorText = CellText(repertoire: .ascii)
        switch result {
        case .success((let details, let guide?)):
            StandardStreams.output(json ? renderJSON(guide, text: text) : renderText(guide, show: details.show, text: text, tsv: tsv))
            await FallbackNotice.say(ShowCommands.reasons(sources), instead: "showing the \(ShowFormatting.source(guide.source))")
            ProcessExit.now(0)
        case .success((let details, nil)):
            let name = ShowFormatting.name(details.show).text
            DiscoverApp.fail(errorText.sanitize("the \(ShowFormatting.source(details.source)) has no episode list for \(name)"), status: 1)
        case .failure(let failure as ShowCommands.Failure):
            DiscoverApp.fail(errorText.sanitize(failure.message), status: 1)
        case .failure(let error as SourceError):
            DiscoverApp.fail(errorText.sanitize(ShowFormatting.error(error)), status: 1)
        case .failure:
            DiscoverApp.fail("the command was interrupted", status: 1)
        }
    }

    /// Every episode in order: the seasons', then the specials.
    static func ordered(_ guide: ShowEpisodes) -> [Episode] {
        guide.regularEpisodes + guide.specials
    }

    /// The list as text: a header, then one line an episode in fixed columns (`PlainTable`):
    /// code, name, air date (the day on the viewer's calendar, as the guide's rows say it),
    /// runtime, rating to one decimal (`—` for what is missing); or tab-separated (`tsv`), a
    /// header line first.
    /// - Parameter viewer: an instant on the viewer's wall (the system's zone by default).
    static func renderText(
        _ guide: ShowEpisodes, show: TVShow, text: CellText, tsv: Bool = false,
        viewer: (Date) -> LocalWallTime? = AirClock.system(environment: ProcessInfo.processInfo.environment).viewer
    ) -> String {
        let episodes = ordered(guide)
        var table = PlainTable(columns: [
            .init(name: "code", cap: 8), .init(name: "name", cap: 48), .init(name: "airdate", cap: 10),
            .init(name: "runtime", cap: 7, alignRight: true), .init(name: "rating", cap: 4, alignRight: true)
        ])
        for episode in episodes {
            table.append([
                episode.code, episode.name.isEmpty ? "(untitled)" : episode.name, AirTimeText.viewerDay(episode, viewer: viewer)?.description,
                episode.runtimeMinutes.map { "\($0) min" }, episode.rating.map { DecimalText.fixed($0.average, decimals: 1) }
            ])
        }
        if tsv { return table.tabSeparated(text) }
        let seasons = guide.seasons.count
        let out =
            "# \(text.sanitize(ShowFormatting.name(show).text)): \(guide.regularEpisodes.count) "
            + "\(guide.regularEpisodes.count == 1 ? "episode" : "episodes") in \(seasons) \(seasons == 1 ? "season" : "seasons")"
            + (guide.specials.isEmpty ? "" : " and \(guide.specials.count) \(guide.specials.count == 1 ? "special" : "specials")")
            + ", \(ShowFormatting.source(guide.source)). \(ShowFormatting.credit(for: guide.source))\n"
        return out + table.columnsText(text, missing: text.repertoire == .ascii ? "-" : ShowFormatting.missing)
    }

    /// The list as JSON lines, one `JSONEpisode` an episode.
    static func renderJSON(_ guide: ShowEpisodes, text: CellText) -> String {
        let source = ShowFormatting.source(guide.source)
        let iso = Date.ISO8601FormatStyle()
        return ordered(guide).compactMap { episode in
            let line = JSONEpisode(
                show: guide.showID, id: episode.id, code: episode.code, season: episode.season, number: episode.number,
                name: episode.name, airdate: episode.airDate?.description, airstamp: episode.airstamp.map { iso.format($0) },
                runtimeMinutes: episode.runtimeMinutes, rating: episode.rating?.average, votes: episode.rating?.voteCount,
                special: episode.isSpecial, summary: episode.summary, source: source)
            return JSONLine.encode(line, asciiOnly: text.repertoire == .ascii).map { $0 + "\n" }
        }.joined()
    }

    /// One line of `discover-tui show ID --episodes --json`: the show's id, the episode's id,
    /// `S01E09` code, season, number (null for an unnumbered special), name, air date
    /// (`YYYY-MM-DD`), air instant (ISO 8601, UTC), runtime in minutes, rating 0–10 and its
    /// vote count when known, whether it is a special, the summary's paragraphs, the source.
    struct JSONEpisode: Encodable {
        let show: Int
        let id: Int
        let code: String
        let season: Int
        let number: Int?
        let name: String
        let airdate: String?
        let airstamp: String?
        let runtimeMinutes: Int?
        let rating: Double?
        let votes: Int?
        let special: Bool
        let summary: [String]
        let source: String
    }
}
