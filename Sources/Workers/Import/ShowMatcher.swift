import Domain
import FoundationEssentials

/// Maps the rows of an export to TVmaze shows and episodes without a key, and turns them into
/// favourites and watched marks.
///
/// Shows: a TVmaze id is taken as it is; a TheTVDB id is looked up with
/// `/lookup/shows?thetvdb=ID`, an IMDb id with `/lookup/shows?imdb=tt…` (TVmaze redirects to the
/// show; the client follows); a name alone (Netflix, IMDb episodes) is looked for first among
/// the local catalogue's shows (same name once folded: one show is the match), then with
/// `/singlesearch/shows?q=NAME`. A TMDB id alone cannot be looked up without a key.
///
/// Episodes: by season and number as the file gives them (Trakt, TV Time); by title within the
/// season, or within the whole show when the title names no season (Netflix, IMDb), from
/// `/shows/{id}/episodes`: one episode with that title once folded is the match, several are
/// ambiguous; `Episode 3` or `Chapter 3` with no such title is number 3 of the season.
///
/// Every row with a season and number is checked against the show's episode list when one is
/// known (the embedded snapshot's, the response cache's, or fetched when online): an episode
/// the list does not hold (`S01E99`, a season that never aired) is unmatched, with its reason.
/// Specials (season 0) are not checked: TVmaze numbers none of them.
///
/// Every lookup is kept in the journal as it finishes and every episode list in the response
/// cache, so a run stopped part way (Ctrl-C cancels the task) asks nothing again next time.
/// Requests go through the client given, which paces them (`RequestPacer.Rule.tvmaze`).
public struct ShowMatcher: Sendable {
    /// Why matching stopped before the end.
    public struct Unreachable: Error, Sendable, CustomStringConvertible {
        /// What failed.
        public let reason: String
        /// The reason, and that the finished lookups are kept.
        public var description: String { "cannot ask TVmaze: \(reason); the lookups finished so far are kept, run the import again to go on" }
    }

    /// What matching gave.
    public struct Result: Sendable {
        /// The favourites and marks, one per show and per episode (the earliest time kept).
        public var history: WatchHistory
        /// The rows not matched or matched ambiguously, in file order.
        public var problems: [ImportProblem]
        /// How many rows became a favourite or a mark.
        public var matchedRows: Int
    }

    let client: any HTTPFetching
    let base: URL
    let journal: LookupJournal
    let cache: ResponseCache?
    let localNames: [String: [Int]]
    let now: Int
    let secondsPerRequest: Double
    /// True with `--offline`: TVmaze is never asked; a show or an episode list the journal or
    /// the cache does not hold leaves its rows unmatched.
    let offline: Bool
    /// True for discover-tui's own export: a show with a TMDB id and no TVmaze id is the
    /// store's TMDB show and is taken as it is, not looked up by name.
    let keepsTMDBIDs: Bool
    let progress: @Sendable (ImportProgress) -> Void
    /// The episode lists known without asking (the embedded snapshot's), by TVmaze show id.
    let recorded: @Sendable (Int) async -> ShowEpisodes?

    /// Makes a matcher.
    /// - Parameters:
    ///   - client: the HTTP client (paced and retrying in the app).
    ///   - base: TVmaze's API base, `https://api.tvmaze.com` (tests: the loopback server).
    ///   - journal: the finished lookups.
    ///   - cache: the response cache for episode lists; nil for none.
    ///   - catalogue: the local catalogue's shows (TVmaze ids), for names.
    ///   - now: the time for rows without one, in seconds since 1970.
    ///   - rule: the pacer's rule the client keeps, so the time left is never guessed below it
    ///     (default `RequestPacer.Rule.tvmaze`).
    ///   - offline: never ask TVmaze (`--offline`): what the journal, the cache and the
    ///     catalogue do not answer is unmatched.
    ///   - keepsTMDBIDs: take a show with a TMDB id and no TVmaze id as TMDB's (discover-tui's
    ///     own export, whose shows are the store's).
    ///   - progress: called after each show with how far it is.
    ///   - recorded: a show's episode list known without asking (the embedded snapshot's),
    ///     by TVmaze id; nil when none is.
    public init(
        client: any HTTPFetching, base: URL, journal: LookupJournal, cache: ResponseCache?, catalogue: [TVShow], now: Int,
        rule: RequestPacer.Rule = .tvmaze, offline: Bool = false, keepsTMDBIDs: Bool = false,
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in },
        recorded: @escaping @Sendable (Int) async -> ShowEpisodes? = { _ in nil }
    ) {
        self.recorded = recorded
        self.offline = offline
        self.keepsTMDBIDs = keepsTMDBIDs
        let window = rule.window.components
        secondsPerRequest = (Double(window.seconds) + Double(window.attoseconds) / 1e18) / Double(rule.limit)
        self.client = client
        self.base = base
        self.journal = journal
        self.cache = cache
        var names: [String: [Int]] = [:]
        for show in catalogue { names[Self.nameKey(show.name), default: []].append(show.id) }
        localNames = names
        self.now = now
        self.progress = progress
    }

    /// A name as names are compared: folded (case, diacritics, width), letters and digits only,
    /// words separated by one space (`Brooklyn Nine-Nine` → `brooklyn nine nine`).
    public static func nameKey(_ name: String) -> String {
        let folded = SearchFolding.fold(name)
        var out = ""
        var space = false
        for c in folded {
            if c.isLetter || c.isNumber {
                if space && !out.isEmpty { out.append(" ") }
                out.append(c)
                space = false
            } else if c != "'" && c != "’" {
                space = true
            }
        }
        return out
    }

    /// Maps every record.
    /// - Parameter batch: the rows read.
    /// - Returns: the favourites and marks, and the rows that could not be matched.
    /// - Throws: `CancellationError` when the task is cancelled (Ctrl-C); `Unreachable` when
    ///   TVmaze cannot be asked. The lookups finished before are kept either way.
    public func match(_ batch: ImportBatch) async throws -> Result {
        try await match(ImportRows([batch]))
    }

    /// Maps every record, letting each part of the rows go once it is built (`ImportRows`).
    /// - Parameter rows: the rows read; empty afterwards when matching went to the end.
    /// - Returns: the favourites and marks, and the rows that could not be matched.
    /// - Throws: as `match(_:)`; the rows are kept then.
    public func match(_ rows: ImportRows) async throws -> Result {
        var queries: [String] = []
        var seen: Set<String> = []
        // Shows with rows found by episode title (their episode lists are fetched with them),
        // and shows with numbered episodes (checked against the lists).
        var byTitle: Set<String> = []
        var numbered: Set<String> = []
        for record in rows.records {
            guard let key = Self.query(record.show, name: record.showName, keepsTMDB: keepsTMDBIDs) else { continue }
            if seen.insert(key).inserted { queries.append(key) }
            if record.kind == .watched && (record.season == nil || record.number == nil) { byTitle.insert(key) }
            if record.kind == .watched || record.kind == .rated, let season = record.season, season > 0, record.number != nil { numbered.insert(key) }
        }
        var episodeLists: [Int: [TVmazeLookupDTO.Episode]] = [:]
        var shows: [String: Resolution] = [:]
        var unmatched = 0
        var requests = 0
        let clock = ContinuousClock()
        let start = clock.now
        for (index, key) in queries.enumerated() {
            try Task.checkCancellation()
            let resolution: Resolution
            do {
                let (found, asked) = try await resolve(key)
                resolution = found
                requests += asked
            } catch is NotAsked {
                resolution = .notAsked
            }
            shows[key] = resolution
            if byTitle.contains(key) || numbered.contains(key), case .found(let ids, _) = resolution, let id = ids.tvmaze, episodeLists[id] == nil {
                try Task.checkCancellation()
                do {
                    let (list, asked) = try await episodes(of: id)
                    episodeLists[id] = list
                    requests += asked
                } catch is NotAsked {}
            }
            if case .found = resolution {} else { unmatched += 1 }
            var left: Int?
            if requests > 0 {
                let elapsed = clock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                // About one request per show left, at the pace so far but never faster than the rule.
                left = Int(max(seconds / Double(requests), secondsPerRequest) * Double(queries.count - index - 1))
            }
            progress(ImportProgress(done: index + 1, total: queries.count, unmatched: unmatched, secondsLeft: left))
        }
        return build(rows, shows: shows, episodeLists: episodeLists)
    }
}
