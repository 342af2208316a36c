import Domain
import FoundationEssentials

extension ShowMatcher {
    /// What a show lookup found.
    enum Resolution: Sendable {
        /// TVmaze's show: its ids and name.
        case found(ProviderIDs, name: String)
        /// No show, and why.
        case unmatched(String)
        /// Several shows, and which.
        case ambiguous(String)
        /// Not looked up: `--offline`, and neither the journal nor the catalogue knows it.
        case notAsked
    }

    /// The lookup a row's show needs: `tvmaze:ID`, `tvdb:ID`, `imdb:tt…`, `name:KEY`, or nil
    /// when the row has nothing to look up with (`tmdb:ID` alone is kept as a query and
    /// answered unmatched, unless `keepsTMDB`: then a TMDB id without a TVmaze id is the query).
    static func query(_ ids: ProviderIDs, name: String, keepsTMDB: Bool = false) -> String? {
        if let id = ids.tvmaze { return "tvmaze:\(id)" }
        if keepsTMDB, let id = ids.tmdb { return "tmdb:\(id)" }
        if let id = ids.tvdb { return ids.imdb.map { "tvdb:\(id)|imdb:\($0)" } ?? "tvdb:\(id)" }
        if let id = ids.imdb { return "imdb:\(id)" }
        let key = nameKey(name)
        if !key.isEmpty { return "name:\(key)|\(name)" }
        if let id = ids.tmdb { return "tmdb:\(id)" }
        return nil
    }

    /// Answers one query from the journal, the local catalogue or TVmaze.
    /// - Returns: the resolution and how many requests it took.
    func resolve(_ query: String) async throws -> (Resolution, Int) {
        if query.hasPrefix("tvmaze:"), let id = Int(query.dropFirst(7)) {
            return (.found(ProviderIDs(tvmaze: id), name: ""), 0)
        }
        if query.hasPrefix("tmdb:") {
            if keepsTMDBIDs, let id = Int(query.dropFirst(5)) { return (.found(ProviderIDs(tmdb: id), name: ""), 0) }
            return (.unmatched("TVmaze cannot look up a TMDB id; add the show's tvmaze id"), 0)
        }
        if query.hasPrefix("name:") {
            let parts = query.dropFirst(5).split(separator: "|", maxSplits: 1).map(String.init)
            let key = parts[0], name = parts.count > 1 ? parts[1] : parts[0]
            let local = localNames[key] ?? []
            if local.count == 1 { return (.found(ProviderIDs(tvmaze: local[0]), name: name), 0) }
            var (answer, asked) = try await lookup("name:\(key)", path: "/singlesearch/shows", item: URLQueryItem(name: "q", value: name))
            // `Trollhunters: Tales of Arcadia` is `Trollhunters` at TVmaze: a name with `: ` in
            // it is tried again with its first part.
            if answer == .none, local.isEmpty, let colon = name.firstRange(of: ": ") {
                let short = String(name[..<colon.lowerBound])
                let shortLocal = localNames[Self.nameKey(short)] ?? []
                if shortLocal.count == 1 { return (.found(ProviderIDs(tvmaze: shortLocal[0]), name: name), asked) }
                let (second, more) = try await lookup("name:\(Self.nameKey(short))", path: "/singlesearch/shows", item: URLQueryItem(name: "q", value: short))
                answer = second
                asked += more
            }
            switch answer {
            case .show(let ids, let found):
                return (.found(ids, name: found), asked)
            case .none where local.count > 1:
                return (.ambiguous("\(local.count) shows in the catalogue are called '\(name)' and TVmaze's search found none"), asked)
            case .none:
                return (.unmatched("no TVmaze show is called '\(name)'"), asked)
            }
        }
        var asked = 0
        for part in query.split(separator: "|").map(String.init) {
            let item: URLQueryItem
            let label: String
            if part.hasPrefix("tvdb:") {
                item = URLQueryItem(name: "thetvdb", value: String(part.dropFirst(5)))
                label = "TheTVDB id \(part.dropFirst(5))"
            } else {
                item = URLQueryItem(name: "imdb", value: String(part.dropFirst(5)))
                label = "IMDb id \(part.dropFirst(5))"
            }
            let (answer, n) = try await lookup(part, path: "/lookup/shows", item: item)
            asked += n
            if case .show(let ids, let name) = answer { return (.found(ids, name: name), asked) }
            if part == query.split(separator: "|").last.map(String.init) {
                return (.unmatched("no TVmaze show has \(label)"), asked)
            }
        }
        return (.unmatched("nothing to look the show up with"), asked)
    }

    /// What `--offline` leaves unasked: a lookup or an episode list not kept locally.
    struct NotAsked: Error {}

    /// One lookup, from the journal or from TVmaze (then kept in the journal).
    /// - Returns: the answer and how many requests it took (0 or 1).
    /// - Throws: `NotAsked` offline when the journal does not hold it; `Unreachable`.
    func lookup(_ key: String, path: String, item: URLQueryItem) async throws -> (LookupJournal.Answer, Int) {
        if let kept = journal.answer(for: key) { return (kept, 0) }
        if offline { throw NotAsked() }
        guard var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false) else {
            throw Unreachable(reason: "the address \(base) is not usable")
        }
        components.queryItems = [item]
        guard let url = components.url else { throw Unreachable(reason: "the address \(base) is not usable") }
        let response = try await get(url)
        let answer: LookupJournal.Answer
        switch response.status {
        case 200:
            guard let show = try? JSONText.decode(TVmazeLookupDTO.Show.self, from: response.body) else {
                throw Unreachable(reason: "TVmaze's answer to \(path) is not a show")
            }
            let imdb = show.externals?.imdb.flatMap { $0.hasPrefix("tt") ? $0 : nil }
            answer = .show(ProviderIDs(tvmaze: show.id, tvdb: show.externals?.thetvdb, imdb: imdb), name: show.name ?? "")
        case 404:
            answer = .none
        default:
            throw Unreachable(reason: "TVmaze answered \(path) with status \(response.status)")
        }
        journal.keep(answer, for: key)
        return (answer, 1)
    }

    /// A GET through the client, its failures as `Unreachable` (cancellation stays cancellation).
    func get(_ url: URL) async throws -> HTTPResponse {
        do {
            return try await client.get(url, headers: ["Accept": "application/json"])
        } catch let error as CancellationError {
            throw error
        } catch let error as HTTPError {
            throw Unreachable(reason: FailureLine.words(error))
        } catch {
            throw Unreachable(reason: "the request failed")
        }
    }

    /// A show's episodes, from the embedded snapshot, the response cache or
    /// `/shows/{id}/episodes` (then cached).
    /// - Returns: the list and how many requests it took (0 or 1).
    /// - Throws: `NotAsked` offline when no list is kept; `Unreachable`.
    func episodes(of show: Int) async throws -> ([TVmazeLookupDTO.Episode], Int) {
        if let list = await recorded(show).map(EpisodeLists.lookupEpisodes), !list.isEmpty { return (list, 0) }
        let url = base.appendingPathComponent("shows/\(show)/episodes")
        if let kept = cache?.entry(for: url), let list = try? JSONText.decode(LossyArray<TVmazeLookupDTO.Episode>.self, from: kept.body) {
            return (list.elements, 0)
        }
        if offline { throw NotAsked() }
        let response = try await get(url)
        if response.status == 404 { return ([], 1) }
        guard response.status == 200, let list = try? JSONText.decode(LossyArray<TVmazeLookupDTO.Episode>.self, from: response.body) else {
            throw Unreachable(reason: "TVmaze answered the episodes of show \(show) with status \(response.status)")
        }
        _ = cache?.store(response.body, for: url)
        return (list.elements, 1)
    }
}
